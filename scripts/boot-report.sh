#!/usr/bin/env bash
# Builds the amd64 appliance image and boots it RUNS times in QEMU, printing the root file system's size and,
# for each boot, the time from QEMU's start to lectern's first frame (READY=1: "Started lectern.service" on the
# serial console), then their median. For comparing image changes: run it before and after, on a quiet machine.
# Usage: boot-report.sh PATH/TO/release/lectern [RUNS]   (needs root, as the image build does)
set -euo pipefail
bin=$(realpath "${1:?usage: boot-report.sh PATH/TO/release/lectern [RUNS]}")
runs=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
out=${LECTERN_APPLIANCE_CACHE:-$repo/.build-appliance}/boot-report
built=$("$repo/board/qemu-x86_64/build-image.sh" "$bin" "$out")
# The build says how big the root's tree is ("root file system in N s, SIZE; ...") before it becomes an image.
root=$(sed -n 's/.*root file system in [0-9]* s, \([^;]*\);.*/\1/p' <<<"$built")
echo "boot-report: root file system $root; $(grep -o 'rootfs.img [0-9]* MiB' <<<"$built")"
times=()
for run in $(seq "$runs"); do
  rm -f "$out/serial.log"
  start=$(date +%s.%N)
  "$repo/board/qemu-x86_64/run.sh" "$out" --headless &
  qemu=$!
  deadline=$((SECONDS + 240))
  until grep -q "Started lectern.service" "$out/serial.log" 2>/dev/null; do
    [ $SECONDS -lt $deadline ] && kill -0 "$qemu" 2>/dev/null || { echo "boot-report: boot $run never reached lectern" >&2; break; }
    sleep 0.1
  done
  took=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
  kill "$qemu" 2>/dev/null; wait "$qemu" 2>/dev/null || true
  times+=("$took")
  echo "boot-report: boot $run: QEMU start to first frame $took s"
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
echo "boot-report: median of $runs boots: $median s; root $root"
