#!/usr/bin/env bash
# Scores the kiosk's service unit offline with `systemd-analyze security` and fails when its overall exposure
# is above the bar (2.0, "OK"). The unit is read from a copy beside lectern-retry.timer; nothing is installed
# and no running systemd is needed. Without systemd-analyze (a machine without systemd 250+) it says why and
# skips.
# Usage: test-unit-security.sh [PATH/TO/lectern.service]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
unit=${1:-$(dirname "$here")/systemd/lectern.service}
bar=${LECTERN_UNIT_EXPOSURE_MAX:-2.0}
say() { echo "test-unit-security: $*"; }

if ! command -v systemd-analyze >/dev/null 2>&1; then
  say "skipped: systemd-analyze is not installed"
  exit 0
fi
if ! systemd-analyze security --help 2>/dev/null | grep -q -- '--offline'; then
  say "skipped: this systemd-analyze has no --offline (systemd 250 or later needed)"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$unit" "$work/lectern.service"
[ -f "$(dirname "$unit")/lectern-retry.timer" ] && cp "$(dirname "$unit")/lectern-retry.timer" "$work/"
# The unit file is taken from the current directory; the exit status only says whether analysis ran.
report=$(cd "$work" && systemd-analyze security --offline=true --no-pager lectern.service 2>&1) || {
  echo "$report"; say "systemd-analyze could not analyse the unit"; exit 1; }
score=$(printf '%s\n' "$report" | awk '/Overall exposure level for lectern.service:/ {print $(NF-2)}' | tail -1)
if [ -z "$score" ]; then
  echo "$report"; say "no overall exposure level in the report"; exit 1
fi
printf '%s\n' "$report" | grep -E '^✗' || true
if awk -v s="$score" -v bar="$bar" 'BEGIN { exit !(s + 0 > bar + 0) }'; then
  say "FAIL: exposure $score is above $bar"
  exit 1
fi
say "exposure $score (bar $bar)"
