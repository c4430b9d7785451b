#!/usr/bin/env bash
# The appliance binary: built with the Swift runtime linked in, it must need only Debian's C libraries and
# stay small once stripped. Usage: test-footprint.sh PATH/TO/release/lectern
set -uo pipefail
bin=${1:?usage: test-footprint.sh PATH/TO/release/lectern}
limit=$((20 * 1024 * 1024))
passed=0 failed=0
stripped=$(mktemp)
trap 'rm -f "$stripped"' EXIT
# Swift's own runtime, Foundation or dispatch must be linked in, and every library must come from Debian's paths.
libs=$(ldd "$bin")
foreign=$(echo "$libs" | grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|not found' ;
          echo "$libs" | awk '$3 ~ /^\// && $3 !~ /^\/(usr\/)?lib(64)?\// {print}')
if [ -n "$foreign" ]; then
  echo "FAIL: libraries that are not Debian's C libraries:"; echo "$foreign"; failed=$((failed + 1))
else
  passed=$((passed + 1))
fi
strip -o "$stripped" "$bin"
size=$(stat -c %s "$stripped")
echo "stripped lectern: $size bytes ($((size / 1024 / 1024)) MiB), limit $limit"
if [ "$size" -le "$limit" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: over the limit"; fi
echo "footprint: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
