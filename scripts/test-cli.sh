#!/usr/bin/env bash
# Exercises the lectern command line as a user would: exit codes, one-line errors, headless snapshots.
# Usage: test-cli.sh PATH/TO/lectern
set -uo pipefail
bin=$(realpath "${1:?usage: test-cli.sh PATH/TO/lectern}")
work=$(mktemp -d)
here=$(cd "$(dirname "$0")" && pwd)
trap 'rm -rf "$work"' EXIT
test_name=cli
. "$here/test-lib.sh"
check_ok_format="" check_fail_format="FAIL: %s"  # quiet when it passes
one_line_error() {  # one_line_error EXPECTED_STATUS ARGS...: fails unless exit status and exactly one stderr line
  local want=$1; shift
  "$bin" "$@" >"$work/stdout" 2>"$work/stderr"
  local got=$?
  [ "$got" -eq "$want" ] && [ "$(wc -l <"$work/stderr")" -eq 1 ] && grep -q '^lectern: ' "$work/stderr" \
    || { echo "  '$*' exited $got with stderr:"; sed 's/^/    /' "$work/stderr"; return 1; }
}
is_png() { [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }

check "unknown flag exits 2" one_line_error 2 --no-such-flag
check "unknown subcommand option exits 2" one_line_error 2 render --bogus
check "bad size exits 2" one_line_error 2 render --size 12x
check "zero size exits 2" one_line_error 2 render --size 0x800
check "a refresh rate is no size" one_line_error 2 render --size 1280x800@60
check "missing feed file argument exits 2" one_line_error 2 feed parse
check "help exits 0" "$bin" --help >/dev/null

# Headless run: exit 0, the reader's tour written (every screen and gesture, over the bundled samples in a
# fresh state directory), and the paths said on stdout; --demo writes the interaction demos as before.
(cd "$work" && HOME="$work/tour-home" "$bin" run --headless --out snaps --size 320x200 >"$work/run.out" 2>"$work/run.err")
check "headless run exits 0" test $? -eq 0
check "headless run says it shows the samples" grep -q 'the bundled sample feeds' "$work/run.out"
for shot in list article article-image article-media menu sheet feeds settings qr empty; do
  check "headless run says where the $shot PNG is" grep -q "^wrote snaps/$shot.png " "$work/run.out"
  check "headless run writes the $shot PNG" is_png "$work/snaps/$shot.png"
done
check "the tour leaves the samples unread and writes no store entries" test ! -s "$work/run.err"
(cd "$work" && "$bin" run --headless --demo --out demos --size 320x200 >"$work/demo.out" 2>&1)
for demo in pull-menu article-pager pull-to-action circular-refresh swipe-rows; do
  check "headless --demo writes the $demo PNG" is_png "$work/demos/$demo.png"
done
check "an unknown demo is a usage error" one_line_error 2 run --headless --scene nowhere --out "$work/x"
# --now pins the clock the headless screens are drawn at: the same time twice draws the same list, a month on
# the samples' ages read otherwise.
pinned() { (cd "$work" && HOME="$work/tour-home" TZ=UTC "$bin" run --headless --out "$1" --size 320x200 --now "$2" >/dev/null 2>&1); }
pinned pinned-a 2026-11-24T12:00:00Z; pinned pinned-b 2026-11-24T12:00:00Z; pinned pinned-c 2026-12-24T12:00:00Z
check "run --now draws the same list at the same time" cmp -s "$work/pinned-a/list.png" "$work/pinned-b/list.png"
check "... and another at another time" test -s "$work/pinned-c/list.png" -a -n "$(cmp "$work/pinned-a/list.png" "$work/pinned-c/list.png")"
check "run with a bad --now is a one-line usage error" one_line_error 2 run --headless --now yesterday --out "$work/x"

# The card: a bad value in its lectern.conf is skipped and named, never fatal; the rest of the file applies.
mkdir -p "$work/card" "$work/card-state"
printf 'theme = dark\nrotate = 45\n' > "$work/card/lectern.conf"
(cd "$work" && LECTERN_CARD_DIRECTORY="$work/card" CONFIGURATION_DIRECTORY="$work/no-etc" STATE_DIRECTORY="$work/card-state" \
  "$bin" run --headless --out card-snaps --size 320x200 >"$work/card.out" 2>"$work/card.err")
check "a bad value on the card does not stop the panel" test $? -eq 0
check "... which still draws its screens" is_png "$work/card-snaps/list.png"
check "... and names the file, the key and the value" grep -q "$work/card/lectern.conf: rotate = '45': expected 0, 90, 180 or 270; using 0" "$work/card.err"
check "a bad flag is still a usage error" one_line_error 2 run --headless --rotate 45 --out "$work/x"
printf 'hunter2\n' > "$work/card/sync-password.txt"
"$bin" card import --card "$work/card" --state "$work/card-state" --user "$(id -un)" >"$work/import.out" 2>&1
check "card import moves the password off the card" test ! -e "$work/card/sync-password.txt" -a -f "$work/card-state/sync-password"
check "... readable by its owner alone" test "$(stat -c %a "$work/card-state/sync-password")" = 600
check "... and says so" grep -q "^moved $work/card/sync-password.txt to $work/card-state/sync-password" "$work/import.out"
check "card import of a card with nothing to move says so" sh -c "'$bin' card import --card '$work/card' --state '$work/card-state' --user '$(id -un)' | grep -q 'no password on the card'"
STATE_DIRECTORY="$work/card-state" "$bin" doctor >"$work/doctor.out" 2>&1
grep -Eq '^(ok |fix) (display|touch|backlight|clock|data): ' "$work/doctor.out" && grep -Eq '^(all as Lectern expects|lectern: [0-9]+ to fix)$' "$work/doctor.out"
check "doctor says one line per check and a summary" test $? -eq 0
check "doctor reads the data partition's free space" grep -Eq "^(ok |fix) data: $work/card-state: [0-9]+ MiB free of [0-9]+ MiB" "$work/doctor.out"

# Replay: one JSON object per frame, t first, 60 a second, ending a second after everything came to rest.
printf '0 0 down 700 240\n100000 0 move 500 240\n200000 0 move 450 240\n300000 0 up\n' > "$work/pull.trace"
"$bin" replay pull-menu "$work/pull.trace" --json >"$work/replay.out" 2>"$work/replay.err"
check "replay exits 0" test $? -eq 0
check "replay starts at t 0" grep -q '^{"t":0,"progress":0,' "$work/replay.out"
check "replay's frames are 1/60 s apart" grep -q '^{"t":0.016666666666666666,' "$work/replay.out"
check "replay prints every field of the scene" grep -q '"dots":\[{"expanded":' "$work/replay.out"
check "replay prints nothing on stderr" test ! -s "$work/replay.err"
check "an unknown scene is a one-line failure" one_line_error 1 replay nowhere "$work/pull.trace" --json
check "a missing trace is a one-line failure" one_line_error 1 replay pull-menu "$work/absent.trace" --json
printf '0 0 down 10 10\n5 0 sideways 1 2\n' > "$work/broken.trace"
check "a malformed trace is a one-line failure" one_line_error 1 replay swipe-rows "$work/broken.trace" --json
grep -q 'line 2' "$work/stderr"
check "the malformed trace's error names the line" test $? -eq 0
printf '0 0 down 10 10\n9223372036854775807 0 up\n' > "$work/forever.trace"
check "a timestamp out of range is a one-line failure" one_line_error 1 replay pull-menu "$work/forever.trace" --json
check "a replay past an hour is a one-line failure" one_line_error 1 replay pull-menu "$work/pull.trace" --json --refresh-at 7200

# Replay reader: docs/replay.md's contract over a store (empty here: the bundled samples fill it).
printf '0 0 down 200 100\n60000 0 up 200 100\n' > "$work/open.trace"
"$bin" replay reader "$work/open.trace" --json --store "$work/reader.sqlite" --now 2026-11-24T12:00:00Z \
  --frames "$work/reader-frames" >"$work/reader.out" 2>"$work/reader.err"
check "replay reader exits 0" test $? -eq 0
check "replay reader prints nothing on stderr" test ! -s "$work/reader.err"
check "replay reader writes every frame as NNNNN.png" is_png "$work/reader-frames/00000.png"
check "replay reader prints the contract's fields on every frame" python3 - "$work/reader.out" <<'PY'
import json, sys
frames = [json.loads(line) for line in open(sys.argv[1])]
assert frames[0]["t"] == 0 and frames[0]["screen"] == "list", frames[0]
keys = ["t", "screen", "overlay", "list", "article", "menu", "qr", "textSize", "unread"]
for f in frames:
    assert list(f)[:len(keys)] == keys, list(f)
row = frames[0]["list"]["rows"][0]
assert list(row) == ["id", "link", "feed", "title", "y", "height", "read", "starred", "offset"], row
assert frames[0]["list"]["filter"] == "unread"
last = frames[-1]
assert last["screen"] == "article" and last["list"] is None, last
assert last["article"]["id"] == row["id"] and last["article"]["transition"] is None, last["article"]
assert set(last["article"]) >= {"id", "link", "title", "scrollY", "contentHeight", "transition"}
assert last["unread"] == frames[0]["unread"] - 1, (frames[0]["unread"], last["unread"])
PY
# Pairing a phone (ADMIN.md): the menu's Phone opens a window beside the store and shows its URL as a QR code
# with the seconds left; a tap on the card closes it and cancels the window.
mkdir -p "$work/phone"
printf '0 0 down 760 28\n60000 0 up 760 28\n1000000 0 down 400 372\n1060000 0 up 400 372\n3000000 0 down 400 240\n3060000 0 up 400 240\n' > "$work/phone.trace"
LECTERN_ADMIN_ADDRESS=127.0.0.1:8080 "$bin" replay reader "$work/phone.trace" --json --store "$work/phone/reader.sqlite" \
  --now 2026-11-24T12:00:00Z >"$work/phone.out" 2>&1 || true
check "replay reader: the menu's Phone shows the pairing URL as a QR code and the seconds left; a tap cancels the window" python3 - "$work/phone.out" "$work/phone/pairing.window" <<'PY'
import json, sys
frames = [json.loads(line) for line in open(sys.argv[1])]
def at(t): return min(frames, key=lambda f: abs(f["t"] - t))
assert "Phone" in [item["name"] for item in at(0.8)["menu"]["items"]], at(0.8)["menu"]
card = at(2.5)
code = dict(line.split(" ", 1) for line in open(sys.argv[2]).read().splitlines())
assert card["overlay"] == "qr" and card["qr"]["text"] == "http://127.0.0.1:8080/pair#" + code["code"], card["qr"]
assert 295 <= card["pairing"]["expires"] <= 300, card["pairing"]
assert frames[-1]["overlay"] is None and frames[-1]["pairing"] is None, frames[-1]
assert code["state"] == "cancelled", code
PY
# The wall's day (docs/reader.md, "Wall modes") on the virtual clock, across the night schedule's edges: off at
# 23:00 with the screen black, a touch wakes the panel and does nothing else (nor does a second within 300 ms),
# the next tap opens a row; in the morning the panel comes back on, into ambient.
printf '0 0 down 100 20\n60000 0 up 100 20\n4000000 0 down 200 150\n4060000 0 up 200 150\n4200000 0 down 200 150\n4260000 0 up 200 150\n4500000 0 down 200 150\n4560000 0 up 200 150\n' > "$work/night.trace"
TZ=UTC "$bin" replay reader "$work/night.trace" --json --store "$work/night.sqlite" --now 2026-11-24T22:59:58 \
  --night 23:00-06:30 --frames "$work/night-frames" >"$work/night.out" 2>"$work/night.err"
check "replay reader across the evening edge exits 0" test $? -eq 0
check "at 23:00 the panel goes off, a waking touch opens nothing, the next tap does" python3 - "$work/night.out" "$work/night-frames" <<'PY'
import json, sys, zlib, struct
frames = [json.loads(line) for line in open(sys.argv[1])]
def at(t): return min(frames, key=lambda f: abs(f["t"] - t))
assert at(1.9)["screen"] == "list" and at(1.9)["power"] == "on", at(1.9)["screen"]
night = at(3.0)
assert night["screen"] == "night" and night["power"] == "off", (night["screen"], night["power"])
woken = at(4.4)
assert woken["screen"] == "list" and woken["power"] == "on", (woken["screen"], woken["power"])
assert at(4.7)["screen"] == "article", at(4.7)["screen"]
# The night frame is black: read the PNG's first row of pixels.
index = frames.index(night)
data = open(f"{sys.argv[2]}/{index:05d}.png", "rb").read()
chunks, i = b"", 8
while i < len(data):
    n = struct.unpack(">I", data[i:i + 4])[0]
    if data[i + 4:i + 8] == b"IDAT": chunks += data[i + 8:i + 8 + n]
    i += 12 + n
pixels = zlib.decompress(chunks)
assert max(pixels[1:200]) == 0, "the night frame is not black"
PY
printf '0 0 down 100 20\n60000 0 up 100 20\n5000000 0 down 100 20\n5060000 0 up 100 20\n' > "$work/morning.trace"
TZ=UTC "$bin" replay reader "$work/morning.trace" --json --store "$work/night.sqlite" --now 2026-11-25T06:29:58 \
  --night 23:00-06:30 >"$work/morning.out" 2>&1
check "at 06:30 the panel comes back on, into ambient, and a touch then reaches it" python3 - "$work/morning.out" <<'PY'
import json, sys
frames = [json.loads(line) for line in open(sys.argv[1])]
def at(t): return min(frames, key=lambda f: abs(f["t"] - t))
assert at(1.0)["screen"] == "night" and at(1.0)["power"] == "off", at(1.0)["screen"]
morning = at(3.0)
assert morning["screen"] == "ambient" and morning["power"] == "on", (morning["screen"], morning["power"])
assert morning["card"]["title"], morning
PY
# Ambient after the idle minutes: cards of unread entries; a tap on one opens it.
printf '0 0 down 100 20\n60000 0 up 100 20\n5000000 0 down 300 300\n5060000 0 up 300 300\n' > "$work/ambient.trace"
"$bin" replay reader "$work/ambient.trace" --json --store "$work/ambient.sqlite" --now 2026-11-24T12:00:00Z \
  --idle-minutes 0.05 >"$work/ambient.out" 2>&1
check "after the idle minutes the panel turns ambient; a tap on the card opens its article, unread until then" python3 - "$work/ambient.out" <<'PY'
import json, sys
frames = [json.loads(line) for line in open(sys.argv[1])]
def at(t): return min(frames, key=lambda f: abs(f["t"] - t))
assert at(2.9)["screen"] == "list", at(2.9)["screen"]
ambient = at(4.0)
assert ambient["screen"] == "ambient" and not ambient["card"]["continues"], ambient
assert ambient["unread"] == frames[0]["unread"], "ambient marked something read"
last = frames[-1]
assert last["screen"] == "article" and last["article"]["id"] == at(4.9)["card"]["id"], last["article"]
PY
# A store that cannot be opened (a data partition that did not mount): the reader still runs, on the samples,
# and says at the foot of the list that nothing is being saved.
printf '0 0 down 100 20\n60000 0 up 100 20\n' > "$work/header.trace"
STATE_DIRECTORY=/proc/lectern-no-such-disk "$bin" run --headless --trace "$work/header.trace" --out "$work/unsaved" \
  >/dev/null 2>"$work/unsaved.err"
check "without a store the panel still shows the samples" is_png "$work/unsaved/reader.png"
check "... and says in a red bar at the foot of the list that nothing is being saved" python3 - "$here" "$work/unsaved/reader.png" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from png_compare import read_png
width, height, rgb = read_png(sys.argv[2])
r, g, b = rgb(8, height - 28)
assert r > 150 and g < 90 and b < 90, (r, g, b)
PY
check "replay reader without a store is a one-line failure" one_line_error 1 replay reader "$work/open.trace" --json
check "replay reader with a bad store is a one-line failure" one_line_error 1 replay reader "$work/open.trace" --json --store "$work/absent/x.sqlite"
check "replay reader with a bad --now is a one-line failure" one_line_error 1 replay reader "$work/open.trace" --json --store "$work/reader.sqlite" --now yesterday
check "replay reader with a bad flag is a one-line failure" one_line_error 1 replay reader "$work/open.trace" --json --store "$work/reader.sqlite" --night 25:00-07:00
check "replay reader with an unknown flag is a one-line failure" one_line_error 1 replay reader "$work/open.trace" --json --store "$work/reader.sqlite" --bogus
check "replay reader with a broken trace is a one-line failure" one_line_error 1 replay reader "$work/broken.trace" --json --store "$work/reader.sqlite"

"$bin" render --size 640x400 --out "$work/render" >"$work/render.out" 2>&1
check "render exits 0" test $? -eq 0
check "render writes a PNG" is_png "$work/render/title.png"

# An article set as pages: every page a PNG.
printf 'A Title\n\nFirst paragraph of the article.\n\nSecond paragraph.\n' > "$work/article.txt"
"$bin" render --text "$work/article.txt" --size 800x480 --out "$work/article" >"$work/article.out" 2>&1
check "render --text exits 0" test $? -eq 0
check "render --text writes its first page" is_png "$work/article/article-1.png"
check "a missing article is a one-line failure" one_line_error 1 render --text "$work/absent.txt" --out "$work/x"

# A broken touch trace names its line instead of replaying anything.
printf '0 0 down 10 10\n5 0 wobble 1 2\n' > "$work/bad.trace"
check "a broken trace is a one-line failure" one_line_error 1 touch replay "$work/bad.trace"
grep -q 'line 2' "$work/stderr"
check "the broken trace's error names the line" test $? -eq 0

# An output directory that cannot be created is one clear line, not a crash.
one_line_error 1 render --out /proc/lectern-cannot-write >/dev/null
check "unwritable output is a one-line failure" test $? -eq 0

# Feed subscriptions in a store: add, list, remove, OPML import and export round trip, one-line errors.
store="$work/feeds/feeds.sqlite"
mkdir -p "$work/feeds"
"$bin" feeds add https://a.example/feed --store "$store" >"$work/feeds.out" 2>&1
check "feeds add exits 0" test $? -eq 0
check "feeds add says what it added" grep -q '^added https://a.example/feed$' "$work/feeds.out"
"$bin" feeds add https://a.example/feed --store "$store" >"$work/feeds.out" 2>&1
check "adding a feed twice keeps one" grep -q '^already subscribed: https://a.example/feed$' "$work/feeds.out"
check "a feed URL must be http(s)" one_line_error 2 feeds add ftp://a.example/feed --store "$store"
"$bin" feeds list --store "$store" >"$work/feeds.out" 2>&1
check "feeds list shows the feed" grep -q 'https://a.example/feed' "$work/feeds.out"
check "feeds list says it was never fetched" grep -q 'never fetched' "$work/feeds.out"
cat >"$work/feeds/in.opml" <<'OPML'
<?xml version="1.0"?>
<opml version="2.0"><head><title>elsewhere</title></head><body>
  <outline text="News &amp; more"><outline text="B" title="B &lt;feed&gt;" xmlUrl="https://b.example/rss?a=1&amp;b=2"/></outline>
  <outline text="A" xmlUrl="https://a.example/feed"/>
  <outline text="C" xmlUrl="https://c.example/atom" htmlUrl="https://c.example/"/>
  <outline text="not fetchable" xmlUrl="javascript:alert(1)"/>
</body></opml>
OPML
"$bin" feeds import "$work/feeds/in.opml" --store "$store" >"$work/feeds.out" 2>&1
check "feeds import exits 0" test $? -eq 0
check "feeds import counts added, present and skipped" grep -q '2 added, 1 already there, 1 skipped' "$work/feeds.out"
"$bin" feeds export --store "$store" >"$work/feeds/out.opml" 2>"$work/feeds.err"
check "feeds export exits 0" test $? -eq 0
check "feeds export has a title and a date" grep -q '<dateCreated>.* GMT</dateCreated>' "$work/feeds/out.opml"
check "feeds export escapes" grep -q 'xmlUrl="https://b.example/rss?a=1&amp;b=2"' "$work/feeds/out.opml"
check "feeds export keeps folders" grep -q '<outline text="News &amp; more"' "$work/feeds/out.opml"
"$bin" feeds import "$work/feeds/out.opml" --store "$work/feeds/second.sqlite" >"$work/feeds.out" 2>&1
check "an export imports into a new store" grep -q '3 added, 0 already there' "$work/feeds.out"
"$bin" feeds export --store "$work/feeds/second.sqlite" | grep -v dateCreated >"$work/feeds/second.opml"
grep -v dateCreated "$work/feeds/out.opml" >"$work/feeds/first.opml"
check "export, import, export round-trips" cmp -s "$work/feeds/first.opml" "$work/feeds/second.opml"
"$bin" feeds remove https://a.example/feed --store "$store" >"$work/feeds.out" 2>&1
check "feeds remove exits 0" test $? -eq 0
"$bin" feeds list --store "$store" >"$work/feeds.out" 2>&1
check "a removed feed is no longer listed" test "$(grep -c 'https://a.example/feed' "$work/feeds.out")" -eq 0
check "removing a feed not there is a one-line failure" one_line_error 1 feeds remove https://a.example/feed --store "$store"
printf '<html><body>not a list</body></html>' >"$work/feeds/bad.opml"
check "a bad OPML file is a one-line failure" one_line_error 1 feeds import "$work/feeds/bad.opml" --store "$store"
check "a missing OPML file is a one-line failure" one_line_error 1 feeds import "$work/feeds/absent.opml" --store "$store"
check "a store in a missing directory is a one-line failure" one_line_error 1 feeds list --store "$work/absent/feeds.sqlite"
check "a store under /proc is a one-line failure" one_line_error 1 feeds add https://a.example/feed --store /proc/lectern.sqlite
HOME="$work/home" XDG_STATE_HOME= STATE_DIRECTORY= "$bin" feeds add https://a.example/feed >/dev/null 2>&1
check "the default store goes under ~/.local/state/lectern" test -f "$work/home/.local/state/lectern/feeds.sqlite"
STATE_DIRECTORY="$work/state" "$bin" feeds add https://a.example/feed >/dev/null 2>&1
check "systemd's STATE_DIRECTORY wins" test -f "$work/state/feeds.sqlite"
check "feeds commands are listed in help" "$bin" feeds --help >/dev/null
"$bin" feeds --help >"$work/feeds.out" 2>&1
check "the stress tools stay hidden" test "$(grep -c 'stress-writer\|check-writes' "$work/feeds.out")" -eq 0

# Feed parse: the contract of docs/feeds.md, one JSON document per line per file, a bad file one line on stderr.
fixtures=$(cd "$(dirname "$0")/../Tests/FeedsTests/Fixtures" && pwd)
"$bin" feed parse "$fixtures/rss20-large-blog.xml" "$work/absent.xml" "$fixtures/jsonfeed11.json" --json \
  >"$work/parse.out" 2>"$work/parse.err"
check "a file that cannot be read makes feed parse exit 1" test $? -eq 1
check "the other files are still printed, one line each" test "$(wc -l <"$work/parse.out")" -eq 2
check "the unreadable file is one line on stderr" grep -qx "lectern: $work/absent.xml: .*" "$work/parse.err"
check "feed parse prints exactly the contract's shape" python3 - "$work/parse.out" <<'PY'
import json, re, sys
stamp = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
keys = ["title", "link", "id", "author", "summary", "content", "published", "updated", "enclosures"]
for line in open(sys.argv[1]):
    doc = json.loads(line)
    assert list(doc) == ["feed", "entries"] and list(doc["feed"]) == ["title", "link"], doc.keys()
    assert doc["entries"], "no entries"
    for entry in doc["entries"]:
        assert list(entry) == keys, list(entry)
        for key in keys[:6]:
            assert entry[key] is None or (isinstance(entry[key], str) and entry[key] == " ".join(entry[key].split())), (key, entry[key])
        for key in ("published", "updated"):
            assert entry[key] is None or stamp.match(entry[key]), entry[key]
        for enclosure in entry["enclosures"]:
            assert list(enclosure) == ["url", "type", "length"] and isinstance(enclosure["url"], str)
            assert enclosure["length"] is None or isinstance(enclosure["length"], int)
PY
printf 'this is not a feed' >"$work/notafeed.xml"
check "a file that holds no feed is a one-line failure" one_line_error 1 feed parse "$work/notafeed.xml" --json
"$bin" feed parse "$fixtures/atom10-large.xml" >"$work/parse.out" 2>&1
check "feed parse without --json prints a summary" grep -q '^Large Atom' "$work/parse.out"

# Refresh: fixtures served on loopback, fetched through the refresher, stored; a second run is conditional.
python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$fixtures" >"$work/http.out" 2>&1 &
http_pid=$!
for _ in $(seq 50); do grep -q 'port [0-9]' "$work/http.out" && break; sleep 0.1; done
port=$(sed -n 's/.*port \([0-9]*\).*/\1/p' "$work/http.out" | head -1)
refresh_store="$work/feeds/refresh.sqlite"
for name in rss20-large-blog.xml atom10-large.xml jsonfeed11.json; do
  "$bin" feeds add "http://127.0.0.1:$port/$name" --store "$refresh_store" >/dev/null
done
"$bin" feeds refresh --store "$refresh_store" >"$work/refresh.out" 2>"$work/refresh.err"
check "feeds refresh exits 0 when every feed came" test $? -eq 0
check "feeds refresh reports each feed as it finishes" test "$(grep -c '^\[[1-3]/3\] .*: [0-9][0-9]* new' "$work/refresh.out")" -eq 3
check "feeds refresh sums up" grep -q '^3 feeds refreshed: [1-9][0-9]* new entries, 0 failed$' "$work/refresh.out"
"$bin" feeds refresh --store "$refresh_store" >"$work/refresh.out" 2>&1
check "a second refresh is answered 304" test "$(grep -c 'not modified' "$work/refresh.out")" -eq 3
"$bin" feeds refresh --due --store "$refresh_store" >"$work/refresh.out" 2>&1
check "nothing is due right after a refresh" grep -q '^no feed is due$' "$work/refresh.out"
"$bin" feeds add "http://127.0.0.1:$port/absent.xml" --store "$refresh_store" >/dev/null
"$bin" feeds refresh --store "$refresh_store" >"$work/refresh.out" 2>"$work/refresh.err"
check "a feed that fails makes refresh exit 1" test $? -eq 1
check "the failure is one line on stderr" test "$(wc -l <"$work/refresh.err")" -eq 1
check "the failing feed says why" grep -q 'absent.xml: failed: the server answered HTTP 404' "$work/refresh.out"
"$bin" feeds list --store "$refresh_store" >"$work/refresh.out" 2>&1
check "feeds list shows the last status" grep -q '304 not modified just now; next check in 1 h; [1-9][0-9]* unread' "$work/refresh.out"
check "a retention of no unread entries is a usage error" one_line_error 2 feeds refresh --keep-unread 0 --store "$refresh_store"
kill "$http_pid" 2>/dev/null; wait "$http_pid" 2>/dev/null

# Soak: the demo gestures over and over on the virtual clock; memory and descriptors must stay flat.
"$bin" soak --minutes 1 --size 640x400 >"$work/soak.out" 2>"$work/soak.err"
check "a short soak exits 0" test $? -eq 0
check "the soak says what it measured" \
  grep -qE '^soak: [0-9]+ s of panel time in [0-9]+ s; RSS [0-9.]+ MB -> [0-9.]+ MB \([-+][0-9.]+ MB\); fds [0-9]+ -> [0-9]+$' "$work/soak.out"
check "a soak of no time is a usage error" one_line_error 2 soak --minutes 0
"$bin" uevents --timeout 0.2 >"$work/uevents.out" 2>&1
check "uevents listens on the kernel's socket and stops when told" grep -q '^uevents: listening$' "$work/uevents.out"
# A headless run leaves the reader's remembered demo alone: only the panel keeps state.
mkdir -p "$work/state"
(cd "$work" && STATE_DIRECTORY="$work/state" "$bin" run --headless --scene swipe-rows --out snaps2 --size 320x200 >/dev/null 2>&1)
check "a headless run writes no reader state" test ! -e "$work/state/reader.state"

summary
