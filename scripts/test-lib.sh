# Shell helpers for the shell tests. Source it after setting test_name; it sets nothing else on its own but
# the counts and the formats below.
#   say TEXT...            one line, prefixed with the test's name
#   now / since T          a timestamp; seconds since T, one decimal
#   check NAME COMMAND...  runs COMMAND, counts it passed or failed, and says so for NAME in the formats below
#   summary [TAIL]         the closing "NAME: N passed, N failed" line (TAIL appended), then each failed check's
#                          name again, so the last lines of a long log say what failed; exits 1 if anything failed
# What check prints, as printf formats of the check's name, set after sourcing where a test words it otherwise
# (an empty format prints nothing):
#   check_ok_format        a passed check: "NAME: ok: %s"
#   check_fail_format      a failed check: "NAME: FAIL: %s"
#   pinned_now             the wall clock a virtual machine's RTC starts from (-rtc base=) and its headless
#                          references are drawn at (run --now): see below
passed=0 failed=0 failed_names=()
check_ok_format="${test_name:-test}: ok: %s"
check_fail_format="${test_name:-test}: FAIL: %s"
say() { echo "${test_name:-test}: $*"; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN {printf "%.1f", b - a}'; }
check() {
  local name=$1; shift
  if "$@"; then
    passed=$((passed + 1))
    [ -z "$check_ok_format" ] || printf "$check_ok_format\n" "$name"
  else
    failed=$((failed + 1)) failed_names+=("$name")
    [ -z "$check_fail_format" ] || printf "$check_fail_format\n" "$name"
  fi
}
summary() {
  echo "${test_name:-test}: $passed passed, $failed failed${1:-}"
  local name
  for name in "${failed_names[@]}"; do echo "${test_name:-test}: failed: $name"; done
  [ "$failed" -eq 0 ]
}

# One wall clock for a test's guest and the headless pictures its screen is compared with: tomorrow at 12:30 UTC
# when the test began, running on from there. Entries' ages ("3 d") turn over each day at the time of day they
# were published; on the real clock a comparison that straddled one (the samples' 18:40, say) saw "6 d" on one
# side and "20 Nov" on the other. Nothing the tests show turns over between 12:30 and 16:10. A day ahead keeps
# the guest's clock after the image's build, so neither systemd nor e2fsck sees time go back.
pinned_clock=$(date -u -d 'tomorrow 12:30' +%s) pinned_since=$SECONDS
pinned_now() { date -u -d "@$((pinned_clock + SECONDS - pinned_since))" +%Y-%m-%dT%H:%M:%S; }
