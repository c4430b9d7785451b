#!/usr/bin/env bash
# The phone's page in a real browser: Debian's Chromium at a phone's size, with touch (scripts/phone_browser.py),
# against `lectern admin` on loopback, a site with its feed on loopback, and Coldsweat (the Fever server the sync
# test installs into .build/sync-venv). Afterwards the store and the settings are looked at directly. The
# screenshots stay in .build/phone-shots (docs/pictures has two of them).
# Usage, from the repository root: scripts/test-phone-browser.sh PATH/TO/lectern
set -uo pipefail
bin=$(realpath "${1:?usage: test-phone-browser.sh PATH/TO/lectern}")
here=$(cd "$(dirname "$0")" && pwd)
test_name=phone-browser
. "$here/test-lib.sh"
check_ok_format="ok - %s" check_fail_format="FAIL: %s"
for tool in chromium chromedriver; do
  command -v "$tool" >/dev/null || { echo "$test_name: $tool is missing (apt-get install chromium chromium-driver)"; exit 1; }
done
# Debian's Python, whose python3-selenium this is (another python3 may come first on PATH).
debian_python=/usr/bin/python3
"$debian_python" -c 'import selenium' 2>/dev/null || { echo "$test_name: python3-selenium is missing (apt-get install python3-selenium)"; exit 1; }
venv=.build/sync-venv
if ! "$venv/bin/python" -c 'import coldsweat' 2>/dev/null; then
  python3 -m venv "$venv" && "$venv/bin/pip" install --quiet "coldsweat==0.10.2" || { echo "cannot install coldsweat"; exit 1; }
fi
venv=$(realpath "$venv")
shots=$(realpath -m .build/phone-shots)
mkdir -p "$shots"
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 100); do python3 -c "import socket,sys; socket.create_connection(('127.0.0.1', $1), 0.2)" 2>/dev/null && return 0; sleep 0.1; done; return 1; }

# A site whose page names its feed, and an OPML file of two more feeds on the same server.
site_port=$(free_port)
site=http://127.0.0.1:$site_port
mkdir -p "$work/site"
feed() {  # feed NAME TITLE
  cat >"$work/site/$1.xml" <<XML
<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>$2</title><link>$site/</link>
<item><title>$2: the first article</title><link>$site/$1/1</link><guid>$site/$1/1</guid><description>Words from $2.</description></item>
</channel></rss>
XML
}
feed journal "The Garden Journal"
feed notes "Field Notes"
feed letters "Letters"
cat >"$work/site/index.html" <<HTML
<!doctype html><html><head><title>The Garden</title>
<link rel="alternate" type="application/rss+xml" title="The Garden Journal" href="/journal.xml"></head>
<body><h1>The Garden</h1></body></html>
HTML
cat >"$work/other-reader.opml" <<OPML
<?xml version="1.0"?><opml version="2.0"><head><title>From another reader</title></head><body>
<outline text="Field Notes" type="rss" xmlUrl="$site/notes.xml"/>
<outline text="Letters" type="rss" xmlUrl="$site/letters.xml"/>
</body></opml>
OPML
(cd "$work/site" && exec python3 -m http.server "$site_port" --bind 127.0.0.1 >/dev/null 2>&1) &
pids+=($!)
wait_port "$site_port" || { echo "the site did not start"; exit 1; }

# The Fever server.
email=ana@example.org password=correct-horse-battery
export FLASK_DATABASE_URL="sqlite:///$work/coldsweat.db" FLASK_SECRET_KEY=test-only
"$venv/bin/coldsweat" setup "$email" -p "$password" -n Ana >/dev/null
fever_port=$(free_port)
"$venv/bin/coldsweat" run -h 127.0.0.1 -p "$fever_port" >"$work/coldsweat.log" 2>&1 &
pids+=($!)
wait_port "$fever_port" || { echo "coldsweat did not start"; exit 1; }

# The panel's page, and a pairing window as a touch on the panel opens it.
admin_port=$(free_port)
mkdir -p "$work/state"
"$bin" admin --listen "127.0.0.1:$admin_port" --store "$work/state/feeds.sqlite" --state "$work/state" >"$work/admin.log" 2>&1 &
pids+=($!)
wait_port "$admin_port" || { echo "lectern admin did not start"; cat "$work/admin.log"; exit 1; }
LECTERN_ADMIN_ADDRESS="127.0.0.1:$admin_port" "$bin" pair --state "$work/state" >"$work/pair.out"
url=$(grep -o 'http://[^ ]*/pair#[A-Z2-7]*' "$work/pair.out" | head -1)
check "lectern pair prints the pairing URL" test -n "$url"

"$debian_python" "$here/phone_browser.py" "$url" "$site/" "$work/other-reader.opml" "http://127.0.0.1:$fever_port/fever/" \
  "$email" "$password" "$shots" >"$work/browser.out" 2>"$work/browser.err"
browser=$?
while IFS= read -r line; do
  case $line in
    "ok - "*) check "browser: ${line#ok - }" true ;;
    "FAIL: "*) check "browser: ${line#FAIL: }" false ;;
    *) echo "  $line" ;;
  esac
done <"$work/browser.out"
[ $browser -eq 0 ] || [ -s "$work/browser.out" ] || { tail -5 "$work/browser.err"; check "the browser ran" false; }

# What the page did, seen in the store and the state directory.
feeds=$("$bin" feeds list --store "$work/state/feeds.sqlite" 2>&1)
check "the store holds the feed found from the site's address" grep -q "$site/journal.xml" <<<"$feeds"
check "the store holds the OPML file's two feeds" test "$(grep -c -e "$site/notes.xml" -e "$site/letters.xml" <<<"$feeds")" -eq 2
check "panel.conf has the theme, marked as set from a phone" grep -Eq '^theme = dark +# phone' "$work/state/panel.conf"
check "panel.conf has the night, marked as set from a phone" grep -Eq '^night = 22:30-06:45 +# phone' "$work/state/panel.conf"
check "panel.conf has the account" grep -Eq "^sync = fever +# phone" "$work/state/panel.conf"
check "the password is kept for the service alone (0600)" test "$(stat -c %a "$work/state/sync-password" 2>/dev/null)" = 600
check "the password is in no settings file" sh -c "! grep -rq '$password' '$work/state/panel.conf'"
check "the password is in no line of the admin's log" sh -c "! grep -q '$password' '$work/admin.log'"
for shot in phone-paired phone-feeds phone-page phone-settings phone-dark; do
  check "screenshot $shot.png kept" test -s "$shots/$shot.png"
done
echo "screenshots: $shots"
summary
