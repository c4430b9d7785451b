#!/usr/bin/env bash
# Wi-Fi end to end, in QEMU: the amd64 --test image (board/qemu-x86_64) with three simulated radios on one medium
# (mac80211_hwsim): the panel's (phy0, iwd), a home network's (phy1: hostapd, dnsmasq for DHCP, in a network
# namespace of its own) and a phone's (phy2: wpa_supplicant and busybox udhcpc, in another). scripts/wifi-lab.sh is
# the laboratory's side in the guest; commands run there through the guest agent. One line per check, a summary
# last, and how long each part took.
#
# The image's part (works with any lectern): the radios, the namespaces, iwd kept to phy0, the hotspot's DNS
# (lectern-dns.service: dnsmasq as its own user on port 53, no capability), networkd addressing the panel's link
# in both modes, iwd's state on the data partition, and, with iwd driven directly (busctl, a .psk file written as
# `lectern card import` will write it, the kiosk stopped): the panel joins WPA2, WPA3-SAE and a hidden network with
# a DHCP lease, refuses a wrong password, opens a hotspot the phone joins (lease, router, DNS and option 114 from
# networkd, every name answered with 10.42.0.1), the relay to the phone's namespace answers, and the panel rejoins
# the home network after it went away for 15 s.
#
# The kiosk's part (needs a lectern with `lectern wifi`, otherwise it says so and is skipped; the contract is
# docs/wifi.md):
#   card     a lectern.conf with wifi-ssid, wifi-password, wifi-hidden, wifi-country where the card would be
#            (LECTERN_CARD_DIRECTORY): lectern-card.service, iwd and the kiosk restarted; the panel joins WPA2,
#            WPA3-SAE and a hidden network (wifi.state: step connected, address 192.168.50.x, which wlan0 has), the
#            password is gone from the card; a wrong password ends with outcome wrong-password
#   phone    `lectern wifi hotspot`: the panel's two QR codes (WIFI:... and http://10.42.0.1/) read from a
#            screendump; the phone joins with what the first says, gets a lease naming 10.42.0.1 as router and DNS,
#            any name resolves to 10.42.0.1, Android's and Apple's portal probes are redirected (302) to
#            http://10.42.0.1/; Chromium on this host through the relay picks the home network and joins it
#            (scripts/phone_browser.py --wifi); the panel joins; a wrong password brings the same hotspot back,
#            the phone re-associates, and the right one joins
#   return   the home network stopped for 15 s: the panel rejoins by itself within 60 s, never opening the hotspot
#
# Usage: test-wifi.sh PATH/TO/release/lectern   (needs root for the image build, QEMU, and on the host zbarimg,
#        and chromium, chromium-driver, python3-selenium for the browser)
# LECTERN_WIFI_LAB=1 runs the iwd-driven checks even with a kiosk that does Wi-Fi itself (it is stopped for them).
set -uo pipefail
bin=$(realpath "${1:?usage: test-wifi.sh PATH/TO/release/lectern}")
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
cache=${LECTERN_APPLIANCE_CACHE:-$repo/.build-appliance}
out=$cache/wifi-image
. "$here/qemu-lib.sh"
work=$(mktemp -d)
qemu_pid=""
cleanup() {
  [ -n "$qemu_pid" ] && kill -KILL "$qemu_pid" 2>/dev/null
  [ -n "${LECTERN_E2E_KEEP:-}" ] && mkdir -p "$LECTERN_E2E_KEEP" && cp "$work"/*.png "$work"/*.log "$LECTERN_E2E_KEEP"/ 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
test_name=test-wifi
. "$here/test-lib.sh"
total_start=$(now)
timings=()
stage() { timings+=("$1 $(since "$2") s"); say "$1: $(since "$2") s"; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
export LECTERN_QEMU_ADMIN_PORT=$(free_port) LECTERN_QEMU_RELAY_PORT=$(free_port)
relay_port=$LECTERN_QEMU_RELAY_PORT

# --- the image: appliance-e2e's when it is made of the same things, else built here --------------------------
t=$(now)
key=$(qemu_image_key "$repo" "$bin")
e2e=$cache/e2e-image
mkdir -p "$out"
if [ "$(cat "$e2e/image.key" 2>/dev/null)" = "$key" ] && [ "$(cat "$e2e/test-image" 2>/dev/null)" = 1 ]; then
  cp "$e2e/rootfs.img" "$e2e/vmlinuz" "$e2e/initrd.img" "$e2e/test-image" "$out/"
  say "the image appliance-e2e built from the same binary and scripts"
elif [ "$(cat "$out/image.key" 2>/dev/null)" != "$key" ]; then
  "$repo/board/qemu-x86_64/build-image.sh" --test "$bin" "$out" || { say "FAIL: the image did not build"; exit 1; }
  echo "$key" > "$out/image.key"
else
  say "the image this test built before from the same binary and scripts"
fi
rm -f "$out/data.img"
mkfs.ext4 -q -L lectern-data "$out/data.img" 256M
[ -n "${SUDO_UID:-}" ] && chown -R "$SUDO_UID:$SUDO_GID" "$out"
stage "image" "$t"

# --- booting, and talking to the guest ----------------------------------------------------------------------
serial=$out/serial.log
guest() { qemu_ctl qga "$out/qga.sock" run --timeout "${timeout:-60}" "$1"; }  # guest COMMAND: sh -c in the guest
lab() { timeout=${timeout:-90} guest "sh /run/wifi-lab/lab.sh $*"; }          # lab ARGS: scripts/wifi-lab.sh
put() { qemu_ctl qga "$out/qga.sock" put "$2" < "$1"; }
t=$(now)
rm -f "$serial" "$out/qmp.sock" "$out/qga.sock"
# The simulated radios are loaded for this boot only (the image's other tests run without a radio).
LECTERN_QEMU_APPEND="modules-load=mac80211_hwsim" "$repo/board/qemu-x86_64/run.sh" "$out" --headless -- -rtc "base=$(pinned_now)" &
qemu_pid=$!
if ! qemu_wait_serial "$serial" 1 "Started lectern.service" 240 40 || ! qemu_ctl qga "$out/qga.sock" wait 90; then
  check "the image boots" false
  summary; exit 1
fi
stage "boot to the kiosk's start and the guest agent" "$t"

# --- the image's part ---------------------------------------------------------------------------------------
t=$(now)
guest "mkdir -p /run/wifi-lab"
put "$here/wifi-lab.sh" /run/wifi-lab/lab.sh
check "three simulated radios at boot ($(guest "iw phy | grep -c '^Wiphy'" 2>/dev/null))" test "$(guest "iw phy | grep -c '^Wiphy'")" = 3
until_guest() {  # until_guest COMMAND SECONDS: until COMMAND succeeds in the guest
  local deadline=$((SECONDS + $2))
  until guest "$1" >/dev/null 2>&1; do [ $SECONDS -lt $deadline ] || return 1; sleep 1; done
}
check "iwd runs (D-Bus from the image's dbus)" until_guest "systemctl is-active -q iwd dbus && busctl tree --list net.connman.iwd | grep -qE '^/net/connman/iwd/[0-9]+/[0-9]+\$'" 60
# iwd's adapters are /net/connman/iwd/N: it must hold phy0 alone.
adapters=$(guest "busctl tree --list net.connman.iwd 2>/dev/null | grep -cE '^/net/connman/iwd/[0-9]+\$'")
check "iwd took phy0 only ($adapters adapter)" test "$adapters" = 1
check "iwd's state directory is the data partition's /var/lib/lectern/iwd (root's, 0700)" \
  guest "test \"\$(stat -c '%U %a' /var/lib/lectern/iwd)\" = 'root 700' && nsenter -t \$(systemctl show -p MainPID --value iwd) -m sh -c 'touch /var/lib/iwd/.probe' && test -e /var/lib/lectern/iwd/.probe && rm /var/lib/lectern/iwd/.probe"
check "the kiosk is in group netdev (iwd's D-Bus policy)" \
  guest "grep '^Groups:' /proc/\$(systemctl show -p MainPID --value lectern)/status | grep -qw \$(getent group netdev | cut -d: -f3)"
check "lectern-card.service ran at boot (no card here: it says so)" guest "journalctl -b -u lectern-card -o cat | grep -q 'nothing to take in'"
# Its one capability (which dnsmasq insists on) is held in a user namespace of its own, where it grants nothing.
check "lectern-dns.service runs as dnsmasq, its capability only in a user namespace of its own" \
  guest "systemctl is-active -q lectern-dns && pid=\$(systemctl show -p MainPID --value lectern-dns) && test \"\$(stat -c %U /proc/\$pid)\" = dnsmasq && test \"\$(readlink /proc/\$pid/ns/user)\" != \"\$(readlink /proc/1/ns/user)\""
check "ports from 53 up are unprivileged (sysctl.d)" test "$(guest "cat /proc/sys/net/ipv4/ip_unprivileged_port_start")" = 53
check "no unit failed at boot ($(guest "systemctl --failed --plain --no-legend | cut -d' ' -f1 | paste -sd' '"))" \
  test -z "$(guest "systemctl --failed --plain --no-legend")"
check "the units verify in the image (systemd-analyze verify)" \
  guest "systemd-analyze verify --man=no lectern.service lectern-card.service lectern-dns.service lectern-admin.service iwd.service 2>&1 | grep -v 'is not executable\\|ExecStartPre' | { ! grep .; }"
setup=$(lab setup 2>&1)
check "the home and phone radios in their namespaces ($setup)" grep -q '^home wlan[0-9], phone wlan[0-9]$' <<<"$setup"
panel_if=$(guest "iw dev | awk '\$1 == \"Interface\" {print \$2; exit}'")
check "the panel's radio is left ($panel_if)" test -n "$panel_if"
lab relay "$relay_port"
stage "the laboratory set up" "$t"

# What iwd says about the panel's radio (busctl: the iwd objects under the panel's device).
device=$(guest "busctl tree --list net.connman.iwd | grep -E '^/net/connman/iwd/[0-9]+/[0-9]+\$' | head -1")
hex() { printf '%s' "$1" | od -An -tx1 | tr -d ' \n'; }
ipv4() { guest "busybox ip -4 addr show dev $panel_if 2>/dev/null | awk '\$1 == \"inet\" {print \$2}' | cut -d/ -f1 | head -1"; }
until_ipv4() {  # until_ipv4 PREFIX SECONDS: until the panel's link has an IPv4 address starting with PREFIX
  local deadline=$((SECONDS + $2))
  until [[ "$(ipv4)" == "$1"* ]]; do [ $SECONDS -lt $deadline ] || return 1; sleep 1; done
}
kiosk_wifi=0
"$bin" --help 2>/dev/null | grep -q '^ *wifi ' && kiosk_wifi=1

# --- iwd driven directly (the image's part) ------------------------------------------------------------------
check "iwd shows the panel's radio on D-Bus (${device:-none})" test -n "$device"
if [ -z "$device" ]; then
  say "no iwd device: the rest needs one"
elif [ $kiosk_wifi = 0 ] || [ -n "${LECTERN_WIFI_LAB:-}" ]; then
  say "iwd driven directly (busctl), the kiosk stopped"
  guest "systemctl stop lectern"
  iwd_psk() {  # iwd_psk SSID PASSPHRASE [hidden]: a known network as card import writes it (temporary file + rename)
    local extra=""
    [ "${3:-}" = hidden ] && extra='\n[Settings]\nHidden=true'
    guest "printf '[Security]\nPassphrase=%s\n$extra\n' '$2' > /var/lib/lectern/iwd/.new && mv /var/lib/lectern/iwd/.new '/var/lib/lectern/iwd/$1.psk'"
  }
  # Forgetting the networks disconnects; the next join must earn its own address, so wait for the old one to go.
  forget_all() {
    guest "rm -f /var/lib/lectern/iwd/*.psk"
    local deadline=$((SECONDS + 15))
    while [[ "$(ipv4)" == 192.168.50.* ]] && [ $SECONDS -lt $deadline ]; do sleep 1; done
  }
  scan_sees() {  # scan_sees SSID SECONDS: a scan of the panel's radio lists SSID
    local deadline=$((SECONDS + $2))
    while [ $SECONDS -lt $deadline ]; do
      guest "busctl call net.connman.iwd $device net.connman.iwd.Station Scan" >/dev/null 2>&1
      sleep 3
      guest "busctl call net.connman.iwd $device net.connman.iwd.Station GetOrderedNetworks" | grep -q "$(hex "$1")_psk" && return 0
    done
    return 1
  }
  lab_join() {  # lab_join KIND: the home network as KIND, a .psk for it, Connect (or autoconnect when hidden)
    local kind=$1 ssid t
    t=$(now)
    forget_all
    ssid=$(lab ap "$kind")
    check "hostapd up as the $kind home network ($ssid)" test -n "$ssid"
    if [ "$kind" != hidden ]; then
      check "iwd's scan on the panel's radio sees $ssid" scan_sees "$ssid" 40
      iwd_psk "$ssid" "correct horse battery"
      guest "busctl call net.connman.iwd $device/$(hex "$ssid")_psk net.connman.iwd.Network Connect" >/dev/null 2>&1
    else
      # A known hidden network is probed for in iwd's scans; its own periodic ones back off (10 s, 20 s, ...), so
      # ask for scans, as the kiosk will, until it is joined.
      iwd_psk "$ssid" "correct horse battery" hidden
      local deadline=$((SECONDS + 90))
      until [[ "$(ipv4)" == 192.168.50.* ]] || [ $SECONDS -ge $deadline ]; do
        guest "busctl call net.connman.iwd $device net.connman.iwd.Station Scan" >/dev/null 2>&1
        sleep 8
      done
    fi
    check "the panel joined $ssid and networkd's DHCP gave wlan0 192.168.50.x ($(until_ipv4 192.168.50. 60; ipv4))" until_ipv4 192.168.50. 1
    stage "join $kind (iwd directly)" "$t"
  }
  lab_join wpa2
  check "... as WPA2-Personal" guest "busctl call net.connman.iwd $device net.connman.iwd.StationDiagnostic GetDiagnostics | grep -q 'WPA2-Personal'"
  lab_join sae
  check "... as WPA3-Personal (SAE)" guest "busctl call net.connman.iwd $device net.connman.iwd.StationDiagnostic GetDiagnostics | grep -q 'WPA3-Personal'"
  lab_join hidden

  t=$(now)
  forget_all
  lab ap wpa2 >/dev/null
  scan_sees Home-WPA2 40 >/dev/null
  iwd_psk Home-WPA2 "not the password"
  answer=$(timeout=60 guest "busctl call net.connman.iwd $device/$(hex Home-WPA2)_psk net.connman.iwd.Network Connect 2>&1")
  check "a wrong password: iwd's Connect fails (${answer:-no answer})" grep -q "Operation failed" <<<"$answer"
  stage "wrong password (iwd directly)" "$t"

  # The hotspot as the kiosk will open it: Device.Mode ap, AccessPoint.Start.
  t=$(now)
  forget_all
  guest "busctl set-property net.connman.iwd $device net.connman.iwd.Device Mode s ap && busctl call net.connman.iwd $device net.connman.iwd.AccessPoint Start ss Lectern-7E57 abcd-efgh-jkmn"
  check "the hotspot up with 10.42.0.1 on the panel's link (networkd, 25-wlan-ap.network)" until_ipv4 10.42.0.1 20
  lab phone-join Lectern-7E57 abcd-efgh-jkmn
  linked() { local deadline=$((SECONDS + $2)); until lab phone-linked "$1"; do [ $SECONDS -lt $deadline ] || return 1; sleep 1; done; }
  check "the phone joins the hotspot" linked Lectern-7E57 60
  lease=$(lab phone-dhcp)
  check "the phone's lease: 10.42.0.x, router and DNS 10.42.0.1, option 114 http://10.42.0.1/ ($(paste -sd' ' <<<"$lease"))" \
    python3 - "$lease" <<'PY'
import sys
lease = dict(line.split("=", 1) for line in sys.argv[1].splitlines() if "=" in line)
portal = lease.get("opt114", "")
try:
    portal = bytes.fromhex(portal).decode()
except ValueError:
    pass
sys.exit(0 if lease.get("ip", "").startswith("10.42.0.") and lease.get("router") == "10.42.0.1"
         and lease.get("dns", "").split()[:1] == ["10.42.0.1"] and portal == "http://10.42.0.1/" else 1)
PY
  for name in connectivitycheck.gstatic.com captive.apple.com; do
    answer=$(lab phone busybox nslookup "$name" 10.42.0.1 2>&1)
    check "the phone's DNS query for $name is answered 10.42.0.1" grep -q "Address.*10\.42\.0\.1\$" <<<"$(grep -A3 "^Name:" <<<"$answer")"
  done
  check "the phone's own resolver (resolv.conf in its namespace) finds the panel too" \
    grep -q 10.42.0.1 <<<"$(lab phone busybox nslookup example.org 2>&1 | grep -A3 '^Name:')"
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 20 -H 'Host: 10.42.0.1' "http://127.0.0.1:$relay_port/")
  check "the relay from this host into the phone's namespace reaches the panel's page ($code)" test "$code" = 200
  stage "hotspot and phone (iwd directly)" "$t"

  # The home network back after 15 s away: iwd by itself (the kiosk will ask for scans; iwd alone waits for its
  # own periodic ones, which back off: 73 s in the laboratory when this was written).
  t=$(now)
  guest "busctl call net.connman.iwd $device net.connman.iwd.AccessPoint Stop; busctl set-property net.connman.iwd $device net.connman.iwd.Device Mode s station"
  lab ap wpa2 >/dev/null
  iwd_psk Home-WPA2 "correct horse battery"
  check "back in station mode the panel rejoins the home network by itself" until_ipv4 192.168.50. 90
  station_state() { guest "busctl get-property net.connman.iwd $device net.connman.iwd.Station State" 2>/dev/null; }
  rejoined() {  # rejoined SECONDS: iwd connected again and the link addressed
    local deadline=$((SECONDS + $1))
    until [ "$(station_state)" = 's "connected"' ] && [[ "$(ipv4)" == 192.168.50.* ]]; do
      [ $SECONDS -lt $deadline ] || return 1; sleep 1
    done
  }
  lab ap stop
  check "the home network stopped: iwd sees it gone ($(sleep 3; station_state))" test "$(station_state)" != 's "connected"'
  sleep 12
  lab ap wpa2 >/dev/null
  t2=$(now)
  check "the home network back after 15 s: iwd alone rejoins within 150 s (the kiosk's scans make it faster)" \
    rejoined 150
  say "iwd alone rejoined $(since "$t2") s after the home network came back"
  stage "home network away and back (iwd directly)" "$t"
  forget_all
  lab ap stop
  guest "systemctl start lectern"
fi

# --- the kiosk's part (Wi-Fi in lectern itself) --------------------------------------------------------------
if [ $kiosk_wifi = 0 ]; then
  say "skipped: the kiosk's part (card, phone, return): $bin has no 'lectern wifi' yet"
  timeout 30 python3 "$qemu_lib_dir/qemu_ctl.py" qmp "$out/qmp.sock" quit 2>/dev/null || kill -KILL "$qemu_pid" 2>/dev/null
  wait "$qemu_pid" 2>/dev/null; qemu_pid=""
  say "timings: $(IFS=';'; echo "${timings[*]}")"
  summary "; total $(since "$total_start") s"
  exit
fi

state_file=$work/wifi.state
read_state() { guest "cat /var/lib/lectern/wifi.state 2>/dev/null" > "$state_file" 2>/dev/null; }
state_is() {  # state_is PYTHON: the expression over wifi.state (s) holds
  python3 - "$state_file" "$1" <<'PY' 2>/dev/null
import json, sys
try:
    s = json.load(open(sys.argv[1]))
except ValueError:
    sys.exit(1)
sys.exit(0 if eval(sys.argv[2]) else 1)
PY
}
state_of() { python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$state_file" "$1" 2>/dev/null; }
steps_seen=$work/steps
until_state() {  # until_state PYTHON SECONDS: until wifi.state satisfies it; every step seen goes to $steps_seen
  local deadline=$((SECONDS + $2))
  while :; do
    read_state
    state_of 's.get("step")' >> "$steps_seen"
    state_is "$1" && return 0
    [ $SECONDS -lt $deadline ] || { say "wifi.state after $2 s: $(cat "$state_file")"; return 1; }
    sleep 1
  done
}
card=/run/lectern-test-card
# The card where lectern card import and the kiosk look for it (the amd64 image has no boot partition).
guest "mkdir -p $card /run/systemd/system/lectern-card.service.d /run/systemd/system/lectern.service.d && printf '[Service]\nEnvironment=LECTERN_CARD_DIRECTORY=$card\n' | tee /run/systemd/system/lectern-card.service.d/card.conf > /run/systemd/system/lectern.service.d/card.conf && systemctl daemon-reload"
from_card() {  # from_card SSID PASSWORD [hidden]: the card's lectern.conf, taken in, iwd and the kiosk restarted
  { echo "wifi-ssid = $1"; echo "wifi-password = $2"; echo "wifi-country = DE"
    [ "${3:-}" = hidden ] && echo "wifi-hidden = on"; } > "$work/card.conf"
  put "$work/card.conf" "$card/lectern.conf"
  guest "systemctl restart lectern-card.service && systemctl restart iwd lectern"
}
say "card: the home network from the card's lectern.conf"
for kind in wpa2 sae hidden; do
  t=$(now)
  ssid=$(lab ap "$kind")
  from_card "$ssid" "correct horse battery" "$([ "$kind" = hidden ] && echo hidden)"
  check "card ($kind): the password left the card" guest "! grep -q '^wifi-password' $card/lectern.conf"
  check "card ($kind): iwd knows $ssid from the card (/var/lib/lectern/iwd/$ssid.psk)" guest "test -f '/var/lib/lectern/iwd/$ssid.psk'"
  check "card ($kind): wifi.state says connected to $ssid with a 192.168.50.x address" \
    until_state "s.get('step') == 'connected' and s.get('network') == '$ssid' and (s.get('address') or '').startswith('192.168.50.')" 90
  check "card ($kind): wlan0 has that address ($(ipv4))" test "$(ipv4)" = "$(state_of 's["address"]')"
  stage "card $kind" "$t"
done
t=$(now)
lab ap wpa2 >/dev/null
from_card Home-WPA2 "not the password"
check "card (wrong password): wifi.state's outcome is wrong-password" \
  until_state "(s.get('outcome') or {}).get('result') == 'wrong-password' and s['outcome'].get('network') == 'Home-WPA2'" 90
stage "card wrong password" "$t"
guest "rm -f $card/lectern.conf /var/lib/lectern/iwd/*.psk"

say "phone: set up over the hotspot"
t=$(now)
lab ap wpa2 >/dev/null
guest "runuser -u lectern -- lectern wifi hotspot --state /var/lib/lectern" >/dev/null
check "lectern wifi hotspot: wifi.state says hotspot, with its name" \
  until_state "s.get('step') == 'hotspot' and str(s.get('hotspot') or '').startswith('Lectern-') and s.get('address') == '10.42.0.1'" 60
hotspot=$(state_of 's["hotspot"]')
codes=""
for _ in $(seq 30); do
  qemu_screendump "$out/qmp.sock" "$work/hotspot.png"
  codes=$(zbarimg --raw -q "$work/hotspot.png" 2>/dev/null)
  grep -q '^WIFI:' <<<"$codes" && grep -qx 'http://10.42.0.1/' <<<"$codes" && break
  sleep 1
done
check "the panel shows two QR codes: WIFI:... and http://10.42.0.1/ ($(paste -sd' ' <<<"$codes"))" \
  bash -c 'grep -q "^WIFI:" <<<"$1" && grep -qx "http://10.42.0.1/" <<<"$1"' _ "$codes"
# The WIFI: code's fields, unescaped as ZXing does (\ ; , : " escaped with a backslash).
wifi_field() { python3 - "$(grep '^WIFI:' <<<"$codes" | head -1)" "$1" <<'PY'
import re, sys
text, key = sys.argv[1][5:], sys.argv[2]
for m in re.finditer(r'([A-Z]+):((?:\\.|[^;\\])*);', text):
    if m.group(1) == key:
        print(re.sub(r'\\(.)', r'\1', m.group(2)))
PY
}
qr_ssid=$(wifi_field S) qr_pass=$(wifi_field P)
check "the WIFI: code names the hotspot ($qr_ssid, type $(wifi_field T))" test -n "$qr_ssid" -a "$qr_ssid" = "$hotspot"
check "... with a passphrase of the form xxxx-xxxx-xxxx" grep -qE '^[a-km-z2-9]{4}-[a-km-z2-9]{4}-[a-km-z2-9]{4}$' <<<"$qr_pass"
lab phone-join "$qr_ssid" "$qr_pass"
linked() { local deadline=$((SECONDS + $2)); until lab phone-linked "$1"; do [ $SECONDS -lt $deadline ] || return 1; sleep 1; done; }
check "the phone joins the hotspot with what the code says" linked "$qr_ssid" 60
lease=$(lab phone-dhcp)
check "the phone's lease names 10.42.0.1 as router and DNS ($(paste -sd' ' <<<"$lease"))" \
  bash -c 'grep -q "^ip=10\.42\.0\." <<<"$1" && grep -qx "router=10.42.0.1" <<<"$1" && grep -q "^dns=10.42.0.1" <<<"$1"' _ "$lease"
check "connectivitycheck.gstatic.com resolves to 10.42.0.1 on the phone" \
  grep -q "10\.42\.0\.1" <<<"$(lab phone busybox nslookup connectivitycheck.gstatic.com 10.42.0.1 2>&1 | grep -A3 '^Name:')"
for url in http://connectivitycheck.gstatic.com/generate_204 http://captive.apple.com/hotspot-detect.html; do
  # (no -T: busybox 1.35's wget crashes with it; timeout(1) bounds it instead)
  answer=$(lab phone timeout 20 busybox wget -S -O /dev/null "$url" 2>&1)
  check "the phone's portal probe $url is redirected (302) to http://10.42.0.1/" \
    bash -c 'grep -q "HTTP/1.[01] 302" <<<"$1" && grep -qiE "Location: http://10\.42\.0\.1/[[:space:]]*$" <<<"$1"' _ "$answer"
done
stage "hotspot, QR codes and the phone's join" "$t"

browser_join() {  # browser_join NETWORK PASSWORD SHOT: Chromium on this host through the relay
  local browser=/usr/bin/python3
  command -v chromium >/dev/null && command -v chromedriver >/dev/null && "$browser" -c 'import selenium' 2>/dev/null || {
    say "no chromium, chromium-driver or python3-selenium on this host"; return 1; }
  "$browser" "$here/phone_browser.py" --wifi "$relay_port" "$1" "$2" "$work/$3" | sed "s/^/$test_name: browser: /"
  return "${PIPESTATUS[0]}"
}
t=$(now)
check "a browser through the relay picks Home-WPA2 and joins it with the password" browser_join Home-WPA2 "correct horse battery" page-join.png
check "the panel joins Home-WPA2 (wifi.state: connected, outcome joined with an address)" \
  until_state "s.get('step') == 'connected' and (s.get('outcome') or {}).get('result') == 'joined' and (s['outcome'].get('address') or '').startswith('192.168.50.')" 90
qemu_screendump "$out/qmp.sock" "$work/joined.png"
stage "joined from the phone's browser" "$t"
t=$(now)
guest "runuser -u lectern -- lectern wifi hotspot --state /var/lib/lectern" >/dev/null
check "the hotspot again, from the panel joined" until_state "s.get('step') == 'hotspot' and s.get('hotspot')" 60
if [ "$(state_of 's["hotspot"]')" != "$hotspot" ]; then
  # Another kiosk run, another hotspot: the phone scans the panel's code again.
  hotspot=$(state_of 's["hotspot"]')
  for _ in $(seq 30); do
    qemu_screendump "$out/qmp.sock" "$work/hotspot-again.png"
    codes=$(zbarimg --raw -q "$work/hotspot-again.png" 2>/dev/null)
    grep -q '^WIFI:' <<<"$codes" && break
    sleep 1
  done
  qr_ssid=$(wifi_field S) qr_pass=$(wifi_field P)
  lab phone-join "$qr_ssid" "$qr_pass"
fi
check "... which the phone joins" linked "$qr_ssid" 60
check "a wrong password from the browser is taken" browser_join Home-WPA2 "not the password" page-wrong.png
check "... and ends with outcome wrong-password" \
  until_state "(s.get('outcome') or {}).get('result') == 'wrong-password'" 90
check "... with the same hotspot back" until_state "s.get('step') == 'hotspot' and s.get('hotspot') == '$hotspot'" 60
check "... which the phone re-associates with by itself" linked "$qr_ssid" 60
check "the retry with the right password is taken" browser_join Home-WPA2 "correct horse battery" page-retry.png
check "... and the panel joins" \
  until_state "s.get('step') == 'connected' and (s.get('outcome') or {}).get('result') == 'joined'" 90
qemu_screendump "$out/qmp.sock" "$work/rejoined.png"
stage "wrong password and retry from the phone" "$t"

say "return: the home network away for 15 s"
t=$(now)
: > "$steps_seen"
lab ap stop
until_state "False" 15 >/dev/null  # 15 s of wifi.state, every step noted
check "the panel saw the home network go (steps: $(sort -u "$steps_seen" | paste -sd' '))" grep -qx retrying "$steps_seen"
lab ap wpa2 >/dev/null
check "the panel rejoins the home network within 60 s of its return" \
  until_state "s.get('step') == 'connected' and s.get('network') == 'Home-WPA2' and s.get('address')" 60
check "... without ever opening the hotspot (steps: $(sort -u "$steps_seen" | paste -sd' '))" bash -c '! grep -qx hotspot "$1"' _ "$steps_seen"
stage "return of the home network" "$t"

timeout 30 python3 "$qemu_lib_dir/qemu_ctl.py" qmp "$out/qmp.sock" quit 2>/dev/null || kill -KILL "$qemu_pid" 2>/dev/null
wait "$qemu_pid" 2>/dev/null; qemu_pid=""
say "timings: $(IFS=';'; echo "${timings[*]}")"
summary "; total $(since "$total_start") s"
