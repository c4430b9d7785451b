#!/usr/bin/env bash
# Builds lectern for arm64 (the Raspberry Pi 3, 4, 400, CM4) on a Debian amd64 machine, from Debian's packages
# alone:
#   - the compiler: Debian's swiftlang for amd64, in a Debian sid root made with mmdebstrap (sid is the only
#     suite whose Swift is new enough: trixie's 6.0.3 cannot read the package manifests Lectern depends on);
#   - the arm64 Swift runtime: the same version's swiftlang:arm64 (its static standard library and the clang
#     headers), downloaded, not installed;
#   - the arm64 C libraries and headers: a Debian trixie arm64 sysroot of the -dev packages, made with
#     mmdebstrap --variant=extract. The image runs trixie too: its glibc (2.41) has every symbol sid's static
#     Swift runtime calls (__isoc23_strtol and the rest, strlcpy), so no shim is needed.
# Everything downloaded is kept in the cache (LECTERN_PI_CACHE, default /var/cache/lectern-pi, outside the
# clone), so a second run only compiles. The versions used are printed and written to OUT/toolchain.txt.
# Run it as root (mmdebstrap, chroot, bind mounts).
#
# Usage: cross-build.sh OUTDIR    writes OUTDIR/lectern (arm64, stripped) and OUTDIR/toolchain.txt
#   LECTERN_PI_MIRROR  the Debian mirror (default http://deb.debian.org/debian)
#   LECTERN_PI_REFRESH=1  make the toolchain root anew (sid has moved on and the old one is wanted no more)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cache=${LECTERN_PI_CACHE:-/var/cache/lectern-pi}
mirror=${LECTERN_PI_MIRROR:-http://deb.debian.org/debian}
out=${1:?usage: cross-build.sh OUTDIR}
say() { echo "cross-build: $*"; }
die() { echo "cross-build: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "needs root (mmdebstrap, chroot and bind mounts)"
command -v mmdebstrap >/dev/null || die "needs mmdebstrap (apt-get install mmdebstrap)"
mkdir -p "$cache" "$out"
out=$(realpath "$out")
start=$SECONDS
toolchain=$cache/toolchain sysroot=$cache/sysroot debs=$cache/debs

# --- the compiler: sid's swiftlang for amd64 ----------------------------------------------------------------
[ "${LECTERN_PI_REFRESH:-0}" = 1 ] && rm -rf "$toolchain" "$sysroot"
if [ ! -f "$toolchain/.ready" ]; then
  say "making the toolchain root: Debian sid with swiftlang (once; about 3 GB)"
  rm -rf "$toolchain"
  # sid's Release file is sometimes past its Valid-Until: the archive is still the archive.
  mmdebstrap --quiet --variant=apt --mode=root --architectures=amd64,arm64 \
    --aptopt='Acquire::Check-Valid-Until "false"' --aptopt='APT::Install-Recommends "false"' \
    --include=swiftlang,pkgconf,git,libc6-dev,g++ sid "$toolchain" "$mirror" \
    || die "mmdebstrap could not make the sid toolchain root (is $mirror reachable?)"
  cp /etc/resolv.conf "$toolchain/etc/resolv.conf" 2>/dev/null || true
  touch "$toolchain/.ready"
fi
version=$(chroot "$toolchain" dpkg-query -W -f '${Version}' swiftlang)

# --- the arm64 runtime: the same version's swiftlang:arm64 ----------------------------------------------------
mkdir -p "$debs"
if ! ls "$debs/swiftlang_${version}_arm64.deb" >/dev/null 2>&1; then
  say "downloading swiftlang:arm64 $version"
  mkdir -p "$toolchain/debs"
  mount --bind "$debs" "$toolchain/debs"
  fetched=0
  chroot "$toolchain" sh -c "apt-get update -qq && cd /debs && apt-get download -q swiftlang:arm64=$version" \
    >/dev/null 2>&1 && fetched=1
  umount "$toolchain/debs"
  [ $fetched = 1 ] || die "sid has swiftlang $version for amd64 but no swiftlang:arm64 $version (the two are built apart and can differ for a day or two): run again later, or with LECTERN_PI_REFRESH=1 to take sid's newest amd64 compiler"
fi

# --- the arm64 sysroot: trixie's -dev packages, and the Swift runtime beside them ------------------------------
dev_packages=libc6-dev,libgcc-14-dev,libstdc++-14-dev,linux-libc-dev,libdrm-dev,libinput-dev,libudev-dev,libfreetype-dev
dev_packages+=,libharfbuzz-dev,libxml2-dev,libcurl4-openssl-dev,libsqlite3-dev,libpng-dev,libwebp-dev,libjpeg62-turbo-dev
dev_packages+=,libgif-dev,libqrencode-dev,libmicrohttpd-dev,libsdl2-dev,libsystemd-dev
# The sysroot is made again when the compiler's version or the package list changes.
sysroot_key="$version $(echo "$dev_packages" | sha256sum | cut -c1-12)"
if [ ! -f "$sysroot/.ready" ] || [ "$(cat "$sysroot/.ready")" != "$sysroot_key" ]; then
  say "making the arm64 sysroot: Debian trixie's -dev packages (once)"
  rm -rf "$sysroot"
  mmdebstrap --quiet --variant=extract --mode=root --architectures=arm64 --aptopt='APT::Install-Recommends "false"' \
    --include="$dev_packages" trixie "$sysroot" "$mirror" || die "mmdebstrap could not make the arm64 sysroot"
  # /lib and the rest as on a merged-/usr system: the C library's linker scripts name /lib/... paths.
  for d in lib bin sbin; do [ -e "$sysroot/$d" ] || ln -s "usr/$d" "$sysroot/$d"; done
  # Absolute symbolic links would resolve into the build root (and its newer glibc): make them relative.
  find "$sysroot" -type l -lname '/*' | while read -r link; do
    ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" "$sysroot$(readlink "$link")")" "$link"
  done
  # The static Swift runtime for aarch64 where the compiler looks for it under -sdk, with clang's headers.
  runtime=$(mktemp -d "$cache/runtime.XXXXXX")
  dpkg -x "$debs/swiftlang_${version}_arm64.deb" "$runtime"
  cp -a "$runtime/usr/libexec/swift/lib/swift_static" "$sysroot/usr/lib/swift_static"
  cp -a "$runtime/usr/libexec/swift/lib/clang" "$sysroot/usr/lib/clang"
  rm -rf "$runtime"
  echo "$sysroot_key" > "$sysroot/.ready"
fi
trixie_glibc=$(strings "$sysroot/usr/lib/aarch64-linux-gnu/libc.so.6" | sed -n 's/^GNU C Library (Debian GLIBC \([^)]*\)).*/\1/p' | head -1)

# --- the package's dependencies, resolved where the machine's git can reach them ----------------------------
if command -v swift >/dev/null 2>&1; then
  swift package --package-path "$repo" resolve --scratch-path "$repo/.build-pi/swiftpm" >/dev/null \
    || die "the package's dependencies could not be resolved"
fi

# --- the build -------------------------------------------------------------------------------------------------
mounts=()
cleanup() { for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount "${mounts[$i]}" 2>/dev/null || true; done; }
trap cleanup EXIT
bind() { mkdir -p "$2"; mount --bind "$1" "$2"; mounts+=("$2"); }
mkdir -p "$toolchain/proc" && mount -t proc proc "$toolchain/proc" && mounts+=("$toolchain/proc")
bind /dev "$toolchain/dev"
bind "$repo" "$toolchain/src"
bind "$sysroot" "$toolchain/sysroot"
# Swift's own version, as the compiler says it (it finds its libraries through /proc).
swift_version=$(chroot "$toolchain" /usr/libexec/swift/bin/swift-frontend -version 2>/dev/null | head -1 || true)
say "compiler: $swift_version (Debian swiftlang $version, sid), for aarch64-unknown-linux-gnu"
say "sysroot: Debian trixie arm64 (glibc ${trixie_glibc:-?}); building (about 5 minutes on 2 cores)"
build_start=$SECONDS
log=$repo/.build-pi/build.log
mkdir -p "$repo/.build-pi"
# Progress while it compiles: each module once, as the compiler reaches it.
: > "$log"
(tail --pid=$$ -n +1 -F "$log" 2>/dev/null | while read -r step verb module _; do
   [ "$verb" = Compiling ] && [ "$module" != "${last:-}" ] && { echo "  compiling $module"; last=$module; }
 done) &
if ! chroot "$toolchain" env -i PATH=/usr/bin:/bin HOME=/root \
  PKG_CONFIG_SYSROOT_DIR=/sysroot \
  PKG_CONFIG_PATH=/sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:/sysroot/usr/share/pkgconfig \
  PKG_CONFIG_LIBDIR=/sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:/sysroot/usr/share/pkgconfig \
  swift build --package-path /src -c release --static-swift-stdlib --scratch-path /src/.build-pi/swiftpm \
    --disable-automatic-resolution --triple aarch64-unknown-linux-gnu --product lectern \
    -Xswiftc -sdk -Xswiftc /sysroot -Xswiftc -resource-dir -Xswiftc /sysroot/usr/lib/swift_static \
    -Xswiftc -use-ld=lld -Xcc --sysroot=/sysroot -Xlinker --sysroot=/sysroot > "$log" 2>&1; then
  grep -E -A3 'error:' "$log" | head -40 >&2
  die "the arm64 build failed (whole log: $log)"
fi
chroot "$toolchain" /usr/libexec/swift/bin/llvm-objcopy --strip-all /src/.build-pi/swiftpm/aarch64-unknown-linux-gnu/release/lectern /src/.build-pi/lectern.stripped
mv "$repo/.build-pi/lectern.stripped" "$out/lectern"
{
  echo "compiler: $swift_version"
  echo "swiftlang: $version (Debian sid, amd64 compiler and arm64 runtime)"
  echo "sysroot: Debian trixie arm64, glibc ${trixie_glibc:-?}"
  echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ) in $((SECONDS - build_start)) s"
} > "$out/toolchain.txt"
say "built in $((SECONDS - build_start)) s ($((SECONDS - start)) s in all); $(stat -c %s "$out/lectern") bytes stripped"
say "wrote $out/lectern"
