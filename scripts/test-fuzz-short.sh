#!/usr/bin/env bash
# The short fuzzing round of `make test`: every fuzz target for a few seconds from its committed seeds only (what
# it finds goes to a scratch folder under .build/fuzz, never into the repository). Fails on the first crash, leak,
# hang or failed check, naming the target; the input is in .build/fuzz/crashes-TARGET/. Compiles are cached in
# .build/fuzz, so a round over unchanged sources is the fuzzing alone.
# The round is the same on every run: a fixed seed and a fixed number of inputs per target (about 8 s each here),
# so make test passes or fails on the code, never on the luck of the draw; `make fuzz` is where new ground is
# searched. Usage: test-fuzz-short.sh [SECONDS per target at most, default 60]
set -euo pipefail
seconds=${1:-60}
cd "$(dirname "$0")/.."
start=$SECONDS
runs_for() {  # the inputs each target tries: about 8 s of each at this machine's pace
  case $1 in
    layout) echo 2500 ;;
    blocks) echo 30000 ;;
    feed) echo 1200 ;;
    admin) echo 800 ;;
    *) echo 20000 ;;
  esac
}
for target in jpeg png webp gif any blocks feed admin layout; do
  # libFuzzer's own log is long; keep it, and show it only when the target fails.
  log=.build/fuzz/short-$target.log
  mkdir -p .build/fuzz
  if scripts/fuzz.sh --seeds-only "$target" "$seconds" -seed=1 -runs="$(runs_for "$target")" >"$log" 2>&1; then
    echo "fuzz $target: $(grep -E '^#[0-9]+.*DONE' "$log" | tail -1 | sed -E 's/^#([0-9]+)\s+DONE\s+/\1 runs, /')"
  else
    echo "FAIL: fuzz $target crashed or did not build; its log:" >&2
    tail -60 "$log" >&2
    exit 1
  fi
done
echo "fuzzing round: $((SECONDS - start)) s"
