#!/usr/bin/env bash
# Exercises the lectern command line as a user would: exit codes, one-line errors, headless snapshots.
# Usage: test-cli.sh PATH/TO/lectern
set -uo pipefail
bin=$(realpath "${1:?usage: test-cli.sh PATH/TO/lectern}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
check() {  # check NAME CONDITION...
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $name"; fi
}
one_line_error() {  # one_line_error EXPECTED_STATUS ARGS...: fails unless exit status and exactly one stderr line
  local want=$1; shift
  "$bin" "$@" >"$work/stdout" 2>"$work/stderr"
  local got=$?
  [ "$got" -eq "$want" ] && [ "$(wc -l <"$work/stderr")" -eq 1 ] && grep -q '^lectern: ' "$work/stderr" \
    || { echo "  '$*' exited $got with stderr:"; sed 's/^/    /' "$work/stderr"; return 1; }
}
is_png() { [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }

check "unknown flag exits 2" one_line_error 2 --no-such-flag
check "unknown subcommand option exits 2" one_line_error 2 render --bogus
check "bad size exits 2" one_line_error 2 render --size 12x
check "zero size exits 2" one_line_error 2 render --size 0x800
check "a refresh rate is no size" one_line_error 2 render --size 1280x800@60
check "missing feed file argument exits 2" one_line_error 2 feed parse
check "help exits 0" "$bin" --help >/dev/null

# Headless run: exit 0, a PNG of each demo written, and their paths said on stdout.
(cd "$work" && "$bin" run --headless --out snaps --size 320x200 >"$work/run.out" 2>"$work/run.err")
check "headless run exits 0" test $? -eq 0
for demo in pull-menu article-pager pull-to-action circular-refresh swipe-rows; do
  check "headless run says where the $demo PNG is" grep -q "^wrote snaps/$demo.png$" "$work/run.out"
  check "headless run writes the $demo PNG" is_png "$work/snaps/$demo.png"
done
check "an unknown demo is a usage error" one_line_error 2 run --headless --scene nowhere --out "$work/x"

# Replay: one JSON object per frame, t first, 60 a second, ending a second after everything came to rest.
printf '0 0 down 700 240\n100000 0 move 500 240\n200000 0 move 450 240\n300000 0 up\n' > "$work/pull.trace"
"$bin" replay pull-menu "$work/pull.trace" --json >"$work/replay.out" 2>"$work/replay.err"
check "replay exits 0" test $? -eq 0
check "replay starts at t 0" grep -q '^{"t":0,"progress":0,' "$work/replay.out"
check "replay's frames are 1/60 s apart" grep -q '^{"t":0.016666666666666666,' "$work/replay.out"
check "replay prints every field of the scene" grep -q '"dots":\[{"expanded":' "$work/replay.out"
check "replay prints nothing on stderr" test ! -s "$work/replay.err"
check "an unknown scene is a one-line failure" one_line_error 1 replay nowhere "$work/pull.trace" --json
check "a missing trace is a one-line failure" one_line_error 1 replay pull-menu "$work/absent.trace" --json
printf '0 0 down 10 10\n5 0 sideways 1 2\n' > "$work/broken.trace"
check "a malformed trace is a one-line failure" one_line_error 1 replay swipe-rows "$work/broken.trace" --json
grep -q 'line 2' "$work/stderr"
check "the malformed trace's error names the line" test $? -eq 0
printf '0 0 down 10 10\n9223372036854775807 0 up\n' > "$work/forever.trace"
check "a timestamp out of range is a one-line failure" one_line_error 1 replay pull-menu "$work/forever.trace" --json
check "a replay past an hour is a one-line failure" one_line_error 1 replay pull-menu "$work/pull.trace" --json --refresh-at 7200

"$bin" render --size 640x400 --out "$work/render" >"$work/render.out" 2>&1
check "render exits 0" test $? -eq 0
check "render writes a PNG" is_png "$work/render/title.png"

# An article set as pages: every page a PNG.
printf 'A Title\n\nFirst paragraph of the article.\n\nSecond paragraph.\n' > "$work/article.txt"
"$bin" render --text "$work/article.txt" --size 800x480 --out "$work/article" >"$work/article.out" 2>&1
check "render --text exits 0" test $? -eq 0
check "render --text writes its first page" is_png "$work/article/article-1.png"
check "a missing article is a one-line failure" one_line_error 1 render --text "$work/absent.txt" --out "$work/x"

# A broken touch trace names its line instead of replaying anything.
printf '0 0 down 10 10\n5 0 wobble 1 2\n' > "$work/bad.trace"
check "a broken trace is a one-line failure" one_line_error 1 touch replay "$work/bad.trace"
grep -q 'line 2' "$work/stderr"
check "the broken trace's error names the line" test $? -eq 0

# An output directory that cannot be created is one clear line, not a crash.
one_line_error 1 render --out /proc/lectern-cannot-write >/dev/null
check "unwritable output is a one-line failure" test $? -eq 0

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
