#!/usr/bin/env bash
# The panel's frames while its page for a phone is flooded: `lectern-bench reader`'s worst frames in
# alternating rounds, alone and while a hundred connections hold `lectern admin` (silent ones, opened again as
# the page cuts them off after 10 s, and clients asking for the page without a session as fast as it answers),
# so both sets come from the same minutes of a shared machine. The kiosk and the page are separate processes:
# what the flood can take from the panel is CPU. Figures only, like the other benchmarks.
# Usage: scripts/bench-admin.sh PATH/TO/release/lectern [ROUNDS] (lectern-bench beside it)
set -uo pipefail
bin=$(realpath "${1:?usage: bench-admin.sh PATH/TO/release/lectern [ROUNDS]}")
bench=$(dirname "$bin")/lectern-bench
rounds=${2:-2}
[ -x "$bench" ] || { echo "bench-admin: no lectern-bench beside $bin"; exit 1; }
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$bin" admin --listen "127.0.0.1:$port" --store "$work/feeds.sqlite" --state "$work" 2>"$work/admin.log" &
pids+=($!)
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done

flood() {  # flood SECONDS: 90 silent connections kept open, 10 clients asking as fast as they are answered
  python3 - "$port" "$1" <<'PY' &
import socket, sys, threading, time
port, end = int(sys.argv[1]), time.time() + float(sys.argv[2])
def silent():
    while time.time() < end:
        try:
            s = socket.create_connection(("127.0.0.1", port), 2)
            s.settimeout(max(0.1, end - time.time()))
            s.recv(1)  # until the page cuts it off (10 s) or the flood ends
            s.close()
        except OSError:
            time.sleep(0.05)
def asking():
    while time.time() < end:
        try:
            s = socket.create_connection(("127.0.0.1", port), 2)
            s.sendall(b"GET /api/feeds HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            while s.recv(4096):
                pass
            s.close()
        except OSError:
            time.sleep(0.01)
threads = [threading.Thread(target=silent) for _ in range(90)] + [threading.Thread(target=asking) for _ in range(10)]
for t in threads: t.start()
for t in threads: t.join()
PY
  flood_pid=$!
}

frames() { "$bench" reader 2>/dev/null | awk -F, -v tag="$1" '/worst_frame_ms|tap_to_article/ {printf "%s %s %s\n", tag, $1, $4}'; }
for round in $(seq "$rounds"); do
  frames alone >>"$work/figures"
  flood 600
  frames flooded >>"$work/figures"
  kill "$flood_pid" 2>/dev/null; wait "$flood_pid" 2>/dev/null
done
echo "bench-admin: the reader's frames (ms), $rounds rounds each, alone and with the page flooded; the worst of each:"
awk '{ key = $2; v = $3 + 0; if ($1 == "alone") { if (v > a[key]) a[key] = v } else { if (v > f[key]) f[key] = v }; keys[key] = 1 }
     END { for (k in keys) printf "  %-40s alone %6.2f   flooded %6.2f\n", k, a[k], f[k] }' "$work/figures" | sort
echo "bench-admin: the page's CPU over the run: $(awk -v hz="$(getconf CLK_TCK)" '{printf "%.1f s", ($14 + $15) / hz}' "/proc/${pids[0]}/stat")"
