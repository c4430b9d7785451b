#!/usr/bin/env bash
# The feed store keeps every write it acknowledged and stays consistent when the writer dies at any moment, when
# the disk fills up and when its file system turns read-only.
# Usage: test-store-durability.sh PATH/TO/lectern   (LECTERN_DURABILITY_KILLS=N for more than 100 kills)
# SIGKILL loses no OS-buffered writes, so this checks SQLite's transactions and our acknowledgements, not the
# disk's cache; a power cut is the QEMU test's business. The full-disk and read-only parts need mount (root).
set -uo pipefail
bin=$(realpath "${1:?usage: test-store-durability.sh PATH/TO/lectern}")
kills=${LECTERN_DURABILITY_KILLS:-100}
work=$(mktemp -d)
mounts=()
cleanup() {
  for m in "${mounts[@]}"; do umount "$m" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT
test_name="store durability"
. "$(cd "$(dirname "$0")" && pwd)/test-lib.sh"
check_ok_format="" check_fail_format="FAIL: %s"  # quiet when it passes
one_line_error() {  # one_line_error PATTERN ARGS...: exit 1, exactly one stderr line matching PATTERN
  local pattern=$1; shift
  "$bin" "$@" >"$work/stdout" 2>"$work/stderr"
  local got=$?
  [ "$got" -eq 1 ] && [ "$(wc -l <"$work/stderr")" -eq 1 ] && grep -q "^lectern: .*$pattern" "$work/stderr" \
    || { echo "  '$*' exited $got with stderr:"; sed 's/^/    /' "$work/stderr"; return 1; }
}

# 1. Kill the writer at random moments; after each kill, every acknowledged write must be there.
db="$work/stress.sqlite"
acknowledged=-1
lost=0
start=$SECONDS
for ((k = 1; k <= kills; k++)); do
  "$bin" feeds stress-writer --store "$db" >"$work/acks" 2>"$work/writer.err" &
  pid=$!
  sleep "$(printf '0.%03d' $((RANDOM % 250 + 5)))"
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  if [ -s "$work/writer.err" ]; then
    echo "  the writer failed: $(head -1 "$work/writer.err")"; lost=1; break
  fi
  last=$(grep -E '^ack [0-9]+$' "$work/acks" | tail -1 | cut -d' ' -f2)
  [ -n "$last" ] && acknowledged=$last
  if ! "$bin" feeds check-writes --store "$db" --acknowledged="$acknowledged" >"$work/check.out" 2>&1; then
    echo "  after kill $k: $(cat "$work/check.out")"; lost=1; break
  fi
done
check "every acknowledged write survived $kills kills" test "$lost" -eq 0
check "the writers acknowledged writes" test "$acknowledged" -ge "$kills"
echo "durability: $kills kills in $((SECONDS - start)) s, $((acknowledged + 1)) acknowledged writes checked after each"

# 2. A full disk: a clear error, nothing already stored lost, the store opens again once there is room. The
# writer runs until a 2 MiB file system is full: its last acknowledged write must be there afterwards.
if mkdir -p "$work/small" && mount -t tmpfs -o size=2m tmpfs "$work/small" 2>/dev/null; then
  mounts+=("$work/small")
  small="$work/small/feeds.sqlite"
  timeout 60 "$bin" feeds stress-writer --store "$small" >"$work/full.acks" 2>"$work/full.err"
  check "the writer stops with a failure when the disk is full" test $? -eq 1
  check "a full disk is one line" test "$(wc -l <"$work/full.err")" -eq 1
  check "a full disk says so" grep -q '^lectern: .*is full' "$work/full.err"
  full_last=$(grep -E '^ack [0-9]+$' "$work/full.acks" | tail -1 | cut -d' ' -f2)
  # A command on the full disk may still fit (the log has free pages) or fail, even to open (SQLite sizes its
  # shared-memory file): if it fails, with the same clear line.
  dd if=/dev/zero of="$work/small/filler" bs=4k 2>/dev/null
  if ! "$bin" feeds add https://x.example/rss --store "$small" >/dev/null 2>"$work/full2.err"; then
    check "a command on a full disk is one line" test "$(wc -l <"$work/full2.err")" -eq 1
    check "a command on a full disk says so" grep -q '^lectern: .*is full' "$work/full2.err"
  fi
  rm -f "$work/small/filler"
  mount -o remount,size=8m "$work/small"
  "$bin" feeds check-writes --store "$small" --acknowledged="${full_last:--1}" >"$work/full.check" 2>&1
  check "every write acknowledged before the disk filled is there" test $? -eq 0
  "$bin" feeds add https://after.example/rss --store "$small" >/dev/null 2>&1
  check "the store takes writes again once there is room" test $? -eq 0
  echo "full disk: $((${full_last:--1} + 1)) writes acknowledged before it filled: $(head -1 "$work/full.err")"
else
  echo "skipped the full-disk test: cannot mount a tmpfs here (needs root)"
fi

# 3. A read-only file system: a clear error, nothing lost.
if mkdir -p "$work/ro" && mount -t tmpfs -o size=4m tmpfs "$work/ro" 2>/dev/null; then
  mounts+=("$work/ro")
  ro="$work/ro/feeds.sqlite"
  "$bin" feeds add https://kept.example/rss --store "$ro" >/dev/null
  if mount -o remount,ro "$work/ro" 2>/dev/null; then
    check "adding to a read-only store is one line" one_line_error 'read-only' feeds add https://new.example/rss --store "$ro"
    check "a new store on a read-only file system is one line" one_line_error 'Read-only file system' \
      feeds list --store "$work/ro/new.sqlite"
    mount -o remount,rw "$work/ro"
    "$bin" feeds list --store "$ro" >"$work/ro.list" 2>&1
    check "nothing stored is lost on a read-only file system" grep -q 'https://kept.example/rss' "$work/ro.list"
  else
    echo "skipped the read-only test: cannot remount read-only"
  fi
else
  echo "skipped the read-only test: cannot mount a tmpfs here (needs root)"
fi

summary
