#!/usr/bin/env bash
# Boots the appliance image build-image.sh wrote to OUTDIR in QEMU (no KVM needed: TCG), with a 1280x800
# virtio-gpu display, the root disk read-only and the data disk writable.
#
# Usage: run.sh OUTDIR [--headless] [-- QEMU-ARGS...]
#   For a person: a window (GTK) when $DISPLAY is set, else VNC on :0 (localhost:5900); the serial console
#   (the journal) on this terminal; Ctrl-A X quits.
#   --headless (for tests): no display, the serial console goes to OUTDIR/serial.log; the monitor (QMP) listens
#   on OUTDIR/qmp.sock and, in a --test image, the guest agent on OUTDIR/qga.sock. QEMU replaces this script's
#   process, so its pid is the pid a caller started.
# LECTERN_QEMU_MEM (MiB, default 1024) and LECTERN_QEMU_SMP (default 2) size the machine. The machine is on
# QEMU's user network (its own address 10.0.2.15; this host is 10.0.2.2 from inside), and the panel's page for a
# phone (port 80 inside) is forwarded to 127.0.0.1:LECTERN_QEMU_ADMIN_PORT here (default 8080). A --test image
# also forwards 127.0.0.1:LECTERN_QEMU_RELAY_PORT (default 8081) to the same port inside, where the Wi-Fi test
# relays a browser on this host into the simulated phone's network namespace (scripts/test-wifi.sh).
# LECTERN_QEMU_APPEND adds words to the kernel command line (the Wi-Fi test loads its simulated radios so).
set -euo pipefail
out=$(realpath "${1:?usage: run.sh OUTDIR [--headless] [-- QEMU-ARGS...]}")
shift
headless=0
[ "${1:-}" = --headless ] && { headless=1; shift; }
[ "${1:-}" = -- ] && shift
for f in vmlinuz initrd.img rootfs.img data.img; do
  [ -e "$out/$f" ] || { echo "run.sh: $out/$f is missing: build the image first (build-image.sh)" >&2; exit 1; }
done
args=(-machine q35 -accel tcg -m "${LECTERN_QEMU_MEM:-1024}" -smp "${LECTERN_QEMU_SMP:-2}" -no-reboot
  -vga none -device virtio-gpu-pci,xres=1280,yres=800
  -kernel "$out/vmlinuz" -initrd "$out/initrd.img"
  -append "console=ttyS0 root=/dev/vda ro quiet loglevel=3 panic=-1 vt.global_cursor_default=0 consoleblank=0 logo.nologo${LECTERN_QEMU_APPEND:+ $LECTERN_QEMU_APPEND}"
  -drive "file=$out/rootfs.img,if=virtio,format=raw,readonly=on"
  -drive "file=$out/data.img,if=virtio,format=raw"
  -qmp "unix:$out/qmp.sock,server=on,wait=off")
nic="user,model=virtio-net-pci,hostfwd=tcp:127.0.0.1:${LECTERN_QEMU_ADMIN_PORT:-8080}-:80"
if [ "$(cat "$out/test-image" 2>/dev/null)" = 1 ]; then
  relay=${LECTERN_QEMU_RELAY_PORT:-8081}
  nic+=",hostfwd=tcp:127.0.0.1:$relay-:$relay"
  args+=(-device virtio-serial-pci -chardev "socket,path=$out/qga.sock,server=on,wait=off,id=qga0"
    -device virtserialport,chardev=qga0,name=org.qemu.guest_agent.0)
fi
args+=(-nic "$nic")
if [ $headless -eq 1 ]; then
  args+=(-display none -serial "file:$out/serial.log")
else
  if [ -n "${DISPLAY:-}" ]; then
    args+=(-display gtk)
  else
    args+=(-display vnc=127.0.0.1:0)
    echo "run.sh: no \$DISPLAY: the panel is on VNC at localhost:5900 (e.g. ssh -L 5900:localhost:5900 this machine, then a VNC viewer)"
  fi
  args+=(-serial mon:stdio)
  echo "run.sh: booting (about 30 s without KVM); the journal follows; Ctrl-A X quits"
fi
exec qemu-system-x86_64 "${args[@]}" "$@"
