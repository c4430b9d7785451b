#!/usr/bin/env bash
# Scores the service units offline with `systemd-analyze security` and fails when an overall exposure is above
# the bar (2.0, "OK"): every service in systemd/: the kiosk (lectern.service), the phone's page
# (lectern-admin.service), the card's import (lectern-card.service, root) and the hotspot's DNS
# (lectern-dns.service). Each unit is
# read from a copy beside the files it names; nothing is installed and no running systemd is needed. Without
# systemd-analyze (a machine without systemd 250+) it says why and skips.
# Usage: test-unit-security.sh [PATH/TO/UNIT.service...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
systemd_dir=$(dirname "$here")/systemd
if [ $# -gt 0 ]; then units=("$@"); else units=("$systemd_dir"/*.service); fi
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
failed=0
for unit in "${units[@]}"; do
  name=$(basename "$unit")
  rm -f "$work"/*
  cp "$unit" "$work/$name"
  # The units it names (the retry timer, the socket), so the analysis finds them.
  for other in "$(dirname "$unit")"/*.timer "$(dirname "$unit")"/*.socket; do [ -f "$other" ] && cp "$other" "$work/"; done
  # The unit file is taken from the current directory; the exit status only says whether analysis ran.
  report=$(cd "$work" && systemd-analyze security --offline=true --no-pager "$name" 2>&1) || {
    echo "$report"; say "systemd-analyze could not analyse $name"; exit 1; }
  score=$(printf '%s\n' "$report" | awk -v n="$name" '$0 ~ "Overall exposure level for " n ":" {print $(NF-2)}' | tail -1)
  if [ -z "$score" ]; then
    echo "$report"; say "no overall exposure level for $name in the report"; exit 1
  fi
  printf '%s\n' "$report" | grep -E '^✗' | sed "s/^/$name: /" || true
  if awk -v s="$score" -v bar="$bar" 'BEGIN { exit !(s + 0 > bar + 0) }'; then
    say "FAIL: $name: exposure $score is above $bar"
    failed=1
  else
    say "$name: exposure $score (bar $bar)"
  fi
done
exit $failed
