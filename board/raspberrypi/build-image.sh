#!/usr/bin/env bash
# The Lectern appliance for a Raspberry Pi (arm64: Pi 3, 4, 400, CM4) as a disk image for an SD card, built from
# Debian trixie packages with mmdebstrap, without loop devices or mounts:
#   1. the root tree: mmdebstrap --variant=minbase --architecture=arm64 (systemd, udev, the C libraries lectern
#      links, fonts, CA certificates, networkd/resolved/timesyncd, Debian's raspi-firmware, kernel and
#      initramfs-tools), run once and kept in the cache (LECTERN_PI_CACHE, default /var/cache/lectern-pi): the
#      packages' scripts under qemu-user take most of the time, so a second build copies the tree instead;
#   2. lectern, its unit, user (sysusers), tmpfiles, preset; no getty anywhere (the panel shows nothing but the
#      kiosk; root has no password, so a login prompt on the serial port would open nothing); fstab with a
#      read-only root, the data partition at /var/lib/lectern and tmpfs for the rest that must be writable;
#   3. the boot partition (firmware, kernel, initramfs, device trees, config.txt, cmdline.txt, and a commented
#      lectern.conf for the owner) as a FAT32 file system written with mtools; root and data as ext4 file
#      systems made with `mkfs.ext4 -d`;
#   4. an MBR disk (sfdisk on the image file) with the three file systems written at their offsets with dd.
# Building an arm64 tree on another architecture runs the packages' scripts through qemu-user: binfmt_misc must
# know qemu-aarch64 (Debian: qemu-user-static binfmt-support; it is mounted and enabled here if it is not).
# Run it as root.
#
# Usage: build-image.sh [--dry-run] [--env FILE] [--mirror URL] [--source LINE] [--kernel PACKAGE]
#                       PATH/TO/arm64/lectern OUT.img
#   --dry-run         check the inputs and the host, print what would be done, build nothing
#   --env FILE        install FILE as /etc/lectern/lectern.env (options for `lectern run`, chosen at build time)
#   --mirror URL      Debian mirror (default http://deb.debian.org/debian)
#   --source LINE     one more package source, as a sources.list line, e.g. Raspberry Pi's archive for its kernel
#                     ("deb [signed-by=/path/to/raspberrypi.gpg] http://archive.raspberrypi.com/debian trixie main");
#                     may be given more than once
#   --kernel PACKAGE  the kernel package (default linux-image-arm64, Debian's: HDMI on the Pi 3, 4 and 400;
#                     a DSI panel or a Pi 5 needs Raspberry Pi's, e.g. linux-image-rpi-v8 from --source)
# Sizes in MiB from the environment: BOOT_MB (192), DATA_MB (512), ROOT_SPARE_MB (96 beyond the files).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
say() { echo "build-image: $*" >&2; }
die() { say "$*"; exit 1; }

dry_run=0 env_file="" mirror=http://deb.debian.org/debian kernel_package=linux-image-arm64 sources=()
cache=${LECTERN_PI_CACHE:-/var/cache/lectern-pi}
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) dry_run=1; shift ;;
    --env) env_file=${2:?--env needs a file}; shift 2 ;;
    --mirror) mirror=${2:?--mirror needs a URL}; shift 2 ;;
    --source) sources+=("${2:?--source needs a sources.list line}"); shift 2 ;;
    --kernel) kernel_package=${2:?--kernel needs a package name}; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option $1" ;;
    *) break ;;
  esac
done
[ $# -eq 2 ] || die "usage: build-image.sh [--dry-run] [--env FILE] [--mirror URL] [--source LINE] [--kernel PACKAGE] PATH/TO/arm64/lectern OUT.img"
bin=$1 out=$2
boot_mb=${BOOT_MB:-192} data_mb=${DATA_MB:-512} root_spare_mb=${ROOT_SPARE_MB:-96}
start=$SECONDS
# The MBR disk identifier; partition N is PARTUUID=<id>-0N (cmdline.txt names the root by it).
disk_id=4c656374

# --- inputs and host ------------------------------------------------------------------------------------------
[ -f "$bin" ] || die "no lectern binary at $bin"
# ELF e_machine (bytes 18-19, little endian): 183 is AArch64.
machine=$(od -An -tu2 -j18 -N2 "$bin" | tr -d ' ')
[ "$(head -c4 "$bin" | od -An -c | tr -d ' ')" = '177ELF' ] && [ "$machine" = 183 ] \
  || die "$bin is not an arm64 (AArch64) ELF binary: make pi-image builds one (docs/appliance.md)"
[ -z "$env_file" ] || [ -f "$env_file" ] || die "no environment file at $env_file"
for f in config.txt cmdline.txt lectern.conf; do [ -f "$here/$f" ] || die "missing $here/$f"; done
for f in lectern.service lectern-retry.timer lectern-admin.service lectern-admin.socket lectern.preset sysusers.d/lectern.conf tmpfiles.d/lectern.conf \
         logind.conf.d/lectern.conf lectern.env.example udev/70-lectern-backlight.rules \
         lectern-card.service lectern-dns.service iwd.service.d/lectern.conf network/25-wlan-station.network \
         network/25-wlan-ap.network sysctl.d/lectern.conf; do
  [ -f "$repo/systemd/$f" ] || die "missing $repo/systemd/$f"
done

missing=()
tools=(mkfs.ext4 mkfs.vfat mcopy sfdisk systemctl systemd-sysusers systemd-tmpfiles dd truncate du mmdebstrap readelf)
for tool in "${tools[@]}"; do
  command -v "$tool" >/dev/null 2>&1 || PATH=$PATH:/usr/sbin:/sbin command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
export PATH=$PATH:/usr/sbin:/sbin
problems=()
[ ${#missing[@]} -eq 0 ] || problems+=("missing tools: ${missing[*]} (Debian: mmdebstrap e2fsprogs dosfstools mtools fdisk systemd binutils)")
[ "$(id -u)" = 0 ] || problems+=("not root: the tree's files must belong to root and lectern")
if [ "$(uname -m)" != aarch64 ] && [ "$dry_run" = 0 ] && [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
  # A container or a fresh boot may not have binfmt_misc mounted, or the handlers enabled.
  [ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc 2>/dev/null || true
  command -v update-binfmts >/dev/null && update-binfmts --enable qemu-aarch64 2>/dev/null || true
fi
if [ "$(uname -m)" != aarch64 ] && [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
  problems+=("binfmt_misc has no qemu-aarch64: arm64 package scripts cannot run here (qemu-user-static binfmt-support)")
fi

# The C libraries lectern links (trixie's names), checked against the binary after the tree is made.
packages=(systemd-sysv udev dbus systemd-resolved systemd-timesyncd kmod
          libdrm2 libinput10 libudev1 libfreetype6 libharfbuzz0b libxml2 libcurl4t64 libsqlite3-0
          libpng16-16t64 libwebp7 libwebpmux3 libjpeg62-turbo libgif7 libqrencode4 libmicrohttpd12t64 ca-certificates fonts-dejavu-core fonts-dejavu-extra fonts-wqy-microhei
          fonts-noto-color-emoji
          e2fsprogs raspi-firmware "$kernel_package" initramfs-tools
          iwd wireless-regdb dnsmasq-base firmware-brcm80211)
mmdebstrap_cmd=(mmdebstrap --quiet --variant=minbase --mode=root --architecture=arm64 --components=main,non-free-firmware
                --aptopt='APT::Install-Recommends "false"' "--include=$(IFS=,; echo "${packages[*]}")"
                --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*'
                --dpkgopt='path-include=/usr/share/doc/*/copyright' --dpkgopt='path-exclude=/usr/share/info/*'
                --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-include=/usr/share/locale/locale.alias'
                --dpkgopt='path-exclude=/usr/share/lintian/*'
                --dpkgopt='path-exclude=/usr/lib/firmware/brcm/*' --dpkgopt='path-exclude=/usr/lib/firmware/cypress/*'
                --dpkgopt='path-include=/usr/lib/firmware/brcm/brcmfmac43430-sdio*'
                --dpkgopt='path-include=/usr/lib/firmware/brcm/brcmfmac4345[56]-sdio*'
                --dpkgopt='path-include=/usr/lib/firmware/cypress/cyfmac43430-sdio*'
                --dpkgopt='path-include=/usr/lib/firmware/cypress/cyfmac43455-sdio*'
                --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin "$1"/var/cache/apt/archives/*.deb'
                trixie ROOT "deb $mirror trixie main non-free-firmware"
                "deb $mirror trixie-updates main non-free-firmware" "${sources[@]}")
# The tree is kept under a name made of everything that shapes it: a new package list makes a new tree.
tree_key=$(printf '%s\n' "${mmdebstrap_cmd[@]}" | sha256sum | cut -c1-12)
tree=$cache/rootfs-$tree_key

if [ "$dry_run" = 1 ]; then
  say "dry run: $bin is an arm64 ELF; would write $out"
  if [ -f "$tree/.ready" ]; then say "root tree: copy of $tree"; else say "root tree: ${mmdebstrap_cmd[*]}"; fi
  say "install: /usr/bin/lectern, /usr/lib/systemd/system/{lectern.service,lectern-retry.timer,lectern-admin.service,lectern-admin.socket,"
  say "  lectern-card.service,lectern-dns.service,iwd.service.d/lectern.conf}, /usr/lib/systemd/network/25-wlan-{station,ap}.network,"
  say "  /usr/lib/sysctl.d/50-lectern.conf, /etc/iwd/main.conf -> /var/lib/iwd/main.conf,"
  say "  /usr/lib/sysusers.d/lectern.conf, /usr/lib/tmpfiles.d/lectern.conf, /usr/lib/systemd/system-preset/20-lectern.preset,"
  say "  /etc/systemd/logind.conf.d/lectern.conf, /etc/lectern/${env_file:+lectern.env and }(lectern.env.example in /usr/share/doc/lectern)"
  say "then: systemd-sysusers, systemd-tmpfiles --create, systemctl enable lectern.service lectern-admin.socket systemd-networkd.service iwd.service lectern-dns.service,"
  say "  mask getty@tty1, serial-getty@ and the timers that write to the root; fstab; volatile journal"
  say "disk: MBR $disk_id, p1 FAT32 ${boot_mb} MiB (boot, with lectern.conf), p2 ext4 read-only root, p3 ext4 ${data_mb} MiB at /var/lib/lectern"
  for problem in "${problems[@]}"; do say "would stop: $problem"; done
  exit 0
fi
[ ${#problems[@]} -eq 0 ] || die "${problems[0]}"

work=$(mktemp -d "${TMPDIR:-/var/tmp}/lectern-image.XXXXXX")
trap 'rm -rf "$work"' EXIT
root=$work/root

# --- 1. the root tree ----------------------------------------------------------------------------------------
mkdir -p "$cache"
if [ ! -f "$tree/.ready" ]; then
  say "mmdebstrap: Debian trixie arm64 (once: about 20 minutes, the packages' scripts under qemu-user)"
  rm -rf "$tree"
  # mmdebstrap is quiet for most of this: a line a minute says it is still at work.
  (trap 'kill $nap 2>/dev/null; exit' TERM; minutes=0
   while :; do sleep 60 & nap=$!; wait $nap; minutes=$((minutes + 1)); say "still making the root tree ($minutes min)"; done) &
  ticker=$!
  "${mmdebstrap_cmd[@]/#ROOT/$tree}" 2>&1 | { grep -v '^Get:' || true; } | sed 's/^/  /'
  kill $ticker 2>/dev/null
  [ -x "$tree/usr/bin/systemctl" ] || die "mmdebstrap failed"
  touch "$tree/.ready"
else
  say "root tree from the cache: $tree"
fi
say "copying the root tree"
cp -a "$tree" "$root"
rm -f "$root/.ready"
# Every library the binary needs must be in the tree, or the panel would stay dark at boot: say so now.
needed=$(readelf -d "$bin" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')
for so in $needed; do
  [ -e "$root/usr/lib/aarch64-linux-gnu/$so" ] || [ -e "$root/lib/aarch64-linux-gnu/$so" ] || case $so in
    ld-linux*|libc.so*|libm.so*|libdl.so*|libpthread.so*|librt.so*|libutil.so*) ;;
    libSDL2*) ;;  # opened with dlopen for the desktop window only
    *) die "the tree has no $so, which $bin needs: add its package to packages= in $0" ;;
  esac
done

# --- 2. lectern and the appliance's configuration ------------------------------------------------------------
say "installing lectern and its units"
install -D -m 0755 "$bin" "$root/usr/bin/lectern"
install -D -m 0644 "$repo/systemd/lectern.service" "$root/usr/lib/systemd/system/lectern.service"
install -D -m 0644 "$repo/systemd/lectern-retry.timer" "$root/usr/lib/systemd/system/lectern-retry.timer"
install -D -m 0644 "$repo/systemd/lectern-admin.service" "$root/usr/lib/systemd/system/lectern-admin.service"
install -D -m 0644 "$repo/systemd/lectern-admin.socket" "$root/usr/lib/systemd/system/lectern-admin.socket"
install -D -m 0644 "$repo/systemd/lectern-card.service" "$root/usr/lib/systemd/system/lectern-card.service"
install -D -m 0644 "$repo/systemd/lectern-dns.service" "$root/usr/lib/systemd/system/lectern-dns.service"
install -D -m 0644 "$repo/systemd/iwd.service.d/lectern.conf" "$root/usr/lib/systemd/system/iwd.service.d/lectern.conf"
for network in "$repo"/systemd/network/*.network; do
  install -D -m 0644 "$network" "$root/usr/lib/systemd/network/$(basename "$network")"
done
install -D -m 0644 "$repo/systemd/sysctl.d/lectern.conf" "$root/usr/lib/sysctl.d/50-lectern.conf"
# iwd reads its main.conf (the card's country, written by card import) from its state directory on the data
# partition, which it sees as /var/lib/iwd (iwd.service.d/lectern.conf): the root is read-only.
install -d "$root/etc/iwd"
install -d -m 0700 "$root/var/lib/iwd"
ln -sfn /var/lib/iwd/main.conf "$root/etc/iwd/main.conf"
install -D -m 0644 "$repo/systemd/sysusers.d/lectern.conf" "$root/usr/lib/sysusers.d/lectern.conf"
install -D -m 0644 "$repo/systemd/tmpfiles.d/lectern.conf" "$root/usr/lib/tmpfiles.d/lectern.conf"
install -D -m 0644 "$repo/systemd/lectern.preset" "$root/usr/lib/systemd/system-preset/20-lectern.preset"
install -D -m 0644 "$repo/systemd/logind.conf.d/lectern.conf" "$root/etc/systemd/logind.conf.d/lectern.conf"
install -D -m 0644 "$repo/systemd/udev/70-lectern-backlight.rules" "$root/usr/lib/udev/rules.d/70-lectern-backlight.rules"
install -D -m 0644 "$repo/systemd/lectern.env.example" "$root/usr/share/doc/lectern/lectern.env.example"
install -D -m 0644 "$here/lectern.conf" "$root/usr/share/doc/lectern/lectern.conf.example"
[ -f "$repo/README.md" ] && install -D -m 0644 "$repo/README.md" "$root/usr/share/doc/lectern/README.md"
# The README's links lead into docs/, which goes beside it.
for doc in "$repo"/docs/*.md; do install -D -m 0644 "$doc" "$root/usr/share/doc/lectern/docs/$(basename "$doc")"; done

# Every package's sysusers.d too (dnsmasq's user for lectern-dns.service, where the package declares it there): the
# root is read-only at run time, so users are made now.
systemd-sysusers --root="$root"
systemd-tmpfiles --root="$root" --create --prefix=/etc - < "$repo/systemd/tmpfiles.d/lectern.conf"
[ -z "$env_file" ] || install -m 0644 "$env_file" "$root/etc/lectern/lectern.env"

# iwd: Debian installs it disabled (D-Bus activation only); enabled, it joins the card's network at boot with the
# card's country set before its first scan. lectern-dns.service: the hotspot's DNS (docs/wifi.md).
systemctl --quiet --root="$root" enable lectern.service lectern-admin.socket systemd-networkd.service iwd.service lectern-dns.service
# No login prompt on the panel's VT (Debian enables getty@tty1 when systemd is installed), and nothing that
# would write to the read-only root on a timer.
systemctl --quiet --root="$root" mask getty@tty1.service serial-getty@.service apt-daily.timer apt-daily-upgrade.timer dpkg-db-backup.timer \
  e2scrub_all.timer e2scrub_reap.service

# Wired network by DHCP; the Wi-Fi link by 25-wlan-*.network (above); resolved and timesyncd are enabled by their
# packages.
cat > "$root/etc/systemd/network/20-wired.network" <<'EOF'
[Match]
Name=e*

[Network]
DHCP=yes
EOF
echo lectern > "$root/etc/hostname"
# An empty machine-id: systemd makes a transient one at each boot (the root is read-only).
: > "$root/etc/machine-id"

# The journal lives in memory: nothing is written to the SD card but the store.
install -d "$root/etc/systemd/journald.conf.d"
cat > "$root/etc/systemd/journald.conf.d/lectern.conf" <<'EOF'
[Journal]
Storage=volatile
RuntimeMaxUse=16M
EOF

# Root read-only; the store on its own partition (nofail: a data partition that cannot be mounted must not drop
# the board into emergency mode with a locked root; lectern then runs without a store and says so on screen);
# what else must be writable lives in memory.
cat > "$root/etc/fstab" <<EOF
# <file system>           <mount point>       <type> <options>                                   <dump> <pass>
PARTUUID=$disk_id-02      /                   ext4   ro,noatime                                  0      1
PARTUUID=$disk_id-01      /boot/firmware      vfat   ro,noatime,umask=0022,noauto,x-systemd.automount 0 0
PARTUUID=$disk_id-03      /var/lib/lectern    ext4   rw,noatime,nodev,nosuid,noexec,commit=5,nofail 0  2
tmpfs                     /tmp                tmpfs  rw,nodev,nosuid,mode=1777,size=64M          0      0
tmpfs                     /var/tmp            tmpfs  rw,nodev,nosuid,mode=1777,size=16M          0      0
tmpfs                     /var/log            tmpfs  rw,nodev,nosuid,noexec,mode=0755,size=16M   0      0
tmpfs                     /var/lib/systemd    tmpfs  rw,nodev,nosuid,noexec,mode=0755,size=4M    0      0
EOF
install -d "$root/boot/firmware"
# The mount point itself belongs to the service, so the unit starts even when the data partition does not mount.
install -d -m 0700 -o "$(awk -F: '$1 == "lectern" {print $3}' "$root/etc/passwd")" \
  -g "$(awk -F: '$1 == "lectern" {print $3}' "$root/etc/group")" "$root/var/lib/lectern"

# --- 3. the boot partition's files ----------------------------------------------------------------------------
say "assembling the boot partition"
boot=$work/boot
mkdir -p "$boot"
cp -r "$root"/usr/lib/raspi-firmware/* "$boot/"
# The owner's settings: every key, commented out with its default (docs/appliance.md).
cp "$here/lectern.conf" "$boot/lectern.conf"
kernel=$(ls "$root"/boot/vmlinuz-* 2>/dev/null | sort -V | tail -1)
[ -n "$kernel" ] || die "no kernel in the tree (/boot/vmlinuz-*)"
version=${kernel##*/vmlinuz-}
initrd=$root/boot/initrd.img-$version
[ -f "$initrd" ] || die "no initramfs for $version in the tree"
cp "$kernel" "$boot/vmlinuz"
cp "$initrd" "$boot/initrd.img"
cp "$root/usr/lib/linux-image-$version/broadcom"/bcm2*-rpi-*.dtb "$boot/" 2>/dev/null \
  || cp "$root/boot/dtbs/$version/broadcom"/bcm2*-rpi-*.dtb "$boot/" 2>/dev/null || say "no Raspberry Pi device trees in $version"
{
  cat "$here/config.txt"
  echo
  echo "# Debian's kernel $version and its initramfs (the dtb is chosen by the firmware from the board)."
  echo "kernel=vmlinuz"
  echo "initramfs initrd.img followkernel"
} > "$boot/config.txt"
sed "s/PARTUUID=[0-9a-f]*-02/PARTUUID=$disk_id-02/" "$here/cmdline.txt" > "$boot/cmdline.txt"
# The tree keeps no copy: the firmware boots from the FAT partition.
rm -f "$root"/boot/vmlinuz-* "$root"/boot/initrd.img-* "$root"/boot/System.map-* "$root"/boot/config-*
rm -rf "$root"/boot/firmware/* "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb

# --- 4. file systems and the disk -----------------------------------------------------------------------------
say "making the file systems"
root_mb=$(( $(du -sm --apparent-size "$root" | cut -f1) * 115 / 100 + root_spare_mb ))
rm -f "$work/boot.img"
mkfs.vfat -C -F 32 -n LECTERNBOOT "$work/boot.img" $((boot_mb * 1024)) >/dev/null
MTOOLS_SKIP_CHECK=1 mcopy -s -i "$work/boot.img" "$boot"/* ::/
mkfs.ext4 -q -L lectern-root -d "$root" "$work/root.img" "${root_mb}M"
mkdir -p "$work/data"
# iwd's state directory (root's alone), there from the first boot; tmpfiles and card import make it as well.
install -d -m 0700 "$work/data/iwd"
mkfs.ext4 -q -L lectern-data -m 0 -d "$work/data" "$work/data.img" "${data_mb}M"

# Partitions start on MiB boundaries, the first at 4 MiB.
p1=4 p2=$((4 + boot_mb)) p3=$((4 + boot_mb + root_mb))
total=$((p3 + data_mb + 1))
rm -f "$out"
truncate -s "${total}M" "$out"
sfdisk --quiet "$out" <<EOF
label: dos
label-id: 0x$disk_id
unit: sectors

start=$((p1 * 2048)), size=$((boot_mb * 2048)), type=c, bootable
start=$((p2 * 2048)), size=$((root_mb * 2048)), type=83
start=$((p3 * 2048)), size=$((data_mb * 2048)), type=83
EOF
dd if="$work/boot.img" of="$out" bs=1M seek=$p1 conv=notrunc,sparse status=none
dd if="$work/root.img" of="$out" bs=1M seek=$p2 conv=notrunc,sparse status=none
dd if="$work/data.img" of="$out" bs=1M seek=$p3 conv=notrunc,sparse status=none
say "wrote $out (${total} MiB: boot ${boot_mb}, root ${root_mb}, data ${data_mb}; kernel $version) in $((SECONDS - start)) s"
