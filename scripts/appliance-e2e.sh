#!/usr/bin/env bash
# The appliance image end to end, in QEMU: builds the amd64 image (board/qemu-x86_64) around the given binary,
# boots it as a person would (systemd, lectern.service, read-only root, data disk) and checks the faults it
# must survive, printing how long each recovery took:
#   start    the reader's first frame (READY=1: the list of the bundled sample feeds, the data disk being new)
#            matches the headless rendering; a tap on a row through a new uinput touchscreen opens the article,
#            as the same tap played headless does
#   crash    SIGKILL: systemd restarts lectern, and the screen comes back showing the same article (the place
#            saved in reader.place)
#   hang     SIGSTOP: the watchdog (shortened to 6 s) kills and restarts it
#   touch    the touchscreen vanishes mid-gesture: lectern keeps running (and drops the half gesture); a new
#            touchscreen works without a restart
#   display  (not here: QEMU cannot unplug a virtio-gpu head; tested with a scripted uevent source)
#   soak     reader gestures (rows opened, articles and the list scrolled, the menu pulled and closed) for
#            LECTERN_SOAK_SECONDS (60): lectern's RSS and open files before and after
#   phone    the page's socket reached through QEMU's user network; a touch on the menu's Phone shows a QR
#            code, and the code decoded from a screendump (zbarimg) pairs, as a phone's camera would; a feed added
#            from the host's side is fetched and shown on the panel, as drawn headless over the same feed; the
#            page's process stopped, flooded and killed while the kiosk runs on
#   power    QEMU killed (SIGKILL) while a writer commits to the data disk: after the next boot the store is
#            intact and holds every write that was acknowledged to the host
# Commands run in the guest through the guest agent, which only the --test image has.
# Usage: appliance-e2e.sh PATH/TO/release/lectern   (needs root for the image build)
set -uo pipefail
bin=$(realpath "${1:?usage: appliance-e2e.sh PATH/TO/release/lectern}")
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
out=${LECTERN_APPLIANCE_CACHE:-$repo/.build-appliance}/e2e-image
soak_seconds=${LECTERN_SOAK_SECONDS:-60}
. "$here/qemu-lib.sh"
work=$(mktemp -d)
qemu_pid=""
cleanup() {
  [ -n "$qemu_pid" ] && kill -KILL "$qemu_pid" 2>/dev/null
  [ -n "${site_pid:-}" ] && kill "$site_pid" 2>/dev/null
  [ -n "${LECTERN_E2E_KEEP:-}" ] && mkdir -p "$LECTERN_E2E_KEEP" && cp "$work"/*.png "$work"/*.log "$LECTERN_E2E_KEEP"/ 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
test_name=appliance-e2e
. "$here/test-lib.sh"
total_start=$(now)

# --- the image -----------------------------------------------------------------------------------------------
t=$(now)
rm -f "$out/data.img"  # a fresh data disk for every run
"$repo/board/qemu-x86_64/build-image.sh" --test "$bin" "$out" || { say "FAIL: the image did not build"; exit 1; }
# scripts/test-wifi.sh boots this image too when it is made of the same things.
qemu_image_key "$repo" "$bin" > "$out/image.key"
say "image built in $(since "$t") s"

# --- what the panel must show: the reader's screens drawn headless (scale 1: points are pixels) -------------
# The reader's list: a header 56 pt tall, then rows 118 pt tall; an article has its "‹ List" chip at the top
# left; a pull from the right edge (from anywhere on an article) opens the menu, a tap outside its targets
# closes it.
tap() { printf '0 0 down %s %s\n80000 0 up\n' "$1" "$2"; }  # tap X Y: a trace of one tap
row_y() { echo $(( 56 + 118 * $1 + 59 )); }                 # row_y N: the middle of the list's row N (0: the top)
tap 300 "$(row_y 0)" > "$work/tap-row.trace"
tap 50 28 > "$work/tap-back.trace"
# A pull from the right edge for the menu, 120 pt in 3 s (past the point where letting go opens the menu), then
# held there, trembling, until 20 s: long enough to pull the touchscreen out from under it whatever TCG's pace.
awk 'BEGIN {print "0 0 down 1270 400"; for (i = 1; i <= 60; i++) printf "%d 0 move %d 400\n", i * 50000, 1270 - i * 2
            for (t = 3100000; t < 20000000; t += 100000) printf "%d 0 move %d 400\n", t, 1150 + (t / 100000) % 2
            print "20100000 0 up"}' > "$work/slow-pull.trace"
# The soak: each cycle opens a row, scrolls the article down and up (a short one turns to the next article
# and back), pulls for the menu and closes it, goes back to the list, scrolls it down and up, and pulls for the
# menu from the right edge; the next cycle opens the next of the first five rows. No gesture marks anything
# read or changes a setting beyond opening articles. It plays twice: a first round opens each of the five once
# (every article, the menu and their caches are made when first shown), so that what the second round (the
# same gestures for LECTERN_SOAK_SECONDS) adds to RSS is growth, not start-up.
for trace in warm:round soak:$soak_seconds; do
python3 - "$here" "${trace#*:}" > "$work/${trace%%:*}.trace" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from touch_trace import Trace
rounds = sys.argv[2] == "round"
end = float("inf") if rounds else float(sys.argv[2]) * 1e6
# Strokes held still 150 ms before lifting: no flick, so the scrolls come back exactly; 0.9 s between gestures.
trace = Trace(steps=20, hold=150000, gap=900000)
stroke, tap = trace.stroke, trace.tap
n = 0
while trace.t < end and not (rounds and n == 5):
    tap(300, 56 + 118 * (n % 5) + 59)   # open row n % 5
    stroke(640, 600, 640, 250)          # the article: scroll down
    stroke(640, 250, 640, 600)          # and back up
    stroke(1180, 400, 880, 400)         # a pull for the menu
    tap(100, 700)                       # a tap beside its targets closes it
    tap(50, 28)                         # back to the list
    stroke(640, 600, 640, 250)          # the list: scroll down
    stroke(640, 250, 640, 600)          # and back up
    stroke(1270, 400, 1000, 400)        # a pull from the right edge for the menu
    tap(100, 700)
    n += 1
print(trace)
PY
done
# Headless, the reader draws over a state directory of its own (an empty store: the bundled samples), as on
# the appliance's new data disk, in the guest's time zone (UTC) and at the guest's pinned clock: the samples'
# ages come from the wall clock.
reference() { STATE_DIRECTORY="$work/host-state" TZ=UTC "$bin" run --headless --size 1280x800 --now "$(pinned_now)Z" "$@" >/dev/null; }
mkdir -p "$work/host-state"
reference --out "$work/ref-first"                                         # ref-first/list.png: the first screen
reference --trace "$work/tap-row.trace" --out "$work/ref-article"         # ref-article/reader.png: row 0 opened
# A site on the host for the phone's part, which the guest reaches at 10.0.2.2 (QEMU's user network), and the
# reader's list over its one feed, drawn headless from a store that fetched it here. Its entry is a month old, so
# the list shows its date, not an age: the host fetches it by its own clock, the guest by the pinned one (a date
# ahead of the host's would be taken as the time it was fetched).
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
site_port=$(free_port)
export LECTERN_QEMU_ADMIN_PORT=$(free_port)
mkdir -p "$work/site" "$work/garden-state"
cat > "$work/site/garden.xml" <<XML
<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>The Garden Journal</title><link>http://10.0.2.2:$site_port/</link>
<item><title>Seed potatoes, chitted on the sill</title><guid>garden-1</guid>
<pubDate>$(date -u -R -d "$(date -u -d "$(pinned_now)Z - 30 days" +%Y-%m-%d) 12:00:00Z")</pubDate>
<description>Forty of them in egg boxes by the window, each one green-shooted and ready for the ground.</description></item>
</channel></rss>
XML
(cd "$work/site" && exec python3 -m http.server "$site_port" --bind 127.0.0.1 >/dev/null 2>&1) &
site_pid=$!
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$site_port/garden.xml" && break; sleep 0.1; done
"$bin" feeds add "http://127.0.0.1:$site_port/garden.xml" --store "$work/garden-state/feeds.sqlite" >/dev/null
"$bin" feeds refresh --store "$work/garden-state/feeds.sqlite" >/dev/null 2>&1
STATE_DIRECTORY="$work/garden-state" TZ=UTC "$bin" run --headless --size 1280x800 --now "$(pinned_now)Z" --out "$work/ref-garden" >/dev/null

# --- booting, and talking to the guest ----------------------------------------------------------------------
serial=$out/serial.log
boot() {  # boot: starts QEMU; the second serial port (ttyS1 in the guest) goes to $work/ttyS1.log
  rm -f "$serial" "$out/qmp.sock" "$out/qga.sock"
  : > "$work/ttyS1.log"
  boot_start=$(now)
  "$repo/board/qemu-x86_64/run.sh" "$out" --headless -- -serial "file:$work/ttyS1.log" -rtc "base=$(pinned_now)" &
  qemu_pid=$!
}
guest() { qemu_ctl qga "$out/qga.sock" run --timeout "${timeout:-60}" "$1"; }  # guest COMMAND: sh -c in the guest
prop() { guest "systemctl show lectern -p $1 --value"; }
monotonic_span() {  # monotonic_span FROM_PROPERTY TO_PROPERTY: seconds between two of the unit's timestamps
  local a b
  a=$(prop "$1") b=$(prop "$2")
  awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2f", (b - a) / 1e6}'
}
wait_active() {  # wait_active SECONDS [OLD_PID]: until lectern is active (READY=1 seen) with a pid other than OLD_PID
  local deadline=$((SECONDS + $1)) state pid
  while [ $SECONDS -lt "$deadline" ]; do
    state=$(guest "systemctl show lectern -p MainPID -p ActiveState -p SubState | sort | cut -d= -f2 | paste -sd' '" 2>/dev/null)
    read -r state pid sub <<<"$state"  # ActiveState MainPID SubState: sorted by name
    [ "$state $sub" = "active running" ] && [ "$pid" != "${2:-}" ] && [ "$pid" != 0 ] && { echo "$pid"; return 0; }
    sleep 0.3
  done
  return 1
}
shot() {  # shot NAME: a screendump once the screen holds still (two in a row alike), waiting at most 30 s
  local deadline=$((SECONDS + 30))
  qemu_screendump "$out/qmp.sock" "$work/$1.png"
  while :; do
    sleep 0.3
    qemu_screendump "$out/qmp.sock" "$work/$1.next.png"
    if same "$work/$1.png" "$work/$1.next.png"; then rm -f "$work/$1.next.png"; return 0; fi
    mv "$work/$1.next.png" "$work/$1.png"
    [ $SECONDS -lt "$deadline" ] || return 1
  done
}
# foot_bar PNG: a red bar at the foot of the screen (the list says nothing is being saved, or why it restarted).
foot_bar() { python3 - "$here" "$1" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from png_compare import read_png
width, height, rgb = read_png(sys.argv[2])
r, g, b = rgb(8, height - 28)
sys.exit(0 if r > 150 and g < 90 and b < 90 else 1)
PY
}
# red_dots PNG: the menu's dots have turned red at the right edge (a pull past the point where letting go
# opens the menu).
red_dots() { python3 - "$here" "$1" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from png_compare import read_png
width, height, rgb = read_png(sys.argv[2])
red = sum(1 for y in range(height) for x in range(width - 200, width) if (lambda r, g, b: r > 200 and g < 80 and b < 80)(*rgb(x, y)))
sys.exit(0 if red >= 20 else 1)
PY
}
same() { python3 "$here/png_compare.py" "$1" "$2" >/dev/null; }
differs() { ! same "$@"; }
# until_screen NAME same|differs PNG [SECONDS]: screendumps NAME until it is the same as PNG (or differs from
# it), for at most SECONDS (30); the last screendump stays NAME.png. Says how the last one differs on failure.
until_screen() {
  local deadline=$((SECONDS + ${4:-30}))
  while :; do
    qemu_screendump "$out/qmp.sock" "$work/$1.png"
    "$2" "$work/$1.png" "$3" && return 0
    if [ $SECONDS -ge "$deadline" ]; then
      say "$1.png after ${4:-30} s: $(python3 "$here/png_compare.py" "$work/$1.png" "$3" 2>&1 | tail -1)"
      return 1
    fi
    sleep 0.3
  done
}
replay() { guest "lectern touch replay --wait 2 $1 >/dev/null"; }  # replay GUEST-TRACE: a new touchscreen plays it
put() { qemu_ctl qga "$out/qga.sock" put "$2" < "$1"; }
usage_of() { guest "pid=\$(systemctl show lectern -p MainPID --value); echo \$(awk '/VmRSS/ {print \$2}' /proc/\$pid/status) \$(ls /proc/\$pid/fd | wc -l)"; }

# --- start -------------------------------------------------------------------------------------------------
say "start"
boot
if ! qemu_wait_serial "$serial" 1 "Started lectern.service" 240 30; then
  say "FAIL: lectern never became ready"; failed=$((failed + 1))
  summary "; total $(since "$total_start") s"; exit 1
fi
boot_to_ready=$(since "$boot_start")
qemu_ctl qga "$out/qga.sock" wait 60 || { say "FAIL: no guest agent"; exit 1; }
say "boot to first frame (QEMU start to READY=1 on the console): $boot_to_ready s"
say "service start to first frame (ExecMainStart to READY=1): $(monotonic_span ExecMainStartTimestampMonotonic ActiveEnterTimestampMonotonic) s"
check "the root is read-only, the data disk writable" guest "grep -q ' / ext4 ro' /proc/mounts && grep -q ' /var/lib/lectern ext4 rw' /proc/mounts"
check "lectern runs as its own user" test "$(guest 'stat -c %U /proc/$(systemctl show lectern -p MainPID --value)')" = lectern
check "the first frame is the reader's list, as drawn headless" until_screen first same "$work/ref-first/list.png"
for f in tap-row tap-back slow-pull warm soak; do put "$work/$f.trace" "/run/$f.trace"; done
t=$(now)
replay /run/tap-row.trace
check "a tap on a row through a new touchscreen opens the article, as headless" \
  until_screen article same "$work/ref-article/reader.png"
say "a tap through a new touchscreen, replayed and screendumped in $(since "$t") s"
guest "cat /var/lib/lectern/reader.place" > "$work/place.log" 2>&1
check "the place is saved: the article opened ($(paste -sd' ' "$work/place.log"))" grep -q '^entry=' "$work/place.log"

# --- crash: SIGKILL --------------------------------------------------------------------------------------------
say "crash"
guest "systemctl reset-failed lectern"  # each fault check gets the unit's whole start-rate budget
old_pid=$(prop MainPID)
t=$(now)
guest "systemctl kill -s SIGKILL lectern"
if new_pid=$(wait_active 60 "$old_pid"); then
  say "SIGKILL to READY=1 again: $(since "$t") s (pid $old_pid -> $new_pid, NRestarts=$(prop NRestarts))"
  check "systemd restarted lectern after SIGKILL" test "$(prop NRestarts)" -ge 1
  check "after the restart the screen shows the same article (the place restored)" \
    until_screen after-crash same "$work/article.png"
else
  check "systemd restarted lectern after SIGKILL" false
fi

# --- hang: SIGSTOP, the watchdog shortened to 6 s ------------------------------------------------------------
say "hang"
guest "mkdir -p /run/systemd/system/lectern.service.d && printf '[Service]\nWatchdogSec=6\n' > /run/systemd/system/lectern.service.d/watchdog.conf && systemctl daemon-reload && systemctl reset-failed lectern; systemctl restart lectern"
old_pid=$(wait_active 60) || old_pid=0
watchdog_before=$(grep -c "Watchdog timeout" "$serial")
t=$(now)
guest "kill -STOP $old_pid"
if new_pid=$(wait_active 90 "$old_pid"); then
  say "SIGSTOP to READY=1 again: $(since "$t") s (WatchdogSec=6, RestartSec=2)"
  check "the watchdog killed the hung lectern and systemd restarted it" test "$(grep -c "Watchdog timeout" "$serial")" -gt "$watchdog_before"
  check "... and the reader is back at the same article" until_screen rest same "$work/article.png"
else
  check "the watchdog killed the hung lectern and systemd restarted it" false
fi
guest "rm -r /run/systemd/system/lectern.service.d && systemctl daemon-reload"

# --- touch device removed mid-gesture -----------------------------------------------------------------------
say "touchscreen removed mid-gesture"
pid=$(prop MainPID)
[ -f "$work/rest.png" ] || shot rest  # the article the place brought back after the restarts
replayer=$(qemu_ctl qga "$out/qga.sock" spawn "exec lectern touch replay --wait 2 /run/slow-pull.trace")
# The device appears, 2 s later the finger goes down at the right edge, pulls for 3 s and holds until 20 s: once
# the pull shows, 3 s more is past the point where letting go would open the menu, well before the finger lifts.
t=$(now)
if until_screen pulling differs "$work/rest.png" 20; then
  deadline=$((SECONDS + 20))
  until qemu_screendump "$out/qmp.sock" "$work/mid-gesture.png" && red_dots "$work/mid-gesture.png"; do
    [ $SECONDS -lt $deadline ] || break
    sleep 0.3
  done
fi
guest "kill -KILL $replayer"
say "the touchscreen removed $(since "$t") s after it was made (its finger lifts at 22 s)"
half_gesture() { [ -f "$work/mid-gesture.png" ] && differs "$work/mid-gesture.png" "$work/rest.png"; }
check "the half gesture was under way when the touchscreen went" half_gesture
check "lectern kept running when its touchscreen vanished" test "$(prop MainPID)" = "$pid"
check "the half gesture was dropped: the screen is back at rest, no menu (needs the app to cancel touches of a removed device)" \
  until_screen after-unplug same "$work/rest.png" 15
t=$(now)
replay /run/tap-back.trace
check "a new touchscreen works without a restart: its tap goes back to the list" \
  until_screen new-device differs "$work/after-unplug.png" 15
check "... and lectern is the same process" test "$(prop MainPID)" = "$pid"
say "a new touchscreen's tap replayed and screendumped in $(since "$t") s"

# --- display -------------------------------------------------------------------------------------------------
say "display: not checked here: QEMU cannot unplug a virtio-gpu head (the hotplug logic is tested with a scripted uevent source)"

# --- night ---------------------------------------------------------------------------------------------------
# The night schedule set in the guest's own clock, from the next whole minute (at least 15 s away) to the one
# after, through the panel's settings file on the data disk; idle-minutes 0, so the morning brings back the
# screen as it was. The kernel's view of the connector (sysfs dpms) must say Off at night and On again.
say "night: a one-minute night from the guest's next whole minute"
dpms() { guest "cat /sys/class/drm/card*-*/dpms 2>/dev/null | sort | head -1"; }
until_dpms() {  # until_dpms On|Off SECONDS
  local deadline=$((SECONDS + $2))
  while [ "$(dpms)" != "$1" ]; do [ $SECONDS -ge $deadline ] && return 1; sleep 0.5; done
}
black() { python3 - "$here" "$1" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from png_compare import read_png
width, height, rgb = read_png(sys.argv[2])
# Black, bar a few lines of text a display with its output switched off may be given in its place.
dark = sum(1 for y in range(0, height, 4) for x in range(0, width, 4) if max(rgb(x, y)) < 16)
sys.exit(0 if dark >= 0.97 * ((height + 3) // 4) * ((width + 3) // 4) else 1)
PY
}
guest "now=\$(date +%s); start=\$(( (now / 60 + 1) * 60 )); [ \$((start - now)) -lt 15 ] && start=\$((start + 60)); printf 'night = %s-%s\nidle-minutes = 0\n' \$(date -u -d @\$start +%H:%M) \$(date -u -d @\$((start + 60)) +%H:%M) > /var/lib/lectern/panel.conf && chown lectern: /var/lib/lectern/panel.conf && systemctl restart lectern"
wait_active 60 >/dev/null
check "before the night the kernel has the display on" test "$(dpms)" = On
shot before-night
t=$(now)
check "at night the kernel has the display off (sysfs dpms: $(until_dpms Off 150; dpms))" test "$(dpms)" = Off
say "night fell $(since "$t") s after the schedule was set"
shot night
check "at night the screen is black" black "$work/night.png"
check "in the morning the kernel has the display on again (sysfs dpms: $(until_dpms On 150; dpms))" test "$(dpms)" = On
check "... and the reader is back as it was" until_screen morning same "$work/before-night.png"

# --- ambient ---------------------------------------------------------------------------------------------------
# Ambient after 6 idle seconds; then a minute of it measured as the kernel counts the process's CPU time (user and
# system ticks in /proc/PID/stat): between crossfades the loop sleeps.
say "ambient: a minute measured"
guest "printf 'idle-minutes = 0.1\n' > /var/lib/lectern/panel.conf && chown lectern: /var/lib/lectern/panel.conf && systemctl restart lectern"
pid=$(wait_active 60) || pid=0
check "after the idle minutes the panel turns ambient" until_screen ambient differs "$work/before-night.png" 30
ticks() { guest "awk '{print \$14 + \$15}' /proc/$pid/stat"; }
hz=$(guest "getconf CLK_TCK")
c0=$(ticks); t=$(now)
sleep 60
c1=$(ticks); span=$(since "$t")
cpu=$(awk -v d="$((c1 - c0))" -v hz="$hz" -v s="$span" 'BEGIN {printf "%.2f", d / hz / s * 100}')
say "ambient in QEMU (TCG): $((c1 - c0)) ticks of CPU at $hz/s in $span s: $cpu % of one core"
check "lectern stayed ambient in one process through the minute" test "$(prop MainPID)" = "$pid"
guest "rm -f /var/lib/lectern/panel.conf && systemctl restart lectern"
wait_active 60 >/dev/null

# --- no data disk -----------------------------------------------------------------------------------------------
# The data partition fails to mount (a runtime drop-in gives its mount an option ext4 refuses): lectern must
# still start, over the mount point on the read-only root, show the samples and say that nothing is being saved.
say "no data disk"
guest "systemctl stop lectern && umount /var/lib/lectern && mkdir -p /run/systemd/system/var-lib-lectern.mount.d && printf '[Mount]\nOptions=no_such_option\n' > /run/systemd/system/var-lib-lectern.mount.d/broken.conf && systemctl daemon-reload && systemctl reset-failed lectern; systemctl start lectern"
check "the data disk failed to mount" guest "! grep -q ' /var/lib/lectern ' /proc/mounts && systemctl is-failed -q var-lib-lectern.mount"
check "without its data disk lectern starts all the same" wait_active 60
shot no-disk
check "... and says at the foot of the list that nothing is being saved" foot_bar "$work/no-disk.png"
guest "systemctl stop lectern && rm -r /run/systemd/system/var-lib-lectern.mount.d && systemctl daemon-reload && systemctl reset-failed var-lib-lectern.mount lectern; systemctl start lectern"
check "with the data disk back, lectern is up over it again" wait_active 60
check "... and the disk is mounted" guest "grep -q ' /var/lib/lectern ext4 rw' /proc/mounts"

# --- a crash loop ---------------------------------------------------------------------------------------------
# Three crashes in a row: systemd restarts the kiosk after 2 s each time, and the kiosk itself waits longer before
# each further start (4 s, then 8 s, as /run/lectern/exits tells it), then says on the panel why it restarted.
say "a crash loop: three SIGSEGVs in a row"
guest "systemctl reset-failed lectern"
spans=()
pid=$(prop MainPID)
for i in 1 2 3; do
  t=$(now)
  guest "kill -SEGV $pid"
  pid=$(wait_active 120 "$pid") || { pid=0; break; }
  spans+=("$(since "$t")")
done
say "crash to READY=1 again: ${spans[*]} s (the kiosk's own waits: 0, 4, 8 s)"
check "each start after another crash in a row waited longer: 4 s, then 8 s (as the kiosk logged)" \
  grep -q "waiting 4 s before starting: 2 crashes in a row.*waiting 8 s before starting: 3 crashes in a row" \
  <(grep -a "before starting" "$serial" | tail -2 | paste -sd' ')
shot crash-loop
check "... and the panel says why it restarted" foot_bar "$work/crash-loop.png"
guest "systemctl restart lectern"
wait_active 60 >/dev/null


# --- soak ------------------------------------------------------------------------------------------------------
say "soak: a round of gestures that opens each of five articles once, then $soak_seconds s measured"
pid=$(prop MainPID)
timeout=240 guest "lectern touch replay --wait 2 /run/warm.trace >/dev/null"
shot after-warm
read -r rss0 fds0 <<<"$(usage_of)"
t=$(now)
timeout=$((soak_seconds * 3 + 60)) guest "lectern touch replay --wait 2 /run/soak.trace >/dev/null"
shot after-soak
read -r rss1 fds1 <<<"$(usage_of)"
say "soak: played in $(since "$t") s; RSS ${rss0} -> ${rss1} KiB ($((rss1 - rss0)) KiB), open files $fds0 -> $fds1"
check "lectern survived the soak in one process" test "$(prop MainPID)" = "$pid"
check "no open files leaked in the soak" test "$fds1" -le "$fds0"
if "$bin" --help | grep -q '^ *soak '; then
  t=$(now)
  check "lectern soak (headless panel time)" "$bin" soak
  say "lectern soak took $(since "$t") s"
fi

# --- the phone: the pairing code read from the panel's QR code, a feed added from the host's side ---------------
say "phone"
t=$(now)
code_of() { curl -s -o /dev/null -w '%{http_code}' "$@"; }
check "the page's socket answers through QEMU's user network, refusing an unpaired request (401)" \
  test "$(code_of "http://127.0.0.1:$LECTERN_QEMU_ADMIN_PORT/api/feeds")" = 401
# The menu's targets where the reader draws them: replay reader reports them for the same pull, headless.
awk 'BEGIN {print "0 0 down 1270 400"; for (i = 1; i <= 30; i++) printf "%d 0 move %d 400\n", i * 50000, 1270 - i * 5
            print "1600000 0 up"}' > "$work/pull-menu.trace"
"$bin" replay reader "$work/pull-menu.trace" --json --store "$work/phone-empty.sqlite" --size 1280x800 > "$work/menu.json" 2>/dev/null
menu_target() {  # menu_target NAME: the middle of the menu's target NAME, "X Y"
  python3 -c '
import json, sys
frames = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
items = [i for i in ((frames[-1].get("menu") or {}).get("items") or []) if i["name"] == sys.argv[2]]
print("%d %d" % (items[0]["x"] + items[0]["width"] / 2, items[0]["y"] + items[0]["height"] / 2) if items else "")' "$work/menu.json" "$1"
}
phone_at=$(menu_target Phone) unread_at=$(menu_target Unread)
check "the menu has a Phone target (at ${phone_at:-nowhere})" test -n "$phone_at"
# menu_trace X Y: a pull for the menu, then a tap on the target at X Y once the menu is open.
menu_trace() { cat "$work/pull-menu.trace"; tap "$1" "$2" | awk '{ $1 += 2600000; print }'; }
menu_trace ${phone_at:-0 0} > "$work/phone.trace"
menu_trace ${unread_at:-0 0} > "$work/unread.trace"
put "$work/phone.trace" /run/phone.trace
put "$work/unread.trace" /run/unread.trace
replay /run/phone.trace
url=""
for _ in $(seq 30); do
  qemu_screendump "$out/qmp.sock" "$work/pairing.png"
  url=$(zbarimg --raw -q "$work/pairing.png" 2>/dev/null | grep -E '^http://[^/]+/pair#[A-Z2-7]{26}$' | head -1)
  [ -n "$url" ] && break
  sleep 1
done
check "a touch on Phone shows a QR code of http://ADDRESS/pair#CODE (${url:-none decoded})" test -n "$url"
check "... whose address is the panel's own on its network (10.0.2.15)" grep -q '^http://10.0.2.15/pair#' <<<"$url"
answer=$(curl -s -c "$work/cookies" -H 'Content-Type: application/json' -d "{\"code\": \"${url##*#}\"}" \
  -w '\n%{http_code}' "http://127.0.0.1:$LECTERN_QEMU_ADMIN_PORT/api/pair")
check "the code read from the panel's QR code pairs (200, a session)" test "$(tail -1 <<<"$answer")" = 200
csrf=$(head -1 <<<"$answer" | python3 -c 'import json, sys; print(json.load(sys.stdin).get("csrf", ""))' 2>/dev/null)
check "... and the same code again is refused (403)" \
  test "$(code_of -H 'Content-Type: application/json' -d "{\"code\": \"${url##*#}\"}" "http://127.0.0.1:$LECTERN_QEMU_ADMIN_PORT/api/pair")" = 403
added=$(code_of -b "$work/cookies" -H "X-Lectern-CSRF: $csrf" -H 'Content-Type: application/json' \
  -d "{\"url\": \"http://10.0.2.2:$site_port/garden.xml\"}" "http://127.0.0.1:$LECTERN_QEMU_ADMIN_PORT/api/feeds")
check "a feed added from the host's side is taken (201)" test "$added" = 201
# The river on show was made before the feed came: Unread from the menu shows it as it is now.
sleep 3
replay /run/unread.trace
check "the new feed's entries are on the panel, as drawn headless over the same feed" \
  until_screen phone-feed same "$work/ref-garden/list.png" 90
say "paired and a feed added from the host's side in $(since "$t") s"
# Whatever happens to the page's process, the kiosk is another one and runs on: stopped (SIGSTOP), flooded with
# a hundred connections, killed (systemd's socket starts it again at the next connection).
kiosk_pid=$(prop MainPID)
guest "systemctl kill -s SIGSTOP lectern-admin" >/dev/null
shot admin-stopped-before
replay /run/phone.trace
check "with the page's process stopped, a touch on Phone still shows the pairing card" \
  until_screen admin-stopped differs "$work/admin-stopped-before.png" 30
guest "systemctl kill -s SIGCONT lectern-admin" >/dev/null
python3 - "$LECTERN_QEMU_ADMIN_PORT" <<'PY'
import socket, sys, time
socks = []
for _ in range(100):
    try:
        socks.append(socket.create_connection(("127.0.0.1", int(sys.argv[1])), 2))
    except OSError:
        pass
time.sleep(3)
for s in socks: s.close()
PY
guest "systemctl kill -s SIGKILL lectern-admin" >/dev/null
sleep 2
check "a hundred connections and a killed page later, the kiosk is the same process" test "$(prop MainPID)" = "$kiosk_pid"
answer=""
for _ in $(seq 30); do answer=$(code_of "http://127.0.0.1:$LECTERN_QEMU_ADMIN_PORT/api/feeds"); [ "$answer" = 401 ] && break; sleep 1; done
check "... and the page answers again once systemd starts it at the next connection ($answer)" test "$answer" = 401

# --- power cut -----------------------------------------------------------------------------------------------
say "power cut"
# Acknowledgements go out on ttyS1 (a file on the host) as each commit returns; the host reads them there.
qemu_ctl qga "$out/qga.sock" spawn "stty -F /dev/ttyS1 115200 raw -echo; exec runuser -u lectern -- lectern feeds stress-writer --store /var/lib/lectern/durability.sqlite > /dev/ttyS1 2>&1" >/dev/null
deadline=$((SECONDS + 60))
while [ "$(grep -c '^ack' "$work/ttyS1.log")" -lt 300 ] && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
kill -KILL "$qemu_pid"; wait "$qemu_pid" 2>/dev/null; qemu_pid=""
acknowledged=$(grep -aE '^ack [0-9]+\r?$' "$work/ttyS1.log" | tail -1 | tr -dc '0-9')
say "killed QEMU after ${acknowledged:-no} acknowledged writes"
cp "$work/ttyS1.log" "$work/acks.log"
boot
if qemu_wait_serial "$serial" 1 "Started lectern.service" 240 30; then
  say "boot after the power cut to first frame: $(since "$boot_start") s"
  qemu_ctl qga "$out/qga.sock" wait 60
  guest "runuser -u lectern -- lectern feeds check-writes --store /var/lib/lectern/durability.sqlite --acknowledged=${acknowledged:--1}" > "$work/check.log" 2>&1
  check "after the power cut the store is intact with every acknowledged write ($(head -1 "$work/check.log"))" \
    grep -q '^ok: integrity ok' "$work/check.log"
  check "the writer acknowledged writes before the cut" test "${acknowledged:--1}" -ge 100
  guest "systemctl is-active lectern" >/dev/null
  check "lectern is up again after the power cut" test $? -eq 0
else
  check "the appliance boots again after the power cut" false
fi
# A QEMU that does not answer must not hang the test: quit, then kill.
timeout 30 python3 "$qemu_lib_dir/qemu_ctl.py" qmp "$out/qmp.sock" quit 2>/dev/null || kill -KILL "$qemu_pid" 2>/dev/null
wait "$qemu_pid" 2>/dev/null; qemu_pid=""

summary "; total $(since "$total_start") s"
