#!/usr/bin/env bash
# Runs the reference raster benchmark (cairo, pixman, ThorVG) and `lectern-bench raster` back to back and prints
# each op's time beside the references with the ratios the rasterizer must meet (shapes: ≤ 0.25× cairo and
# ≤ 0.5× ThorVG; full-screen ops: ≤ 1.1× pixman). Compare ratios from one run only: the machine is noisy.
# Usage: bench-raster.sh [--strict] PATH/TO/release/lectern-bench [ROUNDS]   (each round runs every implementation
# once, alternating; the table keeps each implementation's fastest round). The last line counts the ops that miss
# their goal; the exit status is non-zero for a miss only with --strict, since one noisy run can miss by chance.
set -euo pipefail
strict=0
if [ "${1:-}" = --strict ]; then strict=1; shift; fi
usage="usage: bench-raster.sh [--strict] PATH/TO/release/lectern-bench [ROUNDS]"
bin=$(realpath "${1:?$usage}")
rounds=${2:-1}
here=$(cd "$(dirname "$0")" && pwd)
# The reference raster benchmark (cairo, pixman, ThorVG): in a bench/raster folder beside the repository.
ref=${LECTERN_BENCH_REFERENCE:-$(dirname "$here")/../bench/raster/run}
[ -x "$ref" ] || { echo "bench-raster: reference benchmark not found at $ref (set LECTERN_BENCH_REFERENCE)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for round in $(seq "$rounds"); do
  echo "round $round/$rounds: reference (cairo, pixman)" >&2
  "$ref" > "$work/ref-$round.csv"
  echo "round $round/$rounds: ThorVG" >&2
  "$ref" thorvg > "$work/thorvg-$round.csv" || echo "bench-raster: ThorVG reference unavailable" >&2
  echo "round $round/$rounds: lectern" >&2
  "$bin" raster > "$work/lectern-$round.csv"
done
python3 - "$work" "$strict" <<'PY'
import csv, glob, os, sys
best = {}
for path in glob.glob(os.path.join(sys.argv[1], "*.csv")):
    for row in csv.reader(open(path)):
        if len(row) < 4 or row[0] == "op":
            continue
        try:
            ns = float(row[3])
        except ValueError:
            continue
        impl = "thorvg" if row[2].startswith("thorvg") else row[2]
        if "thorvg" in path and impl != "thorvg":
            continue  # the ThorVG run repeats cairo; keep cairo from the main reference run
        key = (row[0], row[1], impl)
        best[key] = min(ns, best.get(key, ns))
ops = []
for (op, size, impl) in best:
    if impl == "lectern" and (op, size) not in ops:
        ops.append((op, size))
fullscreen = {"overlay_solid_0.9", "overlay_image_0.9", "copy"}
judged, missed = 0, []
print(f"{'op':<18}{'size':<13}{'lectern':>10}{'cairo':>10}{'xcairo':>8}{'thorvg':>10}{'xthorvg':>8}{'pixman':>10}{'xpixman':>8}  verdict")
for op, size in ops:
    me = best[(op, size, "lectern")]
    cairo = best.get((op, size, "cairo_rgb24"))
    thorvg = best.get((op, size, "thorvg"))
    pixman = best.get((op, size, "pixman")) or best.get((op, size, "pixman_fill"))
    def ratio(x):
        return me / x if x else None
    def cell(v, width, fmt):
        return f"{format(v, fmt):>{width}}" if v is not None else f"{'-':>{width}}"
    is_fullscreen = op in fullscreen or (op == "rect_fill" and size in ("1280x800", "1920x1080"))
    if op == "rect_fill" and not is_fullscreen:
        ok = None  # small fills have no target of their own
    elif is_fullscreen:
        ok = ratio(pixman) is not None and ratio(pixman) <= 1.1
    else:
        ok = (ratio(cairo) is None or ratio(cairo) <= 0.25) and (ratio(thorvg) is None or ratio(thorvg) <= 0.5)
    if ok is not None:
        judged += 1
        if not ok:
            missed.append(f"{op} {size}")
    print(f"{op:<18}{size:<13}{me:>10.0f}{cell(cairo, 10, '.0f')}{cell(ratio(cairo), 8, '.2f')}"
          f"{cell(thorvg, 10, '.0f')}{cell(ratio(thorvg), 8, '.2f')}{cell(pixman, 10, '.0f')}{cell(ratio(pixman), 8, '.2f')}"
          f"  {'-' if ok is None else 'ok' if ok else 'MISS'}")
print(f"summary: {len(missed)} of {judged} ops miss their goal" + (": " + ", ".join(missed) if missed else ""))
sys.exit(1 if missed and sys.argv[2] == "1" else 0)
PY
