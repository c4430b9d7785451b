#!/usr/bin/env bash
# End to end on emulated hardware: boots Debian's kernel in QEMU with a virtio-gpu display, runs the release
# lectern from a small initramfs on /dev/dri/card0 (KMS, dumb buffers, page flips), takes screendumps over QMP
# and checks them pixel for pixel against the headless rendering of the same screens, upright and turned 90°.
# It runs the interaction demos (`run --demo`, on the panel and headless alike), whose screens it knows; the
# reader, what `run` shows by default, is the appliance test's (appliance-e2e.sh).
# A virtual touchscreen (uinput) plays fingers through the kernel and libinput: a pull for the menu, then a tap
# to close it, a tap on the pager's tab and a pull past the article's footer. The screen must show the menu,
# then the next article, exactly as the same touches played headless on a virtual clock draw them; the app
# reports every touch in logical points and how soon the frame showing the last one reached the glass. While
# idle the app must burn no CPU, and SIGTERM must end it cleanly. Asked for an output with no monitor, it must
# wait for one (asleep) rather than give up.
# Usage: qemu-e2e.sh PATH/TO/release/lectern
set -euo pipefail
bin=$(realpath "${1:?usage: qemu-e2e.sh PATH/TO/release/lectern}")
here=$(cd "$(dirname "$0")" && pwd)
cache=${LECTERN_QEMU_CACHE:-$(dirname "$here")/.build-qemu}
width=1280 height=800
work=$(mktemp -d)
qemu_pid=""
# LECTERN_E2E_KEEP=DIR keeps the screendumps and the serial log there for a look.
cleanup() {
  [ -n "$qemu_pid" ] && kill "$qemu_pid" 2>/dev/null
  [ -n "${LECTERN_E2E_KEEP:-}" ] && mkdir -p "$LECTERN_E2E_KEEP" && cp "$work"/*.png "$work"/serial.log "$LECTERN_E2E_KEEP"/ 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
test_name=qemu-e2e
. "$here/test-lib.sh"
check_ok_format=""  # quiet when it passes

# --- a Debian kernel and its modules, downloaded once into the cache -----------------------------------------
. "$here/qemu-lib.sh"
qemu_kernel "$cache"
kroot=$qemu_kroot
version=$qemu_kversion

# --- the initramfs: busybox, lectern with the C libraries it links, DejaVu, the display modules --------------
root=$work/initramfs
mkdir -p "$root"/{bin,dev,proc,sys,tmp,run}
cp /bin/busybox "$root/bin/busybox"
for applet in sh mount insmod sleep echo cat poweroff mkdir mkfifo awk kill; do ln -s busybox "$root/bin/$applet"; done
mkdir -p "$root/usr/bin" && cp "$bin" "$root/usr/bin/lectern"
for lib in $(ldd "$bin" | awk '$3 ~ /^\// {print $3} $1 ~ /^\// {print $1}'); do
  mkdir -p "$root$(dirname "$lib")" && cp -L "$lib" "$root$lib"
done
mkdir -p "$root/usr/share/fonts/truetype" && cp -r /usr/share/fonts/truetype/dejavu "$root/usr/share/fonts/truetype/"
cp -r /usr/share/libinput "$root/usr/share/"  # libinput's device quirks
: > "$root/modules"
qemu_modules "$root" "$root/modules" virtio_pci virtio_gpu evdev uinput
cat > "$root/init" <<'INIT'
#!/bin/sh
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for ko in $(cat /modules); do insmod "$ko"; done
for i in 1 2 3 4 5 6 7 8 9 10; do [ -e /dev/dri/card0 ] && break; sleep 0.5; done
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# With no udevd here, libinput accepts a device only once its udev database entry says what it is.
udev_data() {
  mkdir -p /run/udev/data
  for dev in /sys/class/input/event*/dev; do
    printf 'I:1\nE:ID_INPUT=1\nE:ID_INPUT_TOUCHSCREEN=1\n' > "/run/udev/data/c$(cat "$dev")"
  done
}
# finish PID: measure the CPU lectern burns while nothing changes, then stop it the way systemd does (SIGTERM)
# and report how it left.
finish() {
  before=$(cpu_ticks $1)
  sleep 5
  echo "e2e: idle ticks $(( $(cpu_ticks $1) - before ))"
  kill -TERM $1
  wait $1
  echo "e2e: exit $?"
}
# interact PHASE SUFFIX ARGS...: lectern on the panel; the host takes a screendump of the first screen, then
# after each gesture (played by the touchscreen below, traces /menu-SUFFIX and /footer-SUFFIX) once it has
# settled.
interact() {
  phase=$1 suffix=$2; shift 2
  echo "e2e: $phase"
  /usr/bin/lectern run --demo --card /dev/dri/card0 --show-touches "$@" &
  pid=$!
  sleep 8
  echo "/menu-$suffix.trace" >&3
  sleep 7
  echo "e2e: $phase menu shown"
  sleep 3
  echo "/footer-$suffix.trace" >&3
  sleep 9
  echo "e2e: $phase footer shown"
  sleep 3
  finish $pid
}
# lectern's uevent socket under a real kernel: creating the touchscreen below must reach it. The device is made
# only once the socket listens.
/usr/bin/lectern uevents --subsystem input --count 1 --timeout 60 > /uevents.log &
uevents_pid=$!
for i in $(awk 'BEGIN {for (i = 0; i < 120; i++) print i}'); do
  grep -q '^uevents: listening' /uevents.log 2>/dev/null && break
  sleep 0.5
done
# One virtual touchscreen (uinput) for every gesture: without udevd, libinput would not notice a second one.
mkfifo /touch.fifo
/usr/bin/lectern touch replay --stdin --wait 0 < /touch.fifo &
exec 3> /touch.fifo
# The device must exist before its udev entry is written and before lectern's libinput looks for devices.
for i in $(awk 'BEGIN {for (i = 0; i < 60; i++) print i}'); do
  awk '/Lectern virtual touchscreen/ {found = 1} END {exit !found}' /proc/bus/input/devices && break
  sleep 0.5
done
udev_data
wait $uevents_pid
cat /uevents.log
interact upright up
# The upright run ended on the pager, and run remembers that: this one asks for the menu again.
interact turned turned --rotate 90 --scene pull-menu
# The second output has no monitor: the kiosk must wait for one, asleep, instead of giving up. It restores the
# demo the last run ended on (the pager) from its state file.
echo "e2e: waiting"
/usr/bin/lectern run --demo --card /dev/dri/card0 --connector Virtual-2 &
pid=$!
sleep 10
finish $pid
# Hotplug storms over the real platform objects: the display dropped and opened again 30 times (scripted
# uevents), libinput running, frames flipped between; descriptors and memory must stay flat.
echo "e2e: platform soak"
/usr/bin/lectern soak --platform /dev/dri/card0 --hotplugs 30
echo "e2e: platform soak exit $?"
exec 3>&-
poweroff -f
INIT
chmod +x "$root/init"
# The gestures in logical points, for each orientation: a pull left for the menu; then a tap to close it, a tap
# on the pager's tab (the second of five in the bar along the bottom) and a pull up past the first article's
# footer. gesture KIND WIDTH HEIGHT writes one.
gesture() {
  python3 - "$here" "$@" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from touch_trace import Trace
kind, w, h = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
trace = Trace(steps=30, hold=200000)   # strokes held still 200 ms before lifting: no flick
if kind == "menu":
    trace.stroke(w - 100, h // 2, w - 400, h // 2)
else:
    trace.tap(w // 2, h // 3)
    trace.wait(1500000)
    trace.tap(w * 3 // 10, h - 24)
    trace.wait(1500000)
    trace.stroke(w // 2, h - 200, w // 2, h - 600)
print(trace)
PY
}
# Logical points to the turned panel's pixels: the inverse of the app's mapping for a 90° mounting.
turn90() { awk -v h="$1" '$3 == "down" || $3 == "move" {print $1, $2, $3, h - $5, $4; next} {print}'; }
for kind in menu footer; do
  gesture $kind $width $height > "$work/$kind-up.trace"
  gesture $kind $height $width > "$work/$kind-turned.trace"
  cp "$work/$kind-up.trace" "$root/$kind-up.trace"
  turn90 $width < "$work/$kind-turned.trace" > "$root/$kind-turned.trace"
done
(cd "$root" && find . | busybox cpio -o -H newc 2>/dev/null | gzip -1) > "$work/initramfs.gz"
say "initramfs $(du -h "$work/initramfs.gz" | cut -f1)"

# --- boot ---------------------------------------------------------------------------------------------------
qemu-system-x86_64 -machine q35 -m 512 -smp 1 -accel tcg -no-reboot -display none -vga none \
  -device virtio-gpu-pci,max_outputs=2,xres=$width,yres=$height \
  -kernel "$kroot/boot/vmlinuz-$version" -initrd "$work/initramfs.gz" \
  -append "console=ttyS0 quiet panic=-1 vt.global_cursor_default=0" \
  -serial "file:$work/serial.log" -qmp "unix:$work/qmp.sock,server=on,wait=off" &
qemu_pid=$!

wait_for() { qemu_wait_serial "$work/serial.log" "$@"; }  # wait_for COUNT PATTERN SECONDS: in the serial log
screendump() { qemu_screendump "$work/qmp.sock" "$1"; }  # what the virtual monitor shows, as PNG

# What the panel must show: the same screens drawn headless, the gestures played on a virtual clock.
for orientation in up turned; do
  size=${width}x${height}
  [ $orientation = turned ] && size=${height}x${width}
  "$bin" run --headless --demo --size $size --out "$work/$orientation-first" >/dev/null
  "$bin" run --headless --demo --size $size --trace "$work/menu-$orientation.trace" --out "$work/$orientation-menu" >/dev/null
  # The footer gesture follows the menu's on the same screen: both played one after the other.
  awk 'NR == FNR {print; last = $1; next} {if ($1 ~ /^[0-9]+$/) $1 += last + 2000000; print}' \
    "$work/menu-$orientation.trace" "$work/footer-$orientation.trace" > "$work/both-$orientation.trace"
  "$bin" run --headless --demo --size $size --trace "$work/both-$orientation.trace" --out "$work/$orientation-footer" >/dev/null
done

# expect_screen MARKER COUNT PNG ROTATE NAME: once the serial log shows MARKER COUNT times, the panel must
# show PNG (turned ROTATE degrees).
expect_screen() {
  if wait_for "$2" "$1" 120; then
    sleep 1
    screendump "$work/panel-$5.png"
    check "the panel's $5 screen is the headless one" python3 "$here/png_compare.py" "$work/panel-$5.png" "$3" --rotate "$4"
  else
    failed=$((failed + 1))
  fi
}
expect_screen "^showing on" 1 "$work/up-first/pull-menu.png" 0 upright
expect_screen "e2e: upright menu shown" 1 "$work/up-menu/pull-menu.png" 0 upright-menu
expect_screen "e2e: upright footer shown" 1 "$work/up-footer/pull-menu.png" 0 upright-footer
expect_screen "^showing on" 2 "$work/turned-first/pull-menu.png" 90 turned
expect_screen "e2e: turned menu shown" 1 "$work/turned-menu/pull-menu.png" 90 turned-menu
expect_screen "e2e: turned footer shown" 1 "$work/turned-footer/pull-menu.png" 90 turned-footer
# Idle on the panel means asleep in poll: at most one 10 ms tick in 5 s. SIGTERM ends it cleanly (status 0).
if wait_for 3 "e2e: exit" 120; then
  check "idle, each of the three runs burned at most one tick in 5 s" \
    test "$(grep -cE 'e2e: idle ticks [01]([^0-9]|$)' "$work/serial.log")" -eq 3
  check "SIGTERM ended each of the three runs with status 0" test "$(grep -c 'e2e: exit 0' "$work/serial.log")" -eq 3
  check "with no monitor on its output, lectern waits for one" grep -q "^waiting for a display on /dev/dri/card0" "$work/serial.log"
  check "the demo the last run ended on is restored" grep -q "^restored scene article-pager from .*/reader.state" "$work/serial.log"
  check "the uevent socket saw the touchscreen made" \
    grep -qE "^uevent add /devices/virtual/input/input[0-9]+ .*SUBSYSTEM=input" "$work/serial.log"
  # Turned 90°, the pull for the menu starts at logical (700, 640): panel pixel (640, 700) on the glass.
  check "turned 90°, the pull goes down at logical (700, 640)" grep -q "^touch 0 down 700.0 640.0" "$work/serial.log"
  check "... and moves to (400, 640)" grep -q "^touch 0 move 400.0 640.0" "$work/serial.log"
  for kind in menu footer; do
    check "the turned $kind gesture was replayed" grep -q "replayed [0-9]* frames of /$kind-turned.trace" "$work/serial.log"
  done
  # From the last touch event of each gesture to the flip that showed its effect, as measured on the panel (the
  # last such report before each gesture's marker).
  check "the panel says how soon a frame followed the last touch" grep -q "^frame shown .* ms after the last touch" "$work/serial.log"
  awk '/^frame shown/ {last = $0} /^e2e: .* shown/ {sub(/^e2e: /, ""); print "qemu-e2e: " $0 ": " last}' "$work/serial.log"
else
  failed=$((failed + 1))
fi
if wait_for 1 "e2e: platform soak exit" 300; then
  grep "^soak --platform\|^lectern: " "$work/serial.log" | sed 's/^/qemu-e2e: /' || true
  check "the platform soak exits 0" grep -q "e2e: platform soak exit 0" "$work/serial.log"
else
  failed=$((failed + 1))
fi
wait "$qemu_pid" 2>/dev/null || true
qemu_pid=""
summary
