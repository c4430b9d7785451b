import Feeds

/// The page a phone manages the panel from: one document, no external assets, no framework, made for a phone
/// held in one hand and readable in dark mode. Without JavaScript it still lists the feeds (rendered here); with
/// it, everything goes through the same API an outside program uses. The session's CSRF token is handed to the
/// page's script in a meta tag: a page from another site can neither read it nor send the cookie (SameSite).
public enum AdminPage {
    /// The page for a paired phone (`feeds` and `csrf` given) or for one that is not (both nil: the pairing form).
    /// `overHotspot`: served to a phone on the panel's own hotspot, where the script pairs without a code and Wi-Fi
    /// comes first; `wifi`: the panel has a radio, so the Wi-Fi section is shown (always over the hotspot).
    public static func html(feeds: [AdminFeed]?, csrf: String?, overHotspot: Bool = false, wifi: Bool = false) -> String {
        let paired = csrf != nil
        return template
            .replacing("{{CSRF_META}}", with: csrf.map { "<meta name=\"lectern-csrf\" content=\"\(MarkupText.escaped($0))\">" } ?? "")
            .replacing("{{HOTSPOT}}", with: overHotspot ? " data-hotspot=\"1\"" : "")
            .replacing("{{WIFI_HIDDEN}}", with: wifi || overHotspot ? "" : " hidden")
            .replacing("{{WIFI_NEXT_HIDDEN}}", with: overHotspot ? "" : " hidden")
            .replacing("{{PAIR_HIDDEN}}", with: paired ? " hidden" : "")
            .replacing("{{PAIRED_HIDDEN}}", with: paired ? "" : " hidden")
            .replacing("{{FEEDS}}", with: (feeds ?? []).map(item).joined())
    }

    /// A feed as the list shows it before the script takes over.
    static func item(_ feed: AdminFeed) -> String {
        let status = feed.status == "ok" ? "" : " · " + MarkupText.escaped(feed.status)
        return "<li\(feed.muted ? " class=\"muted\"" : "")><span class=\"count\">\(feed.unread) unread</span>"
            + "<div class=\"feed-title\">\(MarkupText.escaped(feed.title.isEmpty ? feed.url : feed.title))</div>"
            + "<div class=\"feed-url\">\(MarkupText.escaped(feed.url))\(status)</div></li>"
    }

    /// The document: its head, the style, the controls, the script.
    static let template = head + "<style>\n" + style + "</style>\n" + controls + "<script>\n" + script + "</script>\n" + end

    static let head = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
{{CSRF_META}}
<title>Lectern</title>
"""#

    static let controls = #"""
</head>
<body{{HOTSPOT}}>
<header><h1>Lectern</h1><p class="soft" id="where">The panel on your wall, from your phone.</p></header>
<main>
<section id="pair"{{PAIR_HIDDEN}}>
<h2>Pair this phone</h2>
<p>On the panel, open the menu (pull from its right edge) and touch <b>Phone</b>. Scan the code it shows with this phone's camera, or type the code here.</p>
<form id="pair-form">
<label for="code">Code from the panel</label>
<input id="code" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" placeholder="ABCD EFGH …">
<p><button type="submit">Pair</button></p>
<p class="status" id="pair-status" role="status"></p>
</form>
</section>
<div id="paired"{{PAIRED_HIDDEN}}>
<section id="wifi-section"{{WIFI_HIDDEN}}>
<h2>Wi-Fi</h2>
<p class="soft">The network the panel joins. It leaves its set-up network to try it, and says on its screen how it went.</p>
<form id="wifi-form" autocomplete="off">
<label for="wifi-network">Network</label>
<select id="wifi-network"><option value="" data-other="1">Other (hidden) network…</option></select>
<div id="wifi-hidden-box"><label for="wifi-hidden-name">Network name</label>
<input id="wifi-hidden-name" maxlength="32" autocomplete="off" autocapitalize="none" spellcheck="false"></div>
<label for="wifi-password">Password <span class="from">(none for an open network)</span></label>
<input id="wifi-password" type="password" autocomplete="off" autocapitalize="none" spellcheck="false">
<p><button type="submit" id="wifi-join">Join</button></p>
<p class="status" id="wifi-status" role="status"></p>
</form>
<p class="soft" id="wifi-next"{{WIFI_NEXT_HIDDEN}}>Then the rest: <a href="#feeds-section">feeds</a> and <a href="#account-section">an aggregator account</a>. Once the panel and this phone are on your network, touch <b>Phone</b> on the panel to reach this page at the panel's new address.</p>
</section>
<section id="feeds-section">
<h2>Feeds</h2>
<form id="add-form" class="row">
<div><label for="add-url">Add a site or a feed</label>
<input id="add-url" type="url" inputmode="url" placeholder="https://example.org" required></div>
<button type="submit">Add</button>
</form>
<p class="status" id="feeds-status" role="status"></p>
<ul id="feeds">{{FEEDS}}</ul>
</section>
<section id="opml-section">
<h2>Import and export</h2>
<label for="opml-file">Feeds from another reader (an OPML file)</label>
<input id="opml-file" type="file" accept=".opml,.xml,text/xml,text/x-opml,application/xml">
<p class="status" id="opml-status" role="status"></p>
<p><a href="/api/opml" download="lectern-feeds.opml">Download this panel's feeds (OPML)</a></p>
</section>
<section id="settings-section">
<h2>Panel</h2>
<div id="wifi-current" hidden>
<p id="wifi-current-text"></p>
<p><button type="button" class="quiet" id="wifi-forget">Forget this network</button></p>
<p class="status" id="wifi-forget-status" role="status"></p>
</div>
<form id="settings-form">
<div class="grid">
<div><label for="s-theme">Theme <span class="from" data-from="theme"></span></label>
<select id="s-theme" name="theme"><option value="light">Light</option><option value="sepia">Sepia</option><option value="dark">Dark</option></select></div>
<div><label for="s-text-size">Text size <span class="from" data-from="text-size"></span></label>
<select id="s-text-size" name="text-size"><option>13</option><option>15</option><option>17</option><option>19</option><option>21</option><option>24</option><option>28</option><option>32</option></select></div>
<div><label for="s-reading-distance">Reading distance, m <span class="from" data-from="reading-distance"></span></label>
<input id="s-reading-distance" name="reading-distance" type="number" min="0.2" max="6" step="0.1" inputmode="decimal"></div>
<div><label for="s-idle-minutes">Ambient after, min <span class="from" data-from="idle-minutes"></span></label>
<input id="s-idle-minutes" name="idle-minutes" type="number" min="0" max="1440" step="1" inputmode="numeric"></div>
<div><label for="s-card-seconds">Each card, s <span class="from" data-from="card-seconds"></span></label>
<input id="s-card-seconds" name="card-seconds" type="number" min="5" max="3600" step="1" inputmode="numeric"></div>
<div><label for="s-night">Night (HH:MM-HH:MM or off) <span class="from" data-from="night"></span></label>
<input id="s-night" name="night" placeholder="23:00-07:00" autocomplete="off"></div>
<div><label for="s-dim-minutes">Dim before night, min <span class="from" data-from="dim-minutes"></span></label>
<input id="s-dim-minutes" name="dim-minutes" type="number" min="0" max="240" step="1" inputmode="numeric"></div>
<div><label for="s-wake-minutes">Awake after a touch, min <span class="from" data-from="wake-minutes"></span></label>
<input id="s-wake-minutes" name="wake-minutes" type="number" min="0.5" max="240" step="0.5" inputmode="decimal"></div>
</div>
<p><button type="submit">Save</button></p>
<p class="status" id="settings-status" role="status"></p>
</form>
</section>
<section id="account-section">
<h2>Aggregator account</h2>
<p class="soft">With an account, the panel reads and marks what your Fever or Google Reader server has, instead of fetching the feeds itself.</p>
<form id="account-form" autocomplete="off">
<label for="a-sync">Service</label>
<select id="a-sync" name="sync"><option value="local">None: the panel fetches its feeds</option><option value="fever">Fever</option><option value="greader">Google Reader API (FreshRSS, Miniflux, Inoreader)</option></select>
<label for="a-url">Server address</label>
<input id="a-url" name="sync-url" type="url" inputmode="url" placeholder="https://rss.example.org/api/fever.php">
<label for="a-user">User</label>
<input id="a-user" name="sync-user" autocomplete="off" autocapitalize="none" spellcheck="false">
<label for="a-password">Password <span class="from" id="a-password-set"></span></label>
<input id="a-password" name="password" type="password" autocomplete="new-password">
<p><button type="submit">Sign in</button></p>
<p class="status" id="account-status" role="status"></p>
</form>
</section>
<section id="phones-section">
<h2>Paired phones</h2>
<ul id="phones"></ul>
<p class="soft">A phone forgotten here or on the panel is signed out at once.</p>
</section>
</div>
</main>
"""#

    static let end = #"""
</body>
</html>
"""#
}
