#!/bin/sh
# The Wi-Fi test's laboratory inside the --test image (scripts/test-wifi.sh copies it to /run/wifi-lab/lab.sh and
# runs it through the guest agent). Three simulated radios (mac80211_hwsim radios=3) share one medium: phy0 is the
# panel's (iwd is kept to it), phy1 goes into a "home" network namespace where hostapd plays the home network
# (192.168.50.1/24, dnsmasq for DHCP), phy2 into a "phone" namespace where wpa_supplicant and busybox udhcpc play a
# phone. Each namespace is held by a `sleep infinity`; the phone's has its own mount namespace too, whose
# /etc/resolv.conf names the DHCP server's DNS, so that a name the phone looks up goes to the panel.
#
#   lab.sh setup                        the namespaces, the radios moved into them, the relay (below)
#   lab.sh ap wpa2|sae|hidden|stop      (re)starts the home network as that kind (prints its SSID), or stops it
#   lab.sh home CMD...                  CMD in the home namespace
#   lab.sh phone CMD...                 CMD in the phone's namespaces
#   lab.sh phone-join SSID PASSPHRASE   wpa_supplicant (re)started for that network
#   lab.sh phone-linked SSID            exits 0 while the phone is associated with SSID
#   lab.sh phone-dhcp                   one DHCP exchange (udhcpc); the lease's fields in /run/wifi-lab/phone.lease
#   lab.sh relay PORT                   socat on PORT (all addresses) relaying each connection to 10.42.0.1:80 from
#                                       inside the phone's namespace, for a browser on the test's host
# Test-only: nothing of this is in a real image.
set -u
lab=/run/wifi-lab
ssid_wpa2=Home-WPA2 ssid_sae=Home-SAE ssid_hidden=Home-Hidden
home_pass="correct horse battery"
ns_home() { nsenter --net=/proc/"$(cat $lab/home.pid)"/ns/net "$@"; }
ns_phone() { nsenter --net=/proc/"$(cat $lab/phone.pid)"/ns/net --mount=/proc/"$(cat $lab/phone.pid)"/ns/mnt "$@"; }
ifname() { "$1" iw dev | awk '$1 == "Interface" {print $2; exit}'; }
stop_pidfile() { [ -f "$1" ] && kill "$(cat "$1")" 2>/dev/null; rm -f "$1"; }

case ${1:?usage: lab.sh setup|ap|home|phone|phone-join|phone-linked|phone-dhcp|relay} in
setup)
  mkdir -p $lab
  printf 'nameserver 10.42.0.1\n' > $lab/phone-resolv.conf
  unshare --net sleep infinity </dev/null >/dev/null 2>&1 &
  echo $! > $lab/home.pid
  # The phone's resolv.conf: a bind mount inside its own mount namespace (the root is read-only).
  unshare --net --mount sh -c "busybox mount -o bind $lab/phone-resolv.conf /etc/resolv.conf; exec sleep infinity" </dev/null >/dev/null 2>&1 &
  echo $! > $lab/phone.pid
  sleep 0.5
  iw phy phy1 set netns "$(cat $lab/home.pid)" || exit 1
  iw phy phy2 set netns "$(cat $lab/phone.pid)" || exit 1
  ns_home busybox ip link set lo up
  ns_phone busybox ip link set lo up
  home_if=$(ifname ns_home) phone_if=$(ifname ns_phone)
  [ -n "$home_if" ] && [ -n "$phone_if" ] || { echo "no interface in a namespace (home: $home_if, phone: $phone_if)"; exit 1; }
  echo "$home_if" > $lab/home.if
  echo "$phone_if" > $lab/phone.if
  ns_home busybox ip addr add 192.168.50.1/24 dev "$home_if"
  echo "home $home_if, phone $phone_if"
  ;;
ap)
  stop_pidfile $lab/hostapd.pid
  [ "$2" = stop ] && exit 0
  home_if=$(cat $lab/home.if)
  case $2 in
    wpa2) ssid=$ssid_wpa2 security="wpa_key_mgmt=WPA-PSK" ;;
    sae) ssid=$ssid_sae security="wpa_key_mgmt=SAE
ieee80211w=2
sae_pwe=2" ;;
    hidden) ssid=$ssid_hidden security="wpa_key_mgmt=WPA-PSK
ignore_broadcast_ssid=1" ;;
    *) echo "no such home network: $2"; exit 2 ;;
  esac
  cat > $lab/hostapd.conf <<EOF
interface=$home_if
driver=nl80211
hw_mode=g
channel=1
ssid=$ssid
wpa=2
rsn_pairwise=CCMP
wpa_passphrase=$home_pass
$security
EOF
  ns_home hostapd -B -P $lab/hostapd.pid $lab/hostapd.conf > $lab/hostapd.log 2>&1 || { cat $lab/hostapd.log; exit 1; }
  # DHCP for the home network: once, it outlives hostapd's restarts.
  if [ ! -f $lab/home-dnsmasq.pid ]; then
    ns_home dnsmasq --conf-file=/dev/null --port=0 --interface="$home_if" --bind-interfaces \
      --dhcp-range=192.168.50.10,192.168.50.99,1h --dhcp-leasefile=$lab/home.leases --pid-file=$lab/home-dnsmasq.pid
  fi
  echo "$ssid"
  ;;
home) shift; ns_home "$@" ;;
phone) shift; ns_phone "$@" ;;
phone-join)
  stop_pidfile $lab/wpa_supplicant.pid
  sleep 0.3
  wpa_passphrase "$2" "$3" > $lab/phone.conf || exit 1
  ns_phone wpa_supplicant -B -P $lab/wpa_supplicant.pid -i "$(cat $lab/phone.if)" -D nl80211 -c $lab/phone.conf > $lab/wpa_supplicant.log 2>&1
  ;;
phone-linked)
  ns_phone iw dev "$(cat $lab/phone.if)" link | grep -qF "SSID: $2"
  ;;
phone-dhcp)
  cat > $lab/udhcpc.script <<'EOF'
#!/bin/sh
case $1 in
  bound|renew)
    busybox ip addr flush dev "$interface"
    busybox ip addr add "$ip/${mask:-24}" dev "$interface"
    printf 'ip=%s\nrouter=%s\ndns=%s\nopt114=%s\n' "$ip" "$router" "$dns" "${opt114:-}" > /run/wifi-lab/phone.lease ;;
esac
EOF
  chmod +x $lab/udhcpc.script
  rm -f $lab/phone.lease
  ns_phone busybox udhcpc -i "$(cat $lab/phone.if)" -q -n -t 8 -T 2 -O 114 -s $lab/udhcpc.script >/dev/null 2>&1
  cat $lab/phone.lease
  ;;
relay)
  printf '#!/bin/sh\nexec nsenter --net=/proc/%s/ns/net socat STDIO TCP:10.42.0.1:80,connect-timeout=5\n' "$(cat $lab/phone.pid)" > $lab/relay-inner.sh
  chmod +x $lab/relay-inner.sh
  stop_pidfile $lab/relay.pid
  socat TCP-LISTEN:"$2",reuseaddr,fork EXEC:$lab/relay-inner.sh </dev/null >/dev/null 2>&1 &
  echo $! > $lab/relay.pid
  ;;
*) echo "lab.sh: unknown command $1"; exit 2 ;;
esac
