#!/usr/bin/env bash
# The sync's speed, against the loopback Google Reader server (scripts/greader_server.py): the first sync of
# 10,000 entries in 50 feeds, then a later sync with 100 changes (50 made on the server, 50 on the panel), each
# while the reader scrolls its list over the same store, printing the sync's time and the worst frame drawn.
# Usage: scripts/bench-sync.sh PATH/TO/lectern-bench (the release build, for figures worth quoting)
set -euo pipefail
bin=$(realpath "${1:?usage: bench-sync.sh PATH/TO/lectern-bench}")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# The server runs niced: on a real wall it is another machine, and here it must not take the panel's cores.
nice -n 10 python3 "$here/greader_server.py" "$port" --user bench --api-password bench-password --feeds 50 --items 200 &
server=$!
for _ in $(seq 100); do curl -s "http://127.0.0.1:$port/_control/state" >/dev/null && break; sleep 0.1; done
printf 'bench-password\n' >"$work/password" && chmod 600 "$work/password"
account=(--kind greader --url "http://127.0.0.1:$port" --user bench --password-file "$work/password" --store "$work/feeds.sqlite")
echo "# first sync: 10,000 entries" >&2
"$bin" sync "${account[@]}"
# 50 changes on the server: entries read and starred elsewhere.
ids=$(curl -s "http://127.0.0.1:$port/_control/state" | python3 -c 'import json,sys; print("&".join("id=" + i for i in json.load(sys.stdin)["unread"][-50:]))')
curl -s -d "$ids&read=1&starred=1" "http://127.0.0.1:$port/_control/mark" >/dev/null
echo "# a later sync: 50 changes on the server, 50 on the panel" >&2
"$bin" sync "${account[@]}" --local-changes 50
