# Shell helpers for the end-to-end tests. Source it after setting test_name; it sets nothing else on its own.
#   say TEXT...            one line, prefixed with the test's name
#   now / since T          a timestamp; seconds since T, one decimal
#   check NAME COMMAND...  runs COMMAND, counts and prints ok or FAIL for NAME
#   summary                the closing "N passed, N failed" line; exits 1 if anything failed
passed=0 failed=0
say() { echo "${test_name:-test}: $*"; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN {printf "%.1f", b - a}'; }
check() {
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); say "ok: $name"; else failed=$((failed + 1)); say "FAIL: $name"; fi
}
summary() {
  echo "${test_name:-test}: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
