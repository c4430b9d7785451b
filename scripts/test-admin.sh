#!/usr/bin/env bash
# `lectern admin` over loopback as a phone and an attacker would reach it: every route of the HTTP contract and
# every rule of its security section (401, 403 for codes, CSRF and Origin, 421 for a foreign Host, 431, 413, a
# silent client cut off, a hundred connections, a forgotten phone, the password never given back), with
# `lectern pair` opening the windows. Prints the page's size and load time, an API call's time at a
# 10,000-entry store, and the process's memory and CPU after idling (those two are asserted: the limits the
# appliance is held to). Usage: test-admin.sh PATH/TO/lectern
set -uo pipefail
bin=$(realpath "${1:?usage: test-admin.sh PATH/TO/lectern}")
work=$(mktemp -d)
here=$(cd "$(dirname "$0")" && pwd)
pids=()
cleanup() { local pid; for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
test_name=admin
. "$here/test-lib.sh"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 100); do python3 -c "import socket; socket.create_connection(('127.0.0.1', $1), 0.2)" 2>/dev/null && return 0; sleep 0.1; done; return 1; }

state=$work/state store=$work/state/feeds.sqlite
mkdir -p "$state" "$work/site"
port=$(free_port) site_port=$(free_port)
base=http://127.0.0.1:$port site=http://127.0.0.1:$site_port
password='pw-Zq7!never-shown'

# A site with a feed, a page naming it, a page naming none, and a Fever endpoint that takes one password.
cat >"$work/site/feed.xml" <<'EOF'
<?xml version="1.0"?><rss version="2.0"><channel><title>Loopback news</title><link>http://127.0.0.1/</link>
<item><title>One</title><guid>one</guid><description>first</description></item>
<item><title>Two</title><guid>two</guid><description>second</description></item></channel></rss>
EOF
cat >"$work/site/index.html" <<'EOF'
<!doctype html><html><head><title>A site</title><link rel="alternate" type="application/atom+xml" href="atom.xml"></head><body>hi</body></html>
EOF
cat >"$work/site/atom.xml" <<'EOF'
<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom site</title><id>urn:x</id>
<entry><title>A</title><id>urn:a</id><updated>2026-01-01T00:00:00Z</updated></entry></feed>
EOF
echo '<!doctype html><html><head><title>nothing</title></head><body>no feed</body></html>' >"$work/site/plain.html"
cat >"$work/site.py" <<'EOF'
import hashlib, http.server, sys, urllib.parse
root, port = sys.argv[1], int(sys.argv[2])
key = hashlib.md5(open(sys.argv[3]).read().strip().encode()).hexdigest()
class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *a, **k): super().__init__(*a, directory=root, **k)
    def log_message(self, *a): pass
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
        auth = 1 if urllib.parse.parse_qs(body).get("api_key", [""])[0] == key else 0
        data = ('{"api_version":3,"auth":%d}' % auth).encode()
        self.send_response(200); self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data))); self.end_headers(); self.wfile.write(data)
http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()
EOF
# The password only ever goes through files here, so the process list check sees what lectern puts there.
printf '%s\n' "me@example.org:$password" >"$work/fever-login"
printf '{"sync":"fever","sync-url":"%s/fever/","sync-user":"me@example.org","password":"%s"}' "$site" "$password" >"$work/right.json"
printf '{"sync":"fever","sync-url":"%s/fever/","sync-user":"me@example.org","password":"wrong-%s"}' "$site" "$password" >"$work/wrong.json"
python3 "$work/site.py" "$work/site" "$site_port" "$work/fever-login" & pids+=($!)

# The 10,000-entry store an API call is timed at (the durability test's writer fills one feed).
"$bin" feeds stress-writer --store "$store" --count 10000 >/dev/null || say "could not fill the store"

start_admin() {  # start_admin LOG [ENV...]: lectern admin on $port, its pid in admin_pid
  local log=$1; shift
  env "$@" "$bin" admin --listen "127.0.0.1:$port" --store "$store" --state "$state" >"$log" 2>&1 &
  admin_pid=$! pids+=($!)
  wait_port "$port"
}
start_admin "$work/admin.log"
wait_port "$site_port" || say "the loopback site did not start"
check "admin says where it listens, on one line" grep -q "listening on 127.0.0.1:$port" "$work/admin.log"
"$bin" admin --listen "127.0.0.1:$port" --store "$store" --state "$state" >/dev/null 2>"$work/taken.err"
check "a taken port exits 1 with one line saying so" \
  sh -c "[ \$(wc -l <'$work/taken.err') -eq 1 ] && grep -q 'cannot listen on 127.0.0.1:$port: Address already in use' '$work/taken.err'"

# http METHOD PATH [curl args...]: the status code; the body in $work/body, the headers in $work/headers. Every
# body is also kept in $work/answers, which the password must never appear in.
http() {
  local method=$1 path=$2; shift 2
  curl -s -X "$method" -o "$work/body" -D "$work/headers" -w '%{http_code}' --max-time 20 "$@" "$base$path"
  cat "$work/body" >>"$work/answers"; echo >>"$work/answers"
}
is() { [ "$1" = "$2" ] || { echo "  got $1, wanted $2: $(head -c 300 "$work/body")"; return 1; }; }
json() { python3 -c "import json,sys; d=json.load(open('$work/body')); print($1)"; }
header() { grep -i "^$1:" "$work/headers" | head -1 | cut -d' ' -f2- | tr -d '\r'; }
pair_code() { "$bin" pair --state "$state" --minutes "${1:-5}" | tail -1; }

# The page and the headers every answer carries.
check "GET / is the page" is "$(http GET /)" 200
check "the page is HTML" sh -c "grep -qi '^content-type: text/html' '$work/headers'"
check "the page has a strict Content-Security-Policy" sh -c "grep -qi \"^content-security-policy: default-src 'self'\" '$work/headers'"
check "answers are not cached" is "$(header cache-control)" no-store
check "answers are not sniffed" is "$(header x-content-type-options)" nosniff
check "no Referer leaves the page" is "$(header referrer-policy)" no-referrer
check "GET /pair is the page too" is "$(http GET /pair)" 200
check "an unknown path is 404" is "$(http GET /nothing-here)" 404
check "a 404 is JSON with an error" is "$(json "d['error'] != ''")" True

# Unpaired: 401 on every API but pairing.
for route in "GET /api/feeds" "POST /api/feeds" "DELETE /api/feeds?url=x" "GET /api/opml" "POST /api/opml" \
             "GET /api/settings" "PUT /api/settings" "GET /api/account" "PUT /api/account" "GET /api/phones" \
             "DELETE /api/phones/abc" "GET /api/wifi" "POST /api/wifi" "DELETE /api/wifi?network=x"; do
  check "unpaired $route is 401" is "$(http ${route% *} "${route#* }" -d '{}')" 401
done
check "a made-up session cookie is 401" is "$(http GET /api/feeds -b "lectern-session=$(printf '%064d' 0)")" 401

# A foreign Host (DNS rebinding) is 421 everywhere, pairing included; the panel's own names are answered.
for path in / /pair /api/feeds /api/pair /nothing; do
  check "Host evil.example on $path is 421" is "$(http POST "$path" -H 'Host: evil.example' -d '{}')" 421
done
check "Host evil.example on GET / is 421" is "$(http GET / -H 'Host: evil.example')" 421
check "Host 127.0.0.1.evil.example is 421" is "$(http GET / -H 'Host: 127.0.0.1.evil.example')" 421
check "Host localhost is answered" is "$(http GET / -H "Host: localhost:$port")" 200
check "Host [::1] is answered" is "$(http GET / -H "Host: [::1]:$port")" 200
check "Host 192.168.1.20 is answered" is "$(http GET / -H 'Host: 192.168.1.20')" 200
local_name=$(hostname).local
check "Host $local_name is answered" is "$(http GET / -H "Host: $local_name")" 200

# Pairing: no window, wrong, right, used, expired, ten wrong.
check "pairing with no window open is 403" is "$(http POST /api/pair -d '{"code":"AAAAAAAAAAAAAAAAAAAAAAAAAA"}')" 403
"$bin" pair --state "$state" --minutes 5 >"$work/pair.out"
code=$(tail -1 "$work/pair.out")
check "lectern pair prints the pairing URL" grep -q "/pair#$code\$" "$work/pair.out"
check "lectern pair prints the code alone last" sh -c "tail -1 '$work/pair.out' | grep -qx '[A-Z2-7]\{26\}'"
check "a wrong code is 403" is "$(http POST /api/pair -d '{"code":"AAAAAAAAAAAAAAAAAAAAAAAAAA"}')" 403
check "a code from another site's page is 403" \
  is "$(http POST /api/pair -H 'Origin: http://evil.example' -d "{\"code\":\"$code\"}")" 403
agent='Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36'
check "the right code pairs (200)" is "$(http POST /api/pair -A "$agent" -H "Origin: $base" -d "{\"code\":\"$code\"}")" 200
cookie=$(header set-cookie)
csrf=$(json "d['csrf']")
check "the session cookie is HttpOnly, SameSite=Strict, Path=/" \
  sh -c "echo '$cookie' | grep -q '^lectern-session=[0-9a-f]\{64\}; HttpOnly; SameSite=Strict; Path=/$'"
check "the session cookie has no expiry" sh -c "! echo '$cookie' | grep -qi 'max-age\|expires'"
check "pairing answers the CSRF token" test "${#csrf}" -ge 32
session=${cookie%%;*}
check "a used code is 403" is "$(http POST /api/pair -d "{\"code\":\"$code\"}")" 403
code=$(pair_code 0.02)
sleep 2
check "an expired code is 403" is "$(http POST /api/pair -d "{\"code\":\"$code\"}")" 403
code=$(pair_code)
wrong_ok=1
for i in $(seq 10); do [ "$(http POST /api/pair -d '{"code":"BBBBBBBBBBBBBBBBBBBBBBBBBB"}')" = 403 ] || wrong_ok=0; done
check "ten wrong codes are each 403" test $wrong_ok = 1
check "ten wrong codes close the window: the right one is 403 then" is "$(http POST /api/pair -d "{\"code\":\"$code\"}")" 403
check "a body that is not JSON is 400" is "$(http POST /api/pair -d 'code=1')" 400

# authed METHOD PATH [args]: as the paired phone, with its CSRF token and its own Origin.
authed() { local m=$1 p=$2; shift 2; http "$m" "$p" -b "$session" -H "X-Lectern-CSRF: $csrf" -H "Origin: $base" "$@"; }

# CSRF and Origin on writes.
check "a write without X-Lectern-CSRF is 403" is "$(http POST /api/feeds -b "$session" -d "{\"url\":\"$site/feed.xml\"}")" 403
check "a write with a wrong X-Lectern-CSRF is 403" \
  is "$(http POST /api/feeds -b "$session" -H "X-Lectern-CSRF: $(echo "$csrf" | tr 0-9a-f 1-9a-f0)" -d "{\"url\":\"$site/feed.xml\"}")" 403
check "a write from another site's Origin is 403" \
  is "$(http POST /api/feeds -b "$session" -H "X-Lectern-CSRF: $csrf" -H 'Origin: http://evil.example' -d "{\"url\":\"$site/feed.xml\"}")" 403
check "a write with Origin null is 403" \
  is "$(http DELETE "/api/phones/x" -b "$session" -H "X-Lectern-CSRF: $csrf" -H 'Origin: null')" 403
check "a read needs no CSRF token" is "$(http GET /api/feeds -b "$session")" 200
check "the page of a paired phone carries its CSRF token" \
  sh -c "curl -s -b '$session' '$base/' | grep -q '<meta name=\"lectern-csrf\" content=\"$csrf\">'"

# Feeds.
check "GET /api/feeds is 200" is "$(authed GET /api/feeds)" 200
check "the feeds have url, title, unread, muted, status" \
  is "$(json "sorted(d['feeds'][0].keys()) == ['muted','status','title','unread','url']")" True
check "adding a feed's URL is 201" is "$(authed POST /api/feeds -d "{\"url\":\"$site/feed.xml\"}")" 201
check "the added feed answers with its title" is "$(json "d['title']")" "Loopback news"
check "the added feed's entries are in at once" is "$(json "d['unread']")" 2
check "a site's address is discovered to its feed (201)" is "$(authed POST /api/feeds -d "{\"url\":\"$site/index.html\"}")" 201
check "the discovered feed is the page's link, resolved" is "$(json "d['url']")" "$site/atom.xml"
check "a page naming no feed is 422" is "$(authed POST /api/feeds -d "{\"url\":\"$site/plain.html\"}")" 422
check "the 422 says no feed was found" sh -c "grep -q 'no feed found' '$work/body'"
check "a URL that is no web address is 400" is "$(authed POST /api/feeds -d '{"url":"ftp://example.org/x"}')" 400
check "a body without url is 400" is "$(authed POST /api/feeds -d '{"nothing":1}')" 400
check "the feeds list shows the new ones" \
  sh -c "[ \"\$(curl -s -b '$session' '$base/api/feeds' | grep -o '\"url\"' | wc -l)\" -eq 3 ]"
check "a paired phone's page lists the feeds without JavaScript" sh -c "curl -s -b '$session' '$base/' | grep -q 'Loopback news'"
check "DELETE /api/feeds?url= is 204" is "$(authed DELETE "/api/feeds?url=$site/atom.xml")" 204
check "DELETE of a feed not there is 404" is "$(authed DELETE "/api/feeds?url=$site/atom.xml")" 404
check "the kiosk is told the store changed" test -s "$state/store.changed"

# OPML.
cat >"$work/in.opml" <<EOF
<?xml version="1.0"?><opml version="2.0"><head><title>t</title></head><body>
<outline text="A" xmlUrl="https://a.example/feed"/><outline text="Tech"><outline text="B" xmlUrl="https://b.example/rss"/></outline>
<outline text="local" xmlUrl="file:///etc/passwd"/><outline text="again" xmlUrl="$site/feed.xml"/></body></opml>
EOF
check "POST /api/opml is 200" is "$(authed POST /api/opml --data-binary @"$work/in.opml")" 200
check "the OPML's two new web feeds are added" is "$(json "d['added']")" 2
check "an OPML upload that is not OPML is 400" is "$(authed POST /api/opml --data-binary 'not xml at all')" 400
check "GET /api/opml is 200" is "$(http GET /api/opml -b "$session")" 200
check "the OPML is text/x-opml" sh -c "grep -qi '^content-type: text/x-opml; charset=utf-8' '$work/headers'"
check "the OPML is an attachment" sh -c "grep -qi '^content-disposition: attachment' '$work/headers'"
check "the OPML lists the feeds" sh -c "grep -q 'https://b.example/rss' '$work/body' && grep -q '$site/feed.xml' '$work/body'"
check "the OPML leaves out what is not http or https" sh -c "! grep -q 'etc/passwd' '$work/body'"

# Wi-Fi: what the kiosk wrote in wifi.state, and a request left for it in wifi.request (the service's alone). Over
# the hotspot (10.42.0.1) is for the unit tests and the QEMU Wi-Fi test: loopback is never the hotspot.
check "GET /api/wifi without wifi.state is {\"radio\": false}" \
  sh -c "[ \"\$(curl -s -b '$session' '$base/api/wifi')\" = '{\"radio\":false}' ]"
check "POST /api/wifi with no radio is 409" is "$(authed POST /api/wifi -d '{"network":"Home","password":"correct horse"}')" 409
printf '{"radio":true,"step":"connected","network":"Home","address":"192.168.50.23","signal":-52,"hotspot":null,"phones":0,"networks":[{"ssid":"Home","signal":-52,"security":"psk","known":true}],"known":["Home"],"outcome":null,"updated":1764300000}\n' >"$state/wifi.state"
check "GET /api/wifi gives the kiosk's wifi.state" is "$(authed GET /api/wifi)" 200
check "the state names the network and its address" is "$(json "d['network'] + ' ' + d['address']")" "Home 192.168.50.23"
check "a join with a short password is 400 naming it" is "$(authed POST /api/wifi -d '{"network":"Home","password":"short"}')" 400
check "the 400 names the password" is "$(json "d['field']")" password
check "POST /api/wifi is 202" is "$(authed POST /api/wifi -d '{"network":"Attic","password":"correct horse","hidden":true}')" 202
check "the 202 says the panel is joining" is "$(json "d['network'] + ' ' + d['state']")" "Attic joining"
check "wifi.request is the service's alone" is "$(stat -c %a "$state/wifi.request")" 600
check "wifi.request asks to join Attic" \
  is "$(cat "$state/wifi.request")" '{"action":"join","network":"Attic","password":"correct horse","hidden":true}'
check "DELETE /api/wifi?network= is 204" is "$(authed DELETE "/api/wifi?network=Home")" 204
check "wifi.request asks to forget Home" is "$(cat "$state/wifi.request")" '{"action":"forget","network":"Home"}'
rm -f "$state/wifi.state" "$state/wifi.request"

# Settings.
printf 'idle-minutes = 7\n' >"$state/kiosk.fixed"
check "GET /api/settings is 200" is "$(authed GET /api/settings)" 200
check "every setting has a value and a source" \
  is "$(json "all(set(v) >= {'value','source'} for v in d['settings'].values()) and len(d['settings']) >= 20")" True
check "theme is light by default" is "$(json "d['settings']['theme']")" "{'value': 'light', 'source': 'default'}"
check "a key the kiosk's environment fixes says so" is "$(json "d['settings']['idle-minutes']['source']")" environment
check "PUT /api/settings is 200" is "$(authed PUT /api/settings -d '{"theme":"dark","text-size":22,"night":"22:30-06:45"}')" 200
check "a phone's change says its source" is "$(json "d['settings']['theme']")" "{'value': 'dark', 'source': 'phone'}"
check "a number is taken as a number" is "$(json "d['settings']['text-size']['value']")" 22
check "the change is where the panel keeps its own" grep -q '^theme = dark' "$state/panel.conf"
check "a bad value is 400" is "$(authed PUT /api/settings -d '{"theme":"purple"}')" 400
check "the 400 names the key" is "$(json "d['key']")" theme
check "the 400 says what the key takes" sh -c "grep -q 'light, sepia or dark' '$work/body'"
check "a key fixed by the environment is 400 and not changed" is "$(authed PUT /api/settings -d '{"idle-minutes":3}')" 400
check "an unknown key is 400 naming it" sh -c "[ \"\$(curl -s -X PUT -b '$session' -H 'X-Lectern-CSRF: $csrf' -d '{\"nope\":1}' '$base/api/settings' | grep -o '\"key\":\"nope\"')\" ]"
check "the account is not changed through settings" is "$(authed PUT /api/settings -d '{"sync-url":"http://evil.example/"}')" 400

# The account.
check "GET /api/account is 200" is "$(authed GET /api/account)" 200
check "the account has sync, sync-url, sync-user, password, last" \
  is "$(json "sorted(d.keys()) == ['last','password','sync','sync-url','sync-user']")" True
check "no password is set yet" is "$(json "d['password']")" none
check "a wrong password is 422" is "$(authed PUT /api/account -d @"$work/wrong.json")" 422
check "nothing is saved after a refused sign-in" sh -c "[ ! -e '$state/sync-password' ] && ! grep -q '^sync' '$state/panel.conf'"
check "the right password is 200" is "$(authed PUT /api/account -d @"$work/right.json")" 200
ps -eo args >"$work/ps.txt"
check "the account says the password is set" is "$(json "d['password']")" set
check "the account is fever now" is "$(json "d['sync']")" fever
check "the password file is the service's alone (0600)" is "$(stat -c %a "$state/sync-password")" 600
check "the password file holds it" grep -qxF "$password" "$state/sync-password"
check "sync local turns syncing off" is "$(authed PUT /api/account -d '{"sync":"local"}')" 200
check "the account is local then" is "$(json "d['sync']")" local

# Phones: a second phone, listed, forgotten, its cookie refused at once.
code=$(pair_code)
http POST /api/pair -A 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1' \
  -d "{\"code\":\"$code\"}" >/dev/null
second=$(header set-cookie) second_csrf=$(json "d['csrf']")
second=${second%%;*}
check "the second phone's cookie works" is "$(http GET /api/feeds -b "$second")" 200
check "GET /api/phones is 200" is "$(authed GET /api/phones)" 200
check "both phones are listed with id, name, paired, lastSeen" \
  is "$(json "len(d['phones']) == 2 and all(set(p) >= {'id','name','paired','lastSeen','you'} for p in d['phones'])")" True
check "the asker is marked you" is "$(json "[p['name'] for p in d['phones'] if p['you']]")" "['Chrome on Android']"
check "no token of any phone is listed" sh -c "! grep -q '${second#lectern-session=}\|$second_csrf\|${session#lectern-session=}\|$csrf' '$work/body'"
second_id=$(json "[p['id'] for p in d['phones'] if not p['you']][0]")
check "DELETE /api/phones/ID is 204" is "$(authed DELETE "/api/phones/$second_id")" 204
check "a forgotten phone's cookie is 401 at once" is "$(http GET /api/feeds -b "$second")" 401
check "DELETE of an unknown phone is 404" is "$(authed DELETE /api/phones/nosuchphone)" 404

# Figures: printed, not asserted (loopback on a shared machine).
read -r size first < <(curl -s -o /dev/null -w '%{size_download} %{time_total}\n' -b "$session" "$base/")
say "page: $size bytes, first load $(awk -v t="$first" 'BEGIN {printf "%.1f", t * 1000}') ms"
entries=$(python3 -c "import sqlite3; print(sqlite3.connect('$store').execute('select count(*) from entries').fetchone()[0])" 2>/dev/null || echo '?')
best=
for _ in 1 2 3 4 5; do
  t=$(curl -s -o /dev/null -w '%{time_total}' -b "$session" "$base/api/feeds")
  best=$(awk -v a="${best:-99}" -v b="$t" 'BEGIN {print (b < a ? b : a)}')
done
say "GET /api/feeds at a $entries-entry store: $(awk -v t="$best" 'BEGIN {printf "%.1f", t * 1000}') ms (best of 5)"

# Limits: headers, bodies.
big_header=$(head -c 9000 /dev/zero | tr '\0' a)
check "headers over 8 KiB are 431" is "$(http GET / -H "X-Big: $big_header")" 431
check "much bigger headers are 431 too" is "$(http GET / -H "X-Big: $big_header$big_header$big_header")" 431
head -c 70000 /dev/zero | tr '\0' a >"$work/70k"
check "a 70 KB body is 413" is "$(authed POST /api/feeds --data-binary @"$work/70k")" 413
check "a 70 KB chunked body is 413" is "$(authed POST /api/feeds -H 'Transfer-Encoding: chunked' --data-binary @"$work/70k")" 413
head -c 2200000 /dev/zero | tr '\0' a >"$work/2m"
check "an OPML upload over 2 MiB is 413" is "$(authed POST /api/opml --data-binary @"$work/2m")" 413
python3 -c "
print('<?xml version=\"1.0\"?><opml version=\"2.0\"><body>')
for i in range(8000): print('<outline text=\"f%d\" xmlUrl=\"https://many.example/%d\"/>' % (i, i))
print('</body></opml>')" >"$work/big.opml"
check "an OPML upload of $(($(wc -c <"$work/big.opml") / 1024)) KiB is taken" is "$(authed POST /api/opml --data-binary @"$work/big.opml")" 200

# Silent clients and a hundred connections at once: each is cut off after about 10 s, then the page answers.
python3 - "$port" >"$work/flood.txt" <<'EOF'
import socket, sys, time
port = int(sys.argv[1])
socks, start = [], time.time()
for _ in range(100):
    try:
        socks.append(socket.create_connection(("127.0.0.1", port), 2))
    except OSError:
        pass
silent = socks[0]
silent.settimeout(30)
try:
    cut = silent.recv(1) == b""
except OSError:
    cut = True
print("cut-after %.1f" % (time.time() - start))
for s in socks: s.close()
EOF
cut=$(awk '/cut-after/ {print $2}' "$work/flood.txt")
check "a client that sends nothing is cut off after about 10 s (${cut:-never} s)" \
  awk -v t="${cut:-99}" 'BEGIN { exit !(t >= 8 && t <= 16) }'
check "after a hundred connections at once the page answers again" is "$(http GET /)" 200

# The password never shows: not in an answer, the process list, the log, or the page.
lacks() { ! grep -qF -- "$password" "$1"; }   # lacks FILE: the password is not in FILE
ps -eo args >>"$work/ps.txt"
curl -s -b "$session" "$base/" >"$work/page.html"
check "the password is in no answer" lacks "$work/answers"
check "the password is not in the process list" lacks "$work/ps.txt"
check "the password is not in the log" lacks "$work/admin.log"
check "the password is not in the page's source" lacks "$work/page.html"

# Idle: resident size and CPU ticks over 3 s with nothing to do.
sleep 1
ticks() { awk '{print $14 + $15}' "/proc/$admin_pid/stat"; }
before=$(ticks); sleep 3; after=$(ticks)
# Resident memory in two parts: the process's own (anonymous: its heap, stacks, the data it wrote), and clean
# pages of the files it maps (the lectern binary, Debian's libraries), which the page cache holds once for every
# process mapping them and may drop at any time: on the panel the kiosk runs the same binary over the same
# libraries. What the page adds to a panel is its own part; that is the part held to 15 MB. VmRSS counts both
# and is printed beside it.
rss=$(awk '/VmRSS/ {print $2}' "/proc/$admin_pid/status")
own=$(awk '/^Rss(Anon|Shmem):/ {sum += $2} END {print sum + 0}' "/proc/$admin_pid/status")
pss=$(awk '/^Pss:/ {print $2}' "/proc/$admin_pid/smaps_rollup" 2>/dev/null)
say "idle: $own kB its own (anonymous), $rss kB VmRSS with the shared pages of the binary and libraries (PSS ${pss:-?} kB); $((after - before)) CPU ticks in 3 s"
check "idle, it uses no CPU (ticks over 3 s: $((after - before)))" test $((after - before)) -le 1
check "its own memory stays under 15 MB after the floods and uploads above ($own kB)" test "$own" -lt 15360

# SIGTERM ends it cleanly.
kill -TERM "$admin_pid"
for _ in $(seq 50); do kill -0 "$admin_pid" 2>/dev/null || break; sleep 0.1; done
check "SIGTERM stops it" sh -c "! kill -0 $admin_pid 2>/dev/null"
wait "$admin_pid"
check "it exits 0 on SIGTERM" test $? -eq 0

# Under systemd the socket comes from LISTEN_FDS (socket activation): no --listen, no capability for port 80.
if command -v systemd-socket-activate >/dev/null; then
  activated_port=$(free_port)
  systemd-socket-activate -l "127.0.0.1:$activated_port" "$bin" admin --store "$store" --state "$state" \
    >"$work/activated.log" 2>&1 & pids+=($!)
  wait_port "$activated_port"
  check "under socket activation it serves the socket systemd passed" \
    is "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$activated_port/")" 200
  check "under socket activation it says where it listens" grep -q "listening on the socket systemd passed" "$work/activated.log"
else
  say "systemd-socket-activate is not installed: socket activation not tested"
fi
summary
