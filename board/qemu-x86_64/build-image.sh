#!/usr/bin/env bash
# The appliance for an amd64 virtual machine: a Debian bookworm root (mmdebstrap, minbase) with systemd, udev,
# the C libraries lectern links, DejaVu, and lectern started by its unit, as a read-only ext4 image; a writable
# ext4 data image mounted at /var/lib/lectern; Debian's kernel and a small busybox initramfs that loads the
# virtio modules, mounts the root read-only and hands over to systemd.
#
# Wi-Fi as on the Pi (docs/wifi.md): iwd, wireless-regdb and dnsmasq-base, with dbus, which iwd needs and this
# image had no other use for. A virtual machine has no radio: iwd runs and finds none unless the test image's
# simulated ones are there.
#
# Usage: build-image.sh [--test] PATH/TO/release/lectern OUTDIR
#   --test  adds qemu-guest-agent, a channel for tests to run commands in the guest (never in a real image), and
#           a Wi-Fi laboratory for scripts/test-wifi.sh: three simulated radios (mac80211_hwsim, with the kernel's
#           Wi-Fi and crypto modules on the root), iwd kept to the first, and hostapd, wpasupplicant, iw, busybox,
#           udhcpc and socat to play the home network and a phone on the other two.
# Writes OUTDIR/rootfs.img, OUTDIR/vmlinuz, OUTDIR/initrd.img, and OUTDIR/data.img if it does not exist yet
# (the data survives rebuilds; delete it for a fresh one). Needs root (mmdebstrap, device nodes) and
# mmdebstrap, e2fsprogs, busybox-static, kmod. Downloaded packages are kept in .build-appliance/apt-cache and
# the kernel in .build-qemu, so a second build downloads nothing but the archive's index.
#
# Why this boot path: the kernel package the QEMU test already fetches boots a virtual machine with
# -kernel/-initrd, so the image needs no boot loader, no kernel package and no initramfs-tools (which would add
# ~300 MB and a minute of build time). The initramfs loads every module the machine needs (virtio disks,
# display, console, input), so the root file system carries no kernel modules at all.
set -euo pipefail
test_image=0
[ "${1:-}" = --test ] && { test_image=1; shift; }
bin=$(realpath "${1:?usage: build-image.sh [--test] PATH/TO/lectern OUTDIR}")
out=${2:?usage: build-image.sh [--test] PATH/TO/lectern OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cache=${LECTERN_APPLIANCE_CACHE:-$repo/.build-appliance}
say() { echo "build-image: $*"; }
[ "$(id -u)" -eq 0 ] || { echo "build-image: needs root (mmdebstrap writes device nodes and owners)" >&2; exit 1; }
. "$repo/scripts/qemu-lib.sh"
mkdir -p "$out" "$cache/apt-cache" "$cache/apt-lists"
out=$(realpath "$out")
start=$SECONDS

# --- the packages: the base system, and the Debian package of each C library lectern links directly -------
libs=()
for soname in $(objdump -p "$bin" | awk '$1 == "NEEDED" {print $2}'); do
  # The dynamic loader comes with libc6, which every Debian system has; ldd lists it by path, not by name.
  case $soname in ld-linux*) continue ;; esac
  path=$(ldd "$bin" | awk -v so="$soname" '$1 == so {print $3}')
  # usrmerge: dpkg may know the file under /lib or under /usr/lib
  package=$( (dpkg -S "$path" || dpkg -S "$(realpath "$path")" || dpkg -S "/usr$path") 2>/dev/null | head -1 | cut -d: -f1)
  # A library no Debian package holds (a Swift runtime from a build without --static-swift-stdlib) would leave
  # an image where lectern cannot start: say so now rather than at boot.
  [ -n "$path" ] && [ -n "$package" ] || {
    echo "build-image: no Debian package holds $soname, which $bin needs (build it with --static-swift-stdlib, on bookworm)" >&2
    exit 1
  }
  libs+=("$package")
done
[ ${#libs[@]} -gt 3 ] || { echo "build-image: cannot tell which packages hold lectern's libraries" >&2; exit 1; }
# The fonts the Pi's image carries, so the test image draws CJK and emoji as the panel does (and as the host's
# reference does, whose fonts `make test` installs).
include=(systemd-sysv udev kmod e2fsprogs ca-certificates fonts-dejavu-core fonts-dejavu-extra fonts-wqy-microhei
         fonts-noto-color-emoji iwd wireless-regdb dnsmasq-base dbus "${libs[@]}")
[ $test_image -eq 1 ] && include+=(qemu-guest-agent hostapd wpasupplicant iw busybox udhcpc socat)
include=$(printf '%s\n' "${include[@]}" | sort -u | paste -sd, -)
say "packages: $include"

# --- the root file system ----------------------------------------------------------------------------------
rootfs=$cache/rootfs$([ $test_image -eq 1 ] && echo -test || true)
rm -rf "$rootfs" && mkdir -p "$rootfs"
# Whatever systemd/ holds for the image: the unit, and sysusers/tmpfiles entries once they are there.
units=$(ls "$repo"/systemd/*.service "$repo"/systemd/*.socket "$repo"/systemd/*.timer 2>/dev/null || true)
sysusers=$(ls "$repo"/systemd/sysusers.d/*.conf 2>/dev/null || true)
tmpfiles=$(ls "$repo"/systemd/tmpfiles.d/*.conf 2>/dev/null || true)
presets=$(ls "$repo"/systemd/*.preset 2>/dev/null || true)
logind=$(ls "$repo"/systemd/logind.conf.d/*.conf 2>/dev/null || true)
udev_rules=$(ls "$repo"/systemd/udev/*.rules 2>/dev/null || true)
envs=$(ls "$repo"/systemd/*.env.example 2>/dev/null || true)
networks=$(ls "$repo"/systemd/network/*.network 2>/dev/null || true)
dropins=$(cd "$repo/systemd" && ls -d *.service.d 2>/dev/null || true)
sysctls=$(ls "$repo"/systemd/sysctl.d/*.conf 2>/dev/null || true)
# The test image's Wi-Fi laboratory: the kernel's modules for simulated radios and iwd's crypto, put on the root
# with their dependencies (depmod below), so that the kernel loads what iwd's AF_ALG sockets and mac80211's
# ciphers ask for by itself, and cfg80211 finds the regulatory database on the root.
kmods=""
if [ $test_image -eq 1 ]; then
  qemu_kernel "$repo/.build-qemu"
  kmods=$(mktemp -d)
  qemu_modules "$kmods" "$kmods/.list" mac80211_hwsim af_alg algif_hash algif_skcipher cmac ecb des_generic \
    ccm ctr gcm ghash-generic sha512_generic pkcs8_key_parser md4
  for f in modules.order modules.builtin modules.builtin.modinfo; do
    cp "$qemu_kroot/lib/modules/$qemu_kversion/$f" "$kmods/lib/modules/$qemu_kversion/"
  done
  rm "$kmods/.list"
fi
export bin units sysusers tmpfiles presets logind udev_rules envs test_image networks dropins sysctls kmods repo
# The .debs (and the archive's index) are kept between builds: copied in before apt runs, copied out after.
count_debs() { find "$cache/apt-cache" -name '*.deb' | wc -l; }
debs_before=$(count_debs)
lists_before=$(find "$cache/apt-lists" -type f -printf '%s %T@ %p\n' | sort | md5sum)
# Slim: no manuals, translations, info pages or documentation beyond each package's copyright (a kiosk shows
# none of them and has no shell for a person); dpkg skips the files as it unpacks.
mmdebstrap --quiet --variant=minbase --mode=root --format=directory --skip=essential/unlink \
  --aptopt='APT::Install-Recommends "false"' --include="$include" \
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
  --dpkgopt='path-exclude=/usr/share/info/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
  --dpkgopt='path-include=/usr/share/doc/*/copyright' --dpkgopt='path-exclude=/usr/share/lintian/*' \
  --setup-hook='mkdir -p "$1"/var/cache/apt/archives "$1"/var/lib/apt/lists' \
  --setup-hook="sync-in '$cache/apt-cache' /var/cache/apt/archives/" \
  --setup-hook="sync-in '$cache/apt-lists' /var/lib/apt/lists/" \
  --customize-hook="sync-out /var/cache/apt/archives '$cache/apt-cache'" \
  --customize-hook="sync-out /var/lib/apt/lists '$cache/apt-lists'" \
  --customize-hook='rm -f "$1"/var/cache/apt/archives/*.deb' \
  --customize-hook='
    set -e
    install -m 755 "$bin" "$1/usr/bin/lectern"
    for unit in $units; do install -m 644 "$unit" "$1/usr/lib/systemd/system/"; done
    for conf in $sysusers; do install -D -m 644 "$conf" "$1/usr/lib/sysusers.d/$(basename "$conf")"; done
    for conf in $tmpfiles; do install -D -m 644 "$conf" "$1/usr/lib/tmpfiles.d/$(basename "$conf")"; done
    for conf in $presets; do install -D -m 644 "$conf" "$1/usr/lib/systemd/system-preset/20-$(basename "$conf")"; done
    for conf in $logind; do install -D -m 644 "$conf" "$1/etc/systemd/logind.conf.d/$(basename "$conf")"; done
    for rule in $udev_rules; do install -D -m 644 "$rule" "$1/usr/lib/udev/rules.d/$(basename "$rule")"; done
    for conf in $envs; do install -D -m 644 "$conf" "$1/usr/share/doc/lectern/$(basename "$conf")"; done
    for conf in $networks; do install -D -m 644 "$conf" "$1/usr/lib/systemd/network/$(basename "$conf")"; done
    for dir in $dropins; do
      for conf in "$repo/systemd/$dir"/*.conf; do install -D -m 644 "$conf" "$1/usr/lib/systemd/system/$dir/$(basename "$conf")"; done
    done
    for conf in $sysctls; do install -D -m 644 "$conf" "$1/usr/lib/sysctl.d/50-$(basename "$conf")"; done
    # iwd reads its main.conf (the card'"'"'s country) from its state directory on the data partition, which it sees
    # as /var/lib/iwd (iwd.service.d/lectern.conf); the root is read-only.
    mkdir -p "$1/etc/iwd"
    install -d -m 0700 "$1/var/lib/iwd"
    ln -sfn /var/lib/iwd/main.conf "$1/etc/iwd/main.conf"
    # iwd'"'"'s pkcs8_key_parser (EAP-TLS keys, which the panel never uses) is loaded by the image'"'"'s initramfs where
    # it is needed at all; systemd-modules-load would fail for it on a root without modules.
    [ -n "$kmods" ] || { mkdir -p "$1/etc/modules-load.d"; ln -sfn /dev/null "$1/etc/modules-load.d/pkcs8.conf"; }
    if [ -n "$kmods" ]; then
      cp -a "$kmods/lib/modules" "$1/usr/lib/"
      /usr/sbin/depmod -b "$1" "$(ls "$kmods/lib/modules")"
      # Three simulated radios, when a boot asks for them (the kernel command line of test-wifi.sh says
      # modules-load=mac80211_hwsim): phy0 for the panel (iwd), phy1 for the home network, phy2 for a phone. Not at
      # every boot: the other tests compare the panel with a headless reader that has no radio (its menu has no Wi-Fi).
      mkdir -p "$1/etc/modprobe.d"
      echo "options mac80211_hwsim radios=3" > "$1/etc/modprobe.d/lectern-test-hwsim.conf"
      # iwd takes phy0 only: the test moves the other two into namespaces of their own.
      mkdir -p "$1/etc/systemd/system/iwd.service.d"
      printf "[Service]\nExecStart=\nExecStart=/usr/libexec/iwd --phys phy0\n" > "$1/etc/systemd/system/iwd.service.d/test-phy0.conf"
    fi
    # The root is read-only at run time: users are made now, not at first boot.
    systemd-sysusers --root="$1" >/dev/null
    # What tmpfiles.d makes under /etc must be there before the root turns read-only.
    for conf in $tmpfiles; do systemd-tmpfiles --root="$1" --create --prefix=/etc "$conf" || true; done
    chroot "$1" systemctl enable lectern.service lectern-admin.socket systemd-networkd.service iwd.service \
      lectern-dns.service 2>/dev/null
    # The wired network by DHCP (QEMU'"'"'s user network), as on the Pi.
    printf "[Match]\nName=e*\n\n[Network]\nDHCP=yes\n" > "$1/etc/systemd/network/20-wired.network"
    # The panel is the only thing on the screen; nothing on a read-only root for apt to do.
    chroot "$1" systemctl mask getty@tty1.service getty-static.service apt-daily.timer apt-daily-upgrade.timer \
      dpkg-db-backup.timer 2>/dev/null
    # Two state directories systemd would otherwise make at each boot on the read-only root, now that dbus starts
    # logind and the test image has radios: logind'"'"'s (empty: nobody lingers), and none for rfkill, whose saved
    # switch states a panel does not want (the Pi keeps /var/lib/systemd in memory).
    install -d -m 0755 "$1/var/lib/systemd/linger"
    chroot "$1" systemctl mask systemd-rfkill.service systemd-rfkill.socket 2>/dev/null
    echo lectern > "$1/etc/hostname"
    # The journal lives in memory and is copied to the serial console (READY=1 shows as "Started lectern...").
    mkdir -p "$1/etc/systemd/journald.conf.d"
    printf "[Journal]\nStorage=volatile\nForwardToConsole=yes\nTTYPath=/dev/ttyS0\nMaxLevelConsole=info\n" \
      > "$1/etc/systemd/journald.conf.d/console.conf"
    cat > "$1/etc/fstab" <<FSTAB
/dev/vda         /                 ext4   ro,noatime                 0 0
/dev/vdb         /var/lib/lectern  ext4   rw,noatime,nofail,x-systemd.device-timeout=20s  0 2
tmpfs            /tmp              tmpfs  mode=1777,nosuid,nodev     0 0
tmpfs            /var/tmp          tmpfs  mode=1777,nosuid,nodev     0 0
FSTAB
    # The mount point itself belongs to the service, so the unit starts even when the data disk does not mount.
    install -d -m 0700 -o "$(grep ^lectern: "$1/etc/passwd" | cut -d: -f3)" \
      -g "$(grep ^lectern: "$1/etc/group" | cut -d: -f3)" "$1/var/lib/lectern"
    # A machine id is made at each boot (the root cannot keep one).
    : > "$1/etc/machine-id"
    rm -rf "$1"/var/lib/apt/lists/* "$1"/var/log/*.log "$1"/usr/share/doc/*/changelog*
  ' \
  bookworm "$rootfs/" \
  "deb http://deb.debian.org/debian bookworm main" \
  "deb http://deb.debian.org/debian bookworm-updates main" \
  "deb http://deb.debian.org/debian-security bookworm-security main" 2>&1 | { grep -v '^Get:' || true; } | sed 's/^/  /'
[ -x "$rootfs/usr/bin/lectern" ] || { echo "build-image: mmdebstrap failed" >&2; exit 1; }
# dbus's tmpfiles line would make this link at every boot, on the read-only root. (Made here: mmdebstrap removes
# /var/lib/dbus/machine-id after the hooks.)
mkdir -p "$rootfs/var/lib/dbus" && ln -sfn /etc/machine-id "$rootfs/var/lib/dbus/machine-id"
debs_new=$(( $(count_debs) - debs_before ))
lists=$([ "$(find "$cache/apt-lists" -type f -printf '%s %T@ %p\n' | sort | md5sum)" = "$lists_before" ] &&
  echo "the archive's index unchanged" || echo "the archive's index fetched")
say "root file system in $((SECONDS - start)) s, $(du -sh "$rootfs" | cut -f1); downloaded $debs_new packages, $lists"

# --- the images: mkfs.ext4 -d fills them without mounting anything ----------------------------------------
size_mb=$(( $(du -sm "$rootfs" | cut -f1) * 5 / 4 + 64 ))
rm -f "$out/rootfs.img"
mkfs.ext4 -q -L lectern-root -d "$rootfs" "$out/rootfs.img" "${size_mb}M" >/dev/null
rm -rf "$rootfs"
[ -z "$kmods" ] || rm -rf "$kmods"
if [ ! -e "$out/data.img" ]; then
  mkfs.ext4 -q -L lectern-data "$out/data.img" 256M >/dev/null
fi
say "rootfs.img ${size_mb} MiB, data.img $(du -h --apparent-size "$out/data.img" | cut -f1)"

# --- the kernel and the initramfs ---------------------------------------------------------------------------
qemu_kernel "$repo/.build-qemu"
cp "$qemu_kroot/boot/vmlinuz-$qemu_kversion" "$out/vmlinuz"
initramfs=$(mktemp -d)
trap 'rm -rf "$initramfs"' EXIT
mkdir -p "$initramfs"/{bin,dev,proc,sys,root}
cp /bin/busybox "$initramfs/bin/busybox"
for applet in sh mount umount insmod sleep cat switch_root; do ln -s busybox "$initramfs/bin/$applet"; done
: > "$initramfs/modules"
# af_alg ... des_generic: the kernel crypto iwd checks for first. A virtual machine has no Wi-Fi stack (no
# cfg80211), so iwd ends as soon as it starts in the production image: with these it ends cleanly, not as a failed
# unit (the test image has them, and the Wi-Fi modules, on its root).
qemu_modules "$initramfs" "$initramfs/modules" virtio_pci virtio_blk ext4 crc32c_generic virtio_gpu virtio_console \
  evdev uinput virtio_net af_alg algif_hash algif_skcipher cmac ecb des_generic
cat > "$initramfs/init" <<'INIT'
#!/bin/sh
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for ko in $(cat /modules); do insmod "$ko" 2>/dev/null; done
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do [ -b /dev/vda ] && break; sleep 0.25; done
mount -t ext4 -o ro /dev/vda /root || { echo "initramfs: cannot mount /dev/vda"; exec sh; }
umount /proc /sys
mount --move /dev /root/dev
exec switch_root /root /sbin/init
INIT
chmod +x "$initramfs/init"
(cd "$initramfs" && find . | busybox cpio -o -H newc 2>/dev/null | gzip -1) > "$out/initrd.img"
echo $test_image > "$out/test-image"
# Built with sudo: the person who asked may boot it without root (run.sh puts its sockets and logs here).
if [ -n "${SUDO_UID:-}" ]; then chown -R "$SUDO_UID:$SUDO_GID" "$out"; fi
say "kernel $qemu_kversion, initrd.img $(du -h "$out/initrd.img" | cut -f1); done in $((SECONDS - start)) s"
