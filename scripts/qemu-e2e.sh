#!/usr/bin/env bash
# End to end on emulated hardware: boots Debian's kernel in QEMU with a virtio-gpu display, runs the release
# lectern from a small initramfs on /dev/dri/card0 (KMS, dumb buffers, page flips), takes a screendump over QMP
# and checks it pixel for pixel against the headless rendering of the same screen, upright and turned 90°.
# A virtual touchscreen (uinput) then plays a finger through the kernel and libinput, and the app must report it
# in logical points; while idle the app must burn no CPU, and SIGTERM must end it cleanly. Asked for an output
# with no monitor, it must wait for one (asleep) rather than give up.
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
say() { echo "qemu-e2e: $*"; }

# --- a Debian kernel and its modules, downloaded once into the cache -----------------------------------------
mkdir -p "$cache"
if [ ! -f "$cache/kernel/ready" ]; then
  say "fetching Debian's kernel package (once)"
  rm -rf "$cache/kernel" && mkdir -p "$cache/kernel"
  kernel_package() { apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/ {print $2; exit}'; }
  package=$(kernel_package)
  if [ -z "$package" ]; then  # package lists never fetched on this machine
    apt-get update -qq && package=$(kernel_package)
  fi
  [ -n "$package" ] || { say "cannot find Debian's kernel package (linux-image-amd64)"; exit 1; }
  (cd "$cache/kernel" && apt-get download -q "$package" 2>/dev/null && dpkg -x ./*.deb root && rm ./*.deb)
  version=$(ls "$cache/kernel/root/lib/modules")
  /usr/sbin/depmod -b "$cache/kernel/root" "$version"
  echo "$version" > "$cache/kernel/ready"
fi
kroot=$cache/kernel/root
version=$(cat "$cache/kernel/ready")

# --- the initramfs: busybox, lectern with the C libraries it links, DejaVu, the display modules --------------
root=$work/initramfs
mkdir -p "$root"/{bin,dev,proc,sys,tmp,run}
cp /bin/busybox "$root/bin/busybox"
for applet in sh mount insmod sleep echo cat poweroff mkdir awk kill; do ln -s busybox "$root/bin/$applet"; done
mkdir -p "$root/usr/bin" && cp "$bin" "$root/usr/bin/lectern"
for lib in $(ldd "$bin" | awk '$3 ~ /^\// {print $3} $1 ~ /^\// {print $1}'); do
  mkdir -p "$root$(dirname "$lib")" && cp -L "$lib" "$root$lib"
done
mkdir -p "$root/usr/share/fonts/truetype" && cp -r /usr/share/fonts/truetype/dejavu "$root/usr/share/fonts/truetype/"
cp -r /usr/share/libinput "$root/usr/share/"  # libinput's device quirks
: > "$root/modules"
for module in virtio_pci virtio_gpu evdev uinput; do
  /usr/sbin/modprobe -d "$kroot" -S "$version" --show-depends "$module" | awk -v root="$kroot" '$1 == "insmod" {print substr($2, length(root) + 1)}' |
  while read -r ko; do
    grep -qx "$ko" "$root/modules" && continue
    mkdir -p "$root$(dirname "$ko")" && cp "$kroot$ko" "$root$ko" && echo "$ko" >> "$root/modules"
  done
done
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
# show PHASE ARGS...: lectern on the panel; once the host has its screendump and any touches are in, measure
# the CPU it burns while nothing changes, then stop it the way systemd does (SIGTERM) and report how it left.
show() {
  phase=$1; shift
  echo "e2e: $phase"
  /usr/bin/lectern run --card /dev/dri/card0 --show-touches "$@" &
  pid=$!
  sleep 10
  before=$(cpu_ticks $pid)
  sleep 5
  echo "e2e: idle ticks $(( $(cpu_ticks $pid) - before ))"
  kill -TERM $pid
  wait $pid
  echo "e2e: exit $?"
}
show upright
# A finger on a virtual touchscreen (uinput) while the picture is turned 90°: the app must see it in logical
# points, through the kernel and libinput.
/usr/bin/lectern touch replay /touch.trace --wait 7 &
sleep 1
udev_data
show turned --rotate 90
# The second output has no monitor: the kiosk must wait for one, asleep, instead of giving up.
show waiting --connector Virtual-2
poweroff -f
INIT
chmod +x "$root/init"
cat > "$root/touch.trace" <<'TRACE'
# t_us slot phase x y    (panel pixels of the 1280x800 panel)
0      0 down 100 200
16000  0 move 200 200
32000  0 move 300 200
48000  0 up
TRACE
(cd "$root" && find . | busybox cpio -o -H newc 2>/dev/null | gzip -1) > "$work/initramfs.gz"
say "initramfs $(du -h "$work/initramfs.gz" | cut -f1)"

# --- boot ---------------------------------------------------------------------------------------------------
qemu-system-x86_64 -machine q35 -m 512 -smp 1 -accel tcg -no-reboot -display none -vga none \
  -device virtio-gpu-pci,max_outputs=2,xres=$width,yres=$height \
  -kernel "$kroot/boot/vmlinuz-$version" -initrd "$work/initramfs.gz" \
  -append "console=ttyS0 quiet panic=-1 vt.global_cursor_default=0" \
  -serial "file:$work/serial.log" -qmp "unix:$work/qmp.sock,server=on,wait=off" &
qemu_pid=$!

wait_for() {  # wait_for COUNT PATTERN SECONDS: until the serial log has COUNT lines matching PATTERN
  local deadline=$((SECONDS + $3))
  while [ "$(grep -c "$2" "$work/serial.log" 2>/dev/null || true)" -lt "$1" ]; do
    if [ $SECONDS -ge $deadline ] || ! kill -0 "$qemu_pid" 2>/dev/null; then
      say "gave up waiting for '$2'; serial console:"; sed 's/^/  | /' "$work/serial.log" 2>/dev/null; return 1
    fi
    sleep 0.5
  done
}
screendump() {  # screendump FILE: QEMU writes what the virtual monitor shows as PNG
  python3 - "$work/qmp.sock" "$1" <<'PY'
import json, socket, sys
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); f = s.makefile("rw")
def call(cmd, **args):
    f.write(json.dumps({"execute": cmd, "arguments": args} if args else {"execute": cmd}) + "\n"); f.flush()
    while True:
        reply = json.loads(f.readline())
        if "return" in reply or "error" in reply:
            if "error" in reply: sys.exit(f"QMP {cmd}: {reply['error']}")
            return reply
json.loads(f.readline())
call("qmp_capabilities")
call("screendump", filename=sys.argv[2], format="png")
PY
}

passed=0 failed=0
check() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); say "FAIL: $*"; fi; }

"$bin" run --headless --size ${width}x${height} --out "$work/upright" >/dev/null
"$bin" run --headless --size ${height}x${width} --out "$work/turned" >/dev/null

if wait_for 1 "^showing on" 180; then
  sleep 1
  screendump "$work/panel-upright.png"
  check python3 "$here/png_compare.py" "$work/panel-upright.png" "$work/upright/screen-0.png"
else
  failed=$((failed + 1))
fi
if wait_for 2 "^showing on" 60; then
  sleep 1
  screendump "$work/panel-turned.png"
  check python3 "$here/png_compare.py" "$work/panel-turned.png" "$work/turned/screen-0.png" --rotate 90
  cp "$work/turned/screen-0.png" "$work/headless-turned.png"
else
  failed=$((failed + 1))
fi
# Idle on the panel means asleep in poll: at most one 10 ms tick in 5 s. SIGTERM ends it cleanly (status 0).
if wait_for 3 "e2e: exit" 90; then
  check test "$(grep -cE 'e2e: idle ticks [01]([^0-9]|$)' "$work/serial.log")" -eq 3
  check test "$(grep -c 'e2e: exit 0' "$work/serial.log")" -eq 3
  check grep -q "^waiting for a display on /dev/dri/card0" "$work/serial.log"
  # The panel is mounted turned 90°: panel (100, 200) is logical (200, 1280 − 100), (300, 200) is (200, 980).
  check grep -q "^touch 0 down 200.0 1180.0" "$work/serial.log"
  check grep -q "^touch 0 move 200.0 980.0" "$work/serial.log"
  check grep -q "^touch 0 up 200.0 980.0" "$work/serial.log"
else
  failed=$((failed + 1))
fi
wait "$qemu_pid" 2>/dev/null || true
qemu_pid=""
echo "qemu-e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
