extension AdminPage {
    /// What the page does with JavaScript: every change through the same API an outside program uses, with the
    /// session's CSRF token; pairing from the code in the address's fragment, which never reaches the server.
    static let script = #"""
"use strict";
const csrfMeta = document.querySelector('meta[name="lectern-csrf"]');
const csrf = csrfMeta ? csrfMeta.content : "";
const $ = (id) => document.getElementById(id);
function say(id, text, good) { const el = $(id); el.textContent = text; el.className = "status " + (good ? "good" : "bad"); }
async function api(method, path, body, type) {
  const headers = {};
  if (method !== "GET") headers["X-Lectern-CSRF"] = csrf;
  if (body !== undefined) headers["Content-Type"] = type || "application/json";
  const response = await fetch(path, {method, headers, credentials: "same-origin",
    body: body === undefined ? undefined : (type ? body : JSON.stringify(body))});
  let data = null;
  if (response.status !== 204) { try { data = await response.json(); } catch (e) { data = null; } }
  if (response.status === 401) { location.href = "/"; }
  return {ok: response.ok, status: response.status, data: data || {}};
}
function el(tag, props, ...children) {
  const e = document.createElement(tag);
  Object.assign(e, props || {});
  for (const c of children) e.append(c);
  return e;
}
function feedItem(f) {
  const li = el("li", {className: f.muted ? "muted" : ""});
  li.append(el("span", {className: "count", textContent: f.unread + " unread"}),
            el("div", {className: "feed-title", textContent: f.title || f.url}),
            el("div", {className: "feed-url", textContent: f.url + (f.status && f.status !== "ok" ? " · " + f.status : "")}));
  const mute = el("button", {type: "button", className: "quiet", textContent: f.muted ? "Unmute" : "Mute"});
  mute.setAttribute("aria-label", (f.muted ? "Unmute " : "Mute ") + (f.title || f.url));
  mute.onclick = async () => { const r = await api("PUT", "/api/feeds", {url: f.url, muted: !f.muted}); if (r.ok) loadFeeds(); else say("feeds-status", r.data.error || "Not changed", false); };
  const remove = el("button", {type: "button", className: "quiet", textContent: "Remove"});
  remove.setAttribute("aria-label", "Remove " + (f.title || f.url));
  remove.onclick = async () => {
    if (!confirm("Remove " + (f.title || f.url) + " from the panel?")) return;
    const r = await api("DELETE", "/api/feeds?url=" + encodeURIComponent(f.url));
    if (r.ok) { say("feeds-status", "Removed " + (f.title || f.url), true); loadFeeds(); } else say("feeds-status", r.data.error || "Not removed", false);
  };
  li.append(el("div", {className: "actions"}, mute, remove));
  return li;
}
async function loadFeeds() {
  const r = await api("GET", "/api/feeds");
  if (!r.ok) return;
  const list = $("feeds");
  list.replaceChildren(...r.data.feeds.map(feedItem));
  if (!r.data.feeds.length) list.append(el("li", {className: "soft", textContent: "No feeds yet: add a site above, or import a file."}));
}
async function loadSettings() {
  const r = await api("GET", "/api/settings");
  if (!r.ok) return;
  const s = r.data.settings;
  for (const input of $("settings-form").elements) {
    const entry = s[input.name];
    if (!entry) continue;
    input.value = entry.value;
    input.dataset.loaded = entry.value;
    const fixed = entry.source === "environment" || entry.source === "flag";
    input.disabled = fixed;
    const from = document.querySelector('[data-from="' + input.name + '"]');
    if (from) from.textContent = entry.source === "default" ? "" : "(" + ({file: "from the image", card: "from the card", panel: "set on the panel", phone: "set from a phone", environment: "fixed by the service", flag: "fixed by the service"}[entry.source] || entry.source) + ")";
  }
}
async function loadAccount() {
  const r = await api("GET", "/api/account");
  if (!r.ok) return;
  $("a-sync").value = r.data.sync || "local";
  $("a-url").value = r.data["sync-url"] || "";
  $("a-user").value = r.data["sync-user"] || "";
  $("a-password-set").textContent = r.data.password === "set" ? "(one is kept; type it again to change the account)" : "";
  if (r.data.last) say("account-status", "Last synced " + new Date(r.data.last).toLocaleString(), true);
}
async function loadPhones() {
  const r = await api("GET", "/api/phones");
  if (!r.ok) return;
  $("phones").replaceChildren(...r.data.phones.map((p) => {
    const forget = el("button", {type: "button", className: "quiet", textContent: p.you ? "Forget this phone" : "Forget"});
    forget.setAttribute("aria-label", "Forget " + p.name);
    forget.onclick = async () => { const x = await api("DELETE", "/api/phones/" + encodeURIComponent(p.id)); if (x.ok) { if (p.you) location.href = "/"; else loadPhones(); } };
    return el("li", {}, el("div", {className: "feed-title", textContent: p.name + (p.you ? " (this phone)" : "")}),
              el("div", {className: "feed-url", textContent: "Paired " + new Date(p.paired).toLocaleDateString()}),
              el("div", {className: "actions"}, forget));
  }));
}
async function pair(code) {
  const r = await api("POST", "/api/pair", {code: code});
  if (r.ok) { history.replaceState(null, "", "/"); location.reload(); return; }
  say("pair-status", r.status === 403 ? "That code did not work (" + (r.data.error || "refused") + "). Touch Phone on the panel for a new one." : (r.data.error || "Not paired"), false);
}
$("pair-form").onsubmit = (e) => { e.preventDefault(); pair($("code").value); };
$("add-form").onsubmit = async (e) => {
  e.preventDefault();
  say("feeds-status", "Looking for the feed…", true);
  const r = await api("POST", "/api/feeds", {url: $("add-url").value.trim()});
  if (r.ok) { say("feeds-status", "Added " + (r.data.title || r.data.url) + ": the panel shows it in a moment.", true); $("add-url").value = ""; loadFeeds(); }
  else say("feeds-status", r.data.error || "Not added", false);
};
$("opml-file").onchange = async () => {
  const file = $("opml-file").files[0];
  if (!file) return;
  const r = await api("POST", "/api/opml", await file.text(), "text/x-opml");
  if (r.ok) { say("opml-status", "Added " + r.data.added + " feeds.", true); loadFeeds(); } else say("opml-status", r.data.error || "Not imported", false);
};
$("settings-form").onsubmit = async (e) => {
  e.preventDefault();
  const changes = {};
  // Only what the person changed: a key left alone keeps the source it had (the card, the image).
  for (const input of $("settings-form").elements) {
    if (!input.name || input.disabled) continue;
    const value = input.value.trim() || (input.name === "night" ? "off" : "");
    if (value !== input.dataset.loaded) changes[input.name] = value;
  }
  if (!Object.keys(changes).length) { say("settings-status", "Nothing changed.", true); return; }
  const r = await api("PUT", "/api/settings", changes);
  if (r.ok) { say("settings-status", "Saved: the panel shows it now.", true); loadSettings(); } else say("settings-status", r.data.error || "Not saved", false);
};
$("account-form").onsubmit = async (e) => {
  e.preventDefault();
  say("account-status", "Signing in…", true);
  const r = await api("PUT", "/api/account", {sync: $("a-sync").value, "sync-url": $("a-url").value.trim(), "sync-user": $("a-user").value.trim(), password: $("a-password").value});
  $("a-password").value = "";
  if (r.ok) { say("account-status", $("a-sync").value === "local" ? "The panel fetches its feeds itself again." : "Signed in: the panel syncs with this account now.", true); loadAccount(); }
  else say("account-status", r.data.error || "Not signed in", false);
};
// Wi-Fi: what the kiosk last wrote (wifi.state), and a join left for it to carry out.
const hotspot = document.body.dataset.hotspot === "1";
const bars = (dbm) => dbm >= -55 ? "▂▄▆█" : dbm >= -67 ? "▂▄▆" : dbm >= -75 ? "▂▄" : "▂";
const outcomes = {
  "joined": (n, a) => "The panel is on " + n + (a ? " at " + a : "") + ".",
  "wrong-password": (n) => "Wrong password for " + n + ": try again.",
  "not-found": (n) => "The panel cannot find " + n + ": check its name, or bring the panel nearer the router.",
  "no-address": (n) => n + " let the panel in but gave it no address: check the router, then try again.",
  "failed": (n) => "The panel could not join " + n + ": try again."};
let wifiLast = null, wifiListed = "", wifiPoll = null;
let wifiChosen = false;
function wifiOther() { $("wifi-hidden-box").hidden = $("wifi-network").value !== ""; }
function wifiList(networks) {
  const select = $("wifi-network"), text = JSON.stringify(networks);
  // Not while the person is choosing: a list redrawn under a finger picks the wrong network.
  if (text === wifiListed || document.activeElement === select) return;
  wifiListed = text;
  const chosen = select.value;
  const items = networks.slice().sort((a, b) => b.signal - a.signal).map((n) => el("option", {value: n.ssid,
    textContent: n.ssid + "  " + bars(n.signal) + (n.security === "open" ? "" : " 🔒") + (n.known ? " · saved" : "")}));
  select.replaceChildren(...items, select.querySelector("[data-other]"));
  // The person's choice stays; before any, the strongest network is offered.
  if (wifiChosen && [...select.options].some((o) => o.value === chosen)) select.value = chosen;
  else if (items.length) select.value = items[0].value;
  wifiOther();
}
async function loadWiFi() {
  const r = await api("GET", "/api/wifi");
  if (!r.ok) return;
  const w = r.data;
  if (!w.radio) { $("wifi-current").hidden = true; if (!hotspot) $("wifi-section").hidden = true; return; }
  $("wifi-section").hidden = false;
  wifiList(w.networks || []);
  const on = !hotspot && w.step === "connected" && w.network;
  $("wifi-current").hidden = !on;
  if (on) {
    $("wifi-current-text").textContent = "Wi-Fi: " + w.network + (w.signal != null ? " · " + bars(w.signal) + " " + w.signal + " dBm" : "") + (w.address ? " · " + w.address : "");
    $("wifi-forget").dataset.network = w.network;
  }
  const o = w.outcome;
  // A join's end, told once: after one sent from here, or the failure that brought this phone back to the hotspot.
  if (o && o.at !== wifiLast && (wifiLast !== null || (hotspot && w.step === "hotspot" && o.result !== "joined"))) {
    say("wifi-status", (outcomes[o.result] || outcomes.failed)(o.network, o.address), o.result === "joined");
  }
  wifiLast = o ? o.at : 0;
}
$("wifi-network").onchange = () => { wifiChosen = true; wifiOther(); };
$("wifi-form").onsubmit = async (e) => {
  e.preventDefault();
  const other = $("wifi-network").value === "";
  const network = other ? $("wifi-hidden-name").value.trim() : $("wifi-network").value;
  if (!network) { say("wifi-status", "Type the network's name.", false); $("wifi-hidden-name").focus(); return; }
  const r = await api("POST", "/api/wifi", {network, password: $("wifi-password").value, hidden: other});
  if (r.status === 202) {
    $("wifi-password").value = "";
    say("wifi-status", "The panel is joining " + network + " now; " + (hotspot ? "this phone will lose the hotspot." : "it may leave this network meanwhile.") + " Watch the panel.", true);
    // The phone is off the hotspot while the panel tries; a failure brings it back, and the next poll tells why.
    if (!wifiPoll) wifiPoll = setInterval(() => loadWiFi().catch(() => {}), 2000);
  } else say("wifi-status", r.status === 409 ? "This panel has no Wi-Fi." : (r.data.error || "Not sent"), false);
};
$("wifi-forget").onclick = async () => {
  const network = $("wifi-forget").dataset.network;
  if (!confirm("Forget " + network + "? The panel leaves it and needs its password to join again.")) return;
  const r = await api("DELETE", "/api/wifi?network=" + encodeURIComponent(network));
  say("wifi-forget-status", r.ok ? "The panel forgets " + network + "." : (r.data.error || "Not forgotten"), r.ok);
};
if (csrf) {
  $("where").textContent = hotspot ? "Set up the panel from this phone: Wi-Fi first." : "This phone is paired with the panel.";
  loadWiFi(); loadFeeds(); loadSettings(); loadAccount(); loadPhones();
} else if (hotspot) {
  // On the panel's hotspot, being here is the pairing: only someone who read its passphrase on the panel joined.
  // Once per tab, so a browser that keeps no cookie says so instead of reloading for ever.
  if (sessionStorage.getItem("lectern-hotspot-paired")) say("pair-status", "This browser kept no cookie from the panel: allow cookies for 10.42.0.1 and reload.", false);
  else {
    say("pair-status", "Connecting this phone to the panel…", true);
    api("POST", "/api/pair", {}).then((r) => {
      if (r.ok) { sessionStorage.setItem("lectern-hotspot-paired", "1"); history.replaceState(null, "", "/"); location.reload(); }
      else say("pair-status", r.data.error || "Not paired", false);
    });
  }
} else { const code = location.hash.slice(1); if (code) { $("code").value = code; pair(code); } }
"""#
}
