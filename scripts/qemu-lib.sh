# Shell functions the QEMU tests and the QEMU appliance image share. Source it; it sets nothing on its own.
#   qemu_kernel CACHE            Debian's amd64 kernel with its modules, downloaded once into CACHE/kernel;
#                                sets qemu_kroot (the unpacked package) and qemu_kversion.
#   qemu_modules ROOT LIST MOD...  copies MOD... and everything they need from the kernel into ROOT, appending
#                                each module's path to the file LIST in the order insmod must load them.
#   qemu_screendump QMP_SOCKET FILE  what the virtual monitor shows, as PNG.
#   qemu_ctl ARGS...             scripts/qemu_ctl.py: QMP commands and, with a guest agent, commands in the guest.
#   qemu_wait_serial LOG COUNT PATTERN SECONDS [LINES]
#                                until LOG, a guest's serial console, holds COUNT lines matching PATTERN (grep);
#                                fails after SECONDS, or as soon as the QEMU whose pid is in $qemu_pid has ended,
#                                saying so through the caller's say, with the last LINES lines of LOG (all of it
#                                without LINES).
#   qemu_image_key REPO BIN      a hash of what a --test image of BIN is made from (below)
qemu_lib_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

qemu_kernel() {
  local cache=$1 package
  mkdir -p "$cache"
  if [ ! -f "$cache/kernel/ready" ]; then
    echo "fetching Debian's kernel package (once)"
    rm -rf "$cache/kernel" && mkdir -p "$cache/kernel"
    kernel_package() { apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/ {print $2; exit}'; }
    package=$(kernel_package)
    if [ -z "$package" ]; then  # package lists never fetched on this machine
      apt-get update -qq && package=$(kernel_package)
    fi
    [ -n "$package" ] || { echo "cannot find Debian's kernel package (linux-image-amd64)" >&2; return 1; }
    (cd "$cache/kernel" && apt-get download -q "$package" 2>/dev/null && dpkg -x ./*.deb root && rm ./*.deb) || return 1
    local version
    version=$(ls "$cache/kernel/root/lib/modules")
    /usr/sbin/depmod -b "$cache/kernel/root" "$version"
    echo "$version" > "$cache/kernel/ready"
  fi
  qemu_kroot=$cache/kernel/root
  qemu_kversion=$(cat "$cache/kernel/ready")
}

qemu_modules() {
  local root=$1 list=$2 module ko
  shift 2
  touch "$list"
  for module in "$@"; do
    /usr/sbin/modprobe -d "$qemu_kroot" -S "$qemu_kversion" --show-depends "$module" |
    awk -v root="$qemu_kroot" '$1 == "insmod" {print substr($2, length(root) + 1)}' |
    while read -r ko; do
      grep -qx "$ko" "$list" && continue
      mkdir -p "$root$(dirname "$ko")" && cp "$qemu_kroot$ko" "$root$ko" && echo "$ko" >> "$list"
    done
  done
}

qemu_ctl() { python3 "$qemu_lib_dir/qemu_ctl.py" "$@"; }

qemu_screendump() { qemu_ctl qmp "$1" screendump "$2"; }

qemu_wait_serial() {
  local log=$1 count=$2 pattern=$3 deadline=$((SECONDS + $4)) lines=${5:-}
  # cat: a log QEMU has not made yet counts none
  while [ "$(cat "$log" 2>/dev/null | grep -c "$pattern")" -lt "$count" ]; do
    if [ $SECONDS -ge $deadline ] || ! kill -0 "$qemu_pid" 2>/dev/null; then
      if [ -n "$lines" ]; then
        say "gave up waiting for '$pattern'; the serial console's end:"
        tail -n "$lines" "$log" 2>/dev/null | sed 's/^/  | /'
      else
        say "gave up waiting for '$pattern'; the serial console:"
        sed 's/^/  | /' "$log" 2>/dev/null
      fi
      return 1
    fi
    sleep 0.2
  done
}

# qemu_image_key REPO BIN   what a --test image of BIN is made from (the binary, the image's scripts, systemd/), as
#                           one hash: a test that finds another test's image with the same key boots that one
#                           instead of building its own (build-image.sh's result depends on nothing else but
#                           Debian's archive of the day).
qemu_image_key() {
  local repo=$1 bin=$2
  { sha256sum "$bin" | cut -d' ' -f1
    (cd "$repo" && find board/qemu-x86_64 scripts/qemu-lib.sh systemd -type f | LC_ALL=C sort | xargs sha256sum)
  } | sha256sum | cut -d' ' -f1
}
