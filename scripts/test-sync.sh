#!/usr/bin/env bash
# `lectern sync` against real servers on loopback: Coldsweat 0.10.2, a real Fever server, installed into a
# virtualenv kept in .build/sync-venv; and scripts/greader_server.py, a Google Reader API server built from the
# API's published documentation that stands in for a real one (none installs from Debian or PyPI). The feeds
# they aggregate are served from loopback too, each with a square icon so Coldsweat asks no outside service.
# Usage, from the repository root: scripts/test-sync.sh PATH/TO/lectern
set -uo pipefail
bin=$(realpath "${1:?usage: test-sync.sh PATH/TO/lectern}")
here=$(cd "$(dirname "$0")" && pwd)
venv=.build/sync-venv
if ! "$venv/bin/python" -c 'import coldsweat, sys; sys.exit(coldsweat.__version__[:3] != (0, 10, 2))' 2>/dev/null; then
  python3 -m venv "$venv" && "$venv/bin/pip" install --quiet "coldsweat==0.10.2" || { echo "cannot install coldsweat"; exit 1; }
fi
venv=$(realpath "$venv")
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
test_name=sync
. "$here/test-lib.sh"
check_ok_format="ok - %s" check_fail_format="FAIL: %s"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 100); do python3 -c "import socket,sys; socket.create_connection(('127.0.0.1', $1), 0.2)" 2>/dev/null && return 0; sleep 0.1; done; return 1; }
# wait_line FILE PATTERN: until a line matching PATTERN is in FILE (10 s at most).
wait_line() { for _ in $(seq 1000); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.01; done; return 1; }
# What a panel shows of the account: its unread and starred entries by server id. (A panel fetches what is
# unread or starred on the server; an entry read everywhere before a panel's first sync never reaches it.)
states() { "$bin" feeds entries --store "$1" | awk -F'\t' '$2 == "unread" || $3 == "starred" {print $4, $2, $3}' | sort; }
unread_ids() { "$bin" feeds entries --store "$1" | awk -F'\t' '$2 == "unread" {print $4}' | sort | tr '\n' ' ' | sed 's/ $//'; }
summary_has() { tail -n 1 "$work/out" | grep -q "$1"; }

# The feeds both servers aggregate.
feed_port=$(free_port)
python3 "$here/sync_feeds.py" "$work/feeds" "http://127.0.0.1:$feed_port" 3 200 >/dev/null
(cd "$work/feeds" && exec python3 -m http.server "$feed_port" --bind 127.0.0.1 >/dev/null 2>&1) &
pids+=($!)
wait_port "$feed_port" || { echo "the feed server did not start"; exit 1; }

# ---- Fever: Coldsweat ----
email=ana@example.org password=correct-horse-battery
export FLASK_DATABASE_URL="sqlite:///$work/coldsweat.db" FLASK_SECRET_KEY=test-only
"$venv/bin/coldsweat" setup "$email" -p "$password" -n Ana >/dev/null
"$venv/bin/coldsweat" import "$work/feeds/feeds.opml" "$email" --fetch >/dev/null 2>&1
fever_port=$(free_port)
start_coldsweat() {
  "$venv/bin/coldsweat" run -h 127.0.0.1 -p "$fever_port" >>"$work/coldsweat.log" 2>&1 &
  coldsweat_pid=$!
  pids+=($coldsweat_pid)
  wait_port "$fever_port"
}
start_coldsweat || { echo "coldsweat did not start"; tail "$work/coldsweat.log"; exit 1; }
printf '%s\n' "$password" >"$work/password" && chmod 600 "$work/password"
fever=(--kind fever --url "http://127.0.0.1:$fever_port/fever/" --user "$email" --password-file "$work/password")
key=$(python3 -c "import hashlib,sys; print(hashlib.md5(sys.argv[1].encode()).hexdigest())" "$email:$password")
fever_api() {  # fever_api QUERY [FORM]: the server's own answer
  curl -s -d "api_key=$key${2:+&$2}" "http://127.0.0.1:$fever_port/fever/?api&$1"
}
fever_ids() { fever_api "$1" | python3 -c "import json,sys; print(' '.join(sorted(json.load(sys.stdin)['$1'].split(','))))"; }
sync() { "$bin" sync --once --store "$1" "${@:2}" >"$work/out" 2>"$work/err"; }
remote_of() { "$bin" feeds entries --store "$1" | awk -F'\t' -v t="$2" '$5 == t {print $4}'; }
local_of() { "$bin" feeds entries --store "$1" | awk -F'\t' -v t="$2" '$5 == t {print $1}'; }
state_of() { "$bin" feeds entries --store "$1" | awk -F'\t' -v t="$2" '$5 == t {print $2, $3}'; }

sync "$work/a.sqlite" "${fever[@]}"
check "fever: the first sync exits 0" test $? -eq 0
check "fever: it sums up 3 feeds and 600 new entries" summary_has "3 feeds, 600 new entries"
check "fever: progress goes to stderr" grep -q "entries 600/600" "$work/err"
check "fever: feeds list shows the synced feeds" test "$("$bin" feeds list --store "$work/a.sqlite" | grep -c 'kept by the aggregator')" -eq 3
check "fever: the folders come from the server's groups" test "$(sqlite3 "$work/a.sqlite" 'select distinct category from feeds')" = Tests

# Read and star on the panel, seen on the server.
"$bin" feeds mark read "$(local_of "$work/a.sqlite" "Feed 1 item 199")" "$(local_of "$work/a.sqlite" "Feed 2 item 5")" --store "$work/a.sqlite" >/dev/null
"$bin" feeds mark star "$(local_of "$work/a.sqlite" "Feed 0 item 7")" --store "$work/a.sqlite" >/dev/null
sync "$work/a.sqlite" "${fever[@]}"
check "fever: the panel's three changes are sent" summary_has "3 local changes sent"
unread=$(fever_ids unread_item_ids)
check "fever: read on the panel is read on the server" sh -c "! echo ' $unread ' | grep -q ' $(remote_of "$work/a.sqlite" "Feed 1 item 199") '"
check "fever: starred on the panel is saved on the server" test "$(fever_ids saved_item_ids)" = "$(remote_of "$work/a.sqlite" "Feed 0 item 7")"

# A change on the server, seen on the panel.
fever_api "" "mark=item&as=read&id=$(remote_of "$work/a.sqlite" "Feed 0 item 3")" >/dev/null
fever_api "" "mark=item&as=saved&id=$(remote_of "$work/a.sqlite" "Feed 2 item 9")" >/dev/null
sync "$work/a.sqlite" "${fever[@]}"
check "fever: the server's two changes are applied" summary_has "2 server changes applied"
check "fever: read on the server is read on the panel" test "$(state_of "$work/a.sqlite" "Feed 0 item 3")" = "read -"
check "fever: saved on the server is starred on the panel" test "$(state_of "$work/a.sqlite" "Feed 2 item 9")" = "unread starred"

# Two panels on one account converge.
sync "$work/b.sqlite" "${fever[@]}"
"$bin" feeds mark read "$(local_of "$work/b.sqlite" "Feed 0 item 4")" --store "$work/b.sqlite" >/dev/null
"$bin" feeds mark read "$(local_of "$work/a.sqlite" "Feed 2 item 100")" --store "$work/a.sqlite" >/dev/null
"$bin" feeds mark unstar "$(local_of "$work/a.sqlite" "Feed 0 item 7")" --store "$work/a.sqlite" >/dev/null
sync "$work/a.sqlite" "${fever[@]}" && sync "$work/b.sqlite" "${fever[@]}" && sync "$work/a.sqlite" "${fever[@]}"
check "fever: two panels on one account converge" test "$(states "$work/a.sqlite")" = "$(states "$work/b.sqlite")"
check "fever: both hold what each did" test "$(state_of "$work/a.sqlite" "Feed 0 item 4") $(state_of "$work/b.sqlite" "Feed 2 item 100") $(state_of "$work/b.sqlite" "Feed 0 item 7")" = "read - read - unread -"

# A sync killed with SIGKILL halfway, while fetching and while sending, then resumed with nothing lost.
"$bin" sync --once --store "$work/c.sqlite" "${fever[@]}" >/dev/null 2>"$work/err" &
killed=$!
wait_line "$work/err" "entries 100/" && kill -KILL "$killed"
wait "$killed" 2>/dev/null
status=$?
held=$("$bin" feeds entries --store "$work/c.sqlite" | wc -l)
check "fever: the killed first sync was killed halfway (held $held of 600)" test "$status" -eq 137 -a "$held" -ge 100 -a "$held" -lt 600
"$bin" feeds mark read $("$bin" feeds entries --store "$work/c.sqlite" | head -n 90 | cut -f1) --store "$work/c.sqlite" >/dev/null
"$bin" sync --once --store "$work/c.sqlite" "${fever[@]}" >/dev/null 2>"$work/err" &
killed=$!
wait_line "$work/err" "50 local changes sent" && kill -KILL "$killed"
wait "$killed" 2>/dev/null
status=$?
check "fever: the sync sending 90 changes was killed halfway" test "$status" -eq 137 -a "$(sqlite3 "$work/c.sqlite" 'select count(*) from sync_changes')" -gt 0
sync "$work/c.sqlite" "${fever[@]}"
check "fever: the resumed sync exits 0" test $? -eq 0
check "fever: after the resume the panel holds every entry unread on the server" test "$(unread_ids "$work/c.sqlite")" = "$(fever_ids unread_item_ids)"
sync "$work/a.sqlite" "${fever[@]}"
check "fever: after the resume no change was lost (the panels agree)" test "$(states "$work/a.sqlite")" = "$(states "$work/c.sqlite")"
check "fever: the 90 changes reached the server" test "$(fever_ids unread_item_ids | wc -w)" -eq "$("$bin" feeds entries --store "$work/c.sqlite" | grep -c "	unread	")"

# A wrong password: exit 1, one line, the password nowhere.
printf 'not-the-password\n' >"$work/wrong" && chmod 600 "$work/wrong"
before=$(states "$work/a.sqlite")
sync "$work/a.sqlite" --kind fever --url "http://127.0.0.1:$fever_port/fever/" --user "$email" --password-file "$work/wrong"
check "fever: a wrong password exits 1" test $? -eq 1
check "fever: it says authentication failed" grep -q "^lectern: authentication failed" "$work/err"
check "fever: the store is unchanged" test "$before" = "$(states "$work/a.sqlite")"
check "fever: no password in the output, the log or the store" sh -c "! grep -q -e not-the-password -e '$password' '$work/out' '$work/err' '$work/a.sqlite' '$work/a.sqlite-wal' 2>/dev/null"
chmod 644 "$work/wrong"
sync "$work/a.sqlite" --kind fever --url "http://127.0.0.1:$fever_port/fever/" --user "$email" --password-file "$work/wrong"
check "fever: a password file others can read is refused" grep -q "readable by others" "$work/err"

# The server stopped mid-sync: exit 1 naming the server; started again, the sync resumes.
"$bin" sync --once --store "$work/d.sqlite" "${fever[@]}" >/dev/null 2>"$work/err" &
syncing=$!
wait_line "$work/err" "entries 50/" && kill -KILL "$coldsweat_pid"
wait "$syncing" 2>/dev/null
check "fever: a server stopped mid-sync fails the sync with 1" test $? -eq 1
check "fever: it names the server that did not answer" grep -q "^lectern: server http://127.0.0.1:$fever_port did not answer" "$work/err"
start_coldsweat
sync "$work/d.sqlite" "${fever[@]}"
check "fever: started again, the sync completes" test "$(unread_ids "$work/d.sqlite")" = "$(fever_ids unread_item_ids)"
check "fever: and agrees with the other panels" test "$(states "$work/a.sqlite")" = "$(states "$work/d.sqlite")"

# "Mark all read" on a feed: one change, the server's own mark-all (before = now, in seconds).
feed_ids() { "$bin" feeds entries --store "$1" | awk -F'\t' -v f="Feed $2 item" 'index($5, f) == 1 {print $4}' | sort; }
"$bin" feeds mark read --feed "http://127.0.0.1:$feed_port/feed-2.xml" --store "$work/a.sqlite" >/dev/null
sync "$work/a.sqlite" "${fever[@]}"
check "fever: mark all read on a feed is one change sent" summary_has "1 local changes sent"
check "fever: none of that feed's entries is unread on the server" \
  test -z "$(comm -12 <(feed_ids "$work/a.sqlite" 2) <(fever_ids unread_item_ids | tr ' ' '\n' | sort))"
check "fever: the other feeds' unread entries stay unread there" \
  test -n "$(comm -12 <(feed_ids "$work/a.sqlite" 1) <(fever_ids unread_item_ids | tr ' ' '\n' | sort))"

# Bad flags exit 2.
"$bin" sync --once --kind rss --url x --password-file x >/dev/null 2>&1
check "sync: a bad kind exits 2" test $? -eq 2
"$bin" sync --once --kind fever >/dev/null 2>&1
check "sync: a kind without a URL exits 2" test $? -eq 2

# ---- Google Reader: the loopback stand-in ----
greader_port=$(free_port)
python3 "$here/greader_server.py" "$greader_port" --user ana --api-password api-only-secret --feeds 3 --items 200 \
  --feed-base "http://127.0.0.1:$feed_port" >"$work/greader.log" 2>&1 &
pids+=($!)
wait_port "$greader_port" || { echo "the Google Reader server did not start"; exit 1; }
printf 'api-only-secret\n' >"$work/api-password" && chmod 600 "$work/api-password"
greader=(--kind greader --url "http://127.0.0.1:$greader_port" --user ana --password-file "$work/api-password")
control() { curl -s ${2:+-d "$2"} "http://127.0.0.1:$greader_port/_control/$1"; }
server_unread() { control state | python3 -c "import json,sys; print(len(json.load(sys.stdin)['unread']))"; }

sync "$work/g.sqlite" "${greader[@]}"
check "greader: the first sync exits 0" test $? -eq 0
check "greader: it sums up 3 feeds and 600 new entries" summary_has "3 feeds, 600 new entries"
check "greader: decimal ids from stream/items/ids match the hex ids of contents (nothing fetched twice)" \
  sh -c "'$bin' sync --once --store '$work/g.sqlite' ${greader[*]} 2>&1 | grep -q '600 unread, 0 starred on the server; 0 entries to fetch'"
"$bin" feeds mark read "$(local_of "$work/g.sqlite" "Feed 1 item 10")" --store "$work/g.sqlite" >/dev/null
"$bin" feeds mark star "$(local_of "$work/g.sqlite" "Feed 2 item 20")" --store "$work/g.sqlite" >/dev/null
sync "$work/g.sqlite" "${greader[@]}"
check "greader: the panel's changes reach the server" test "$(server_unread) $(control state | python3 -c "import json,sys; print(json.load(sys.stdin)['starred'])")" = "599 ['$(remote_of "$work/g.sqlite" "Feed 2 item 20")']"
control mark "id=$(remote_of "$work/g.sqlite" "Feed 0 item 0")&read=1&starred=1" >/dev/null
added=$(control add "feed=1&count=2")
sync "$work/g.sqlite" "${greader[@]}"
check "greader: the server's change reaches the panel" test "$(state_of "$work/g.sqlite" "Feed 0 item 0")" = "read starred"
check "greader: entries added on the server arrive" summary_has "2 new entries"
sync "$work/g.sqlite" --kind greader --url "http://127.0.0.1:$greader_port" --user ana --password-file "$work/password"
check "greader: the login password where the API password belongs is refused (401)" grep -q "^lectern: authentication failed (HTTP 401)" "$work/err"
"$bin" feeds mark read --feed "http://127.0.0.1:$feed_port/feed-0.xml" --store "$work/g.sqlite" >/dev/null
sync "$work/g.sqlite" "${greader[@]}"
server_unread_ids() { control state | python3 -c "import json,sys; print('\n'.join(sorted(json.load(sys.stdin)['unread'])))"; }
check "greader: mark all read on a feed goes as mark-all-as-read, its moment in microseconds" \
  test -z "$(comm -12 <(feed_ids "$work/g.sqlite" 0) <(server_unread_ids))" -a -n "$(comm -12 <(feed_ids "$work/g.sqlite" 1) <(server_unread_ids))"
control stop-after "calls=5" >/dev/null
sync "$work/h.sqlite" "${greader[@]}"
check "greader: a server that dies mid-sync fails it with 1" test $? -eq 1
check "greader: naming the server" grep -q "^lectern: server http://127.0.0.1:$greader_port did not answer" "$work/err"
control stop-after "calls=" >/dev/null
sync "$work/h.sqlite" "${greader[@]}" && sync "$work/g.sqlite" "${greader[@]}"
check "greader: the sync resumes, and two panels agree" test "$(states "$work/g.sqlite")" = "$(states "$work/h.sqlite")"

summary
