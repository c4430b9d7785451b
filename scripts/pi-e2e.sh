#!/usr/bin/env bash
# The Raspberry Pi image end to end on arm64: builds the arm64 binary and the SD-card image as `make pi-image`
# does (board/raspberrypi), then boots that image, the whole disk, in qemu-system-aarch64 (-M virt, Cortex-A72,
# virtio-gpu at 1280x800): only the firmware stage is QEMU's (the kernel, initramfs and command line are taken
# from the card's FAT partition) rather than the Pi's. Before the boot the card is set up as a person would set
# it up on a laptop: lectern.conf (dark theme, turned 90°), feeds.opml naming a feed served from this machine
# through QEMU's user network, and an aggregator password file. Checks, one line each:
#   pixels    the arm64 binary (under qemu-user) draws every screen of the headless tour as the amd64 one does
#   boot      the reader is up (READY=1, its first frame on the panel); prints the boot-to-first-frame time
#   password  the password left the card for the data partition, the service's alone
#   card      the doctor's report was written into the card's lectern-doctor.txt, which asked for it
#   feed      the card's feed was merged and fetched: its entries are in the store
#   screen    after a restart, the panel shows the list exactly as the arm64 binary draws it headless over the
#             same entries, dark and turned 90° as the card asked
#   tap       a tap on the first row through a uinput touchscreen opens its article, as the same tap played
#             headless does
#   doctor    `lectern doctor` in the guest finds the panel's connector and mode, a touchscreen, the data partition
# Commands run in the guest through systemd's debug shell on a virtio console, opened by the kernel command
# line this test boots with (`qemu_ctl.py shell`); the image itself carries nothing for tests.
# Usage: pi-e2e.sh PATH/TO/amd64/release/lectern   (as root)
set -uo pipefail
host_bin=$(realpath "${1:?usage: pi-e2e.sh PATH/TO/amd64/release/lectern}")
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
test_name=pi-e2e
. "$here/test-lib.sh"
out=$repo/.build-pi
cache=${LECTERN_PI_CACHE:-/var/cache/lectern-pi}
work=$(mktemp -d)
qemu_pid="" feed_pid=""
cleanup() {
  [ -n "$qemu_pid" ] && { kill -KILL "$qemu_pid"; wait "$qemu_pid"; } 2>/dev/null
  [ -n "$feed_pid" ] && kill "$feed_pid" 2>/dev/null
  [ -n "${LECTERN_E2E_KEEP:-}" ] && mkdir -p "$LECTERN_E2E_KEEP" && cp "$work"/*.png "$work"/*.log "$LECTERN_E2E_KEEP"/ 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

total_start=$(now)

# --- the binary and the image, as make pi-image makes them ------------------------------------------------------
t=$(now)
"$repo/board/raspberrypi/cross-build.sh" "$out" || { say "FAIL: the arm64 binary did not build"; exit 1; }
say "arm64 binary in $(since "$t") s"
t=$(now)
"$repo/board/raspberrypi/build-image.sh" "$out/lectern" "$out/lectern-rpi.img" 2>&1 || { say "FAIL: the image did not build"; exit 1; }
say "image in $(since "$t") s"
# The arm64 binary runs here under qemu-user over the image's own root tree: its libraries and fonts.
tree=$(ls -td "$cache"/rootfs-*/ 2>/dev/null | head -1)
arm() { qemu-aarch64-static -L "$tree" "$out/lectern" "$@"; }

# --- the same pixels on both architectures ----------------------------------------------------------------------
mkdir -p "$work/tour-amd64/state" "$work/tour-arm64/state"
STATE_DIRECTORY=$work/tour-amd64/state TZ=UTC "$host_bin" run --headless --size 1280x800 --out "$work/tour-amd64" >/dev/null 2>&1
STATE_DIRECTORY=$work/tour-arm64/state TZ=UTC arm run --headless --size 1280x800 --out "$work/tour-arm64" >/dev/null 2>&1
same_pixels() {
  local f n=0 bad=0
  for f in "$work"/tour-amd64/*.png; do
    n=$((n + 1))
    python3 "$here/png_compare.py" "$f" "$work/tour-arm64/$(basename "$f")" > "$work/compare.txt" ||
      { bad=$((bad + 1)); say "  $(basename "$f"): $(cat "$work/compare.txt")"; }
  done
  say "  $n screens of the tour compared, $bad differ"
  [ "$n" -ge 10 ] && [ "$bad" -eq 0 ]
}
check "pixels: arm64 and amd64 draw the tour alike" same_pixels

# --- the card, set up as on a laptop ----------------------------------------------------------------------------
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$work/site"
python3 - "$work/site/feed.xml" "$port" <<'PY'
import sys, time
path, port = sys.argv[1], sys.argv[2]
# Dated days ago, so that the ages on the list read the same here and in the guest.
day = 86400
items = "".join(
    f"<item><title>Loopback dispatch {n}</title><link>http://10.0.2.2:{port}/{n}.html</link>"
    f"<guid>loopback-{n}</guid><pubDate>{time.strftime('%a, %d %b %Y 09:00:00 +0000', time.gmtime(time.time() - (n + 2) * day))}</pubDate>"
    f"<description>Served from the build machine through QEMU's user network, story {n}.</description></item>"
    for n in range(1, 5))
open(path, "w").write(f'<?xml version="1.0"?><rss version="2.0"><channel><title>Loopback Gazette</title>'
                      f'<link>http://10.0.2.2:{port}/</link><description>test</description>{items}</channel></rss>')
PY
(cd "$work/site" && exec python3 -m http.server --bind 127.0.0.1 "$port" >/dev/null 2>&1) &
feed_pid=$!
image=$work/card.img
cp --sparse=always "$out/lectern-rpi.img" "$image"
fat="$image@@4M"
printf 'theme = dark\nrotate = 90\n' > "$work/lectern.conf"
printf '<?xml version="1.0"?><opml version="2.0"><body><outline text="Loopback" type="rss" xmlUrl="http://10.0.2.2:%s/feed.xml"/></body></opml>\n' "$port" > "$work/feeds.opml"
printf 'not-a-real-password\n' > "$work/sync-password.txt"
: > "$work/lectern-doctor.txt"   # empty: it asks for the doctor's report at the next start
export MTOOLS_SKIP_CHECK=1
mcopy -o -i "$fat" "$work/lectern.conf" "$work/feeds.opml" "$work/sync-password.txt" "$work/lectern-doctor.txt" ::/
for f in vmlinuz initrd.img cmdline.txt; do mcopy -o -i "$fat" "::/$f" "$work/$f"; done
# The card's own command line, with the console and the debug shell of a virtual machine.
cmdline="$(sed 's/console=[^ ]*//; s/quiet//' "$work/cmdline.txt") console=ttyAMA0 systemd.debug_shell=hvc0 panic=-1"

# --- the boot ---------------------------------------------------------------------------------------------------
shell=$work/shell.sock qmp=$work/qmp.sock
boot_start=$(now)
qemu-system-aarch64 -M virt -accel tcg -cpu cortex-a72 -smp 2 -m 1536 -no-reboot -rtc "base=$(pinned_now)" \
  -kernel "$work/vmlinuz" -initrd "$work/initrd.img" -append "$cmdline" \
  -drive "file=$image,if=none,format=raw,id=card" -device virtio-blk-pci,drive=card \
  -device virtio-gpu-pci,xres=1280,yres=800 \
  -netdev "user,id=net0" -device virtio-net-pci,netdev=net0,romfile= \
  -device virtio-serial-pci -chardev "socket,id=shell,path=$shell,server=on,wait=off" -device virtconsole,chardev=shell \
  -qmp "unix:$qmp,server=on,wait=off" -display none -serial "file:$work/serial.log" &
qemu_pid=$!
qemu_ctl() { python3 "$here/qemu_ctl.py" "$@"; }
guest() { qemu_ctl shell "$shell" run --timeout "${timeout:-60}" "$1"; }
until_screen() {  # until_screen NAME REFERENCE: until the panel shows REFERENCE turned 90°, for 30 s
  local deadline=$((SECONDS + 30))
  until qemu_ctl qmp "$qmp" screendump "$work/$1.png" &&
        python3 "$here/png_compare.py" "$work/$1.png" "$2" --rotate 90 > "$work/compare.txt"; do
    [ $SECONDS -lt $deadline ] || { say "  $1: $(cat "$work/compare.txt")"; return 1; }
    sleep 0.5
  done
}
wait_until() {  # wait_until SECONDS COMMAND: until COMMAND (in the guest) succeeds
  local deadline=$((SECONDS + $1))
  until guest "$2" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] && kill -0 "$qemu_pid" 2>/dev/null || return 1
    sleep 1
  done
}
qemu_ctl shell "$shell" wait 240 || { say "FAIL: no shell in the guest; the serial console's end:"; tail -20 "$work/serial.log"; exit 1; }
booted() { wait_until 240 "systemctl is-active --quiet lectern"; }
check "boot: the reader is up on the panel" booted
first_frame=$(since "$boot_start")
kernel_to_ready=$(guest "systemctl show lectern -p ActiveEnterTimestampMonotonic --value" | tr -d '\r' | awk '{printf "%.1f", $1 / 1e6}')
say "boot to first frame: $first_frame s from QEMU's start ($kernel_to_ready s from the kernel's) under TCG"

password_moved() {
  guest "test ! -e /boot/firmware/sync-password.txt && stat -c '%U %a' /var/lib/lectern/sync-password" | grep -qx 'lectern 600'
}
check "password: moved off the card, the service's alone" password_moved
card_report() {
  guest "cat /boot/firmware/lectern-doctor.txt" > "$work/card-doctor.log"
  grep -Eq '^ok  display: /dev/dri/card[0-9] [A-Za-z]+-[0-9]+ connected' "$work/card-doctor.log" &&
    grep -Eq '^ok  data: /var/lib/lectern: ' "$work/card-doctor.log"
}
check "card: the doctor's report written into the card's lectern-doctor.txt" card_report
feed_fetched() {
  wait_until 120 "runuser -u lectern -- env STATE_DIRECTORY=/var/lib/lectern lectern feeds entries | grep -q 'Loopback dispatch 4'"
}
check "feed: the card's feeds.opml merged and fetched through the user network" feed_fetched

# --- what the panel shows, against the arm64 binary headless ----------------------------------------------------
# A restart shows the list as any start does (no "new entries" pill, the card's notice said already).
guest "systemctl restart lectern" >/dev/null
wait_until 120 "systemctl is-active --quiet lectern"
# The same entries on this machine: the same feed, fetched from here, drawn dark in the turned panel's points.
mkdir -p "$work/ref/state"
sed "s/10.0.2.2/127.0.0.1/g" "$work/feeds.opml" > "$work/ref/feeds.opml"
"$host_bin" feeds import "$work/ref/feeds.opml" --store "$work/ref/state/feeds.sqlite" >/dev/null
"$host_bin" feeds refresh --store "$work/ref/state/feeds.sqlite" >/dev/null
reference() { STATE_DIRECTORY=$work/ref/state LECTERN_THEME=dark TZ=UTC arm run --headless --size 800x1280 --now "$(pinned_now)Z" "$@" >/dev/null 2>&1; }
reference --out "$work/ref-list"
check "screen: the list as the arm64 binary draws it, dark and turned 90°" until_screen panel-list "$work/ref-list/list.png"

# A tap on the first row: 300 pt from the left of the turned panel, in the middle of row 0 (56 + 59 pt down).
printf '0 0 down 300 115\n80000 0 up\n' > "$work/tap.trace"
reference --trace "$work/tap.trace" --out "$work/ref-article"
tapped() {
  # The touchscreen is the panel's pixels: the turned point (x, y) is at (1279 - y, x). libinput is given two
  # seconds to take the new touchscreen before the tap.
  guest "modprobe uinput; printf '0 0 down 1164 300\n80000 0 up\n' > /run/tap.trace && lectern touch replay --wait 2 --size 1280x800 /run/tap.trace" >/dev/null
  until_screen panel-article "$work/ref-article/reader.png"
}
check "tap: the first row opens its article" tapped

doctor_sees_the_panel() {
  # A touchscreen for it to find: a uinput one, held for a few seconds (the virtual machine has none of its own).
  guest "modprobe uinput; (sleep 10 | lectern touch replay --stdin --size 1280x800 >/dev/null 2>&1 &); sleep 4; STATE_DIRECTORY=/var/lib/lectern lectern doctor" > "$work/doctor.log"
  sed 's/^/  | /' "$work/doctor.log"
  grep -Eq '^ok  display: /dev/dri/card[0-9] [A-Za-z]+-[0-9]+ connected, .*1280x800' "$work/doctor.log" &&
    grep -Eq '^ok  touch: /dev/input/event[0-9]+ ' "$work/doctor.log" && grep -Eq '^ok  data: /var/lib/lectern: ' "$work/doctor.log"
}
check "doctor: names the panel's connector and mode, the touchscreen and the data partition" doctor_sees_the_panel

say "arm64 part in $(since "$total_start") s"
summary
