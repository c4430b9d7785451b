#!/usr/bin/env bash
# Serves 50 feeds from a keep-alive HTTP/1.1 server on loopback and runs `lectern-bench fetch` against it: a
# refresh of every feed with a connection per request (the reference) and with shared connections, alternating.
# Usage: bench-fetch.sh PATH/TO/lectern-bench [ROUNDS] [FEEDS]
set -euo pipefail
bin=$(realpath "${1:?usage: bench-fetch.sh PATH/TO/lectern-bench [ROUNDS] [FEEDS]}")
rounds=${2:-5}
feeds=${3:-50}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
python3 -u "$here/bench_feed_server.py" "$feeds" >"$work/server.out" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do grep -q '^port [0-9]' "$work/server.out" && break; sleep 0.1; done
port=$(sed -n 's/^port \([0-9]*\)$/\1/p' "$work/server.out")
[ -n "$port" ] || { echo "bench-fetch: the feed server did not start: $(cat "$work/server.out")" >&2; exit 1; }
"$bin" fetch --base "http://127.0.0.1:$port/" --feeds "$feeds" --rounds "$rounds"
