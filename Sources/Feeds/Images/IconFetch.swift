/// Finds and keeps a feed's icon at refresh time, on the fetch worker, politely: once, then a conditional
/// re-fetch a week later (a day after finding none), each answer capped at `FeedIcons.largestIcon`. Where it
/// looks, in order: the feed's own icon, the site's `/favicon.ico`, then the icon the site's home page names
/// in a `<link rel="icon">` (only when the first two gave nothing; the page is read up to the same cap).
struct IconFetch: Sendable {
    let icons: FeedIcons
    let fetcher: FeedFetcher

    init(icons: FeedIcons, fetcher: FeedFetcher) {
        self.icons = icons
        var configuration = fetcher.configuration
        configuration.maxBodyBytes = FeedIcons.largestIcon
        configuration.totalTimeout = min(configuration.totalTimeout, 15)
        self.fetcher = fetcher.with(configuration)
    }

    /// Checks the icon of the feed at `feedURL` if it is due at `now`; returns whether anything was asked.
    @discardableResult
    func refresh(icon: String?, siteLink: String?, feedURL: String, at now: Timestamp) -> Bool {
        guard let key = FeedIcons.key(icon: icon, siteLink: siteLink, feedURL: feedURL) else { return false }
        let known = icons.record(forKey: key)
        if let known, !known.isStale(at: now) { return false }

        // The icon found before, asked for again with its validators: usually a 304 and no bytes.
        if let known, let source = known.source, !known.bytes.isEmpty {
            let request = FetchRequest(url: source, etag: known.etag, lastModified: known.lastModified)
            if let response = try? fetcher.fetch(request) {
                if response.status == 304 {
                    var kept = known
                    kept.checked = now
                    try? icons.store(kept, forKey: key)
                    return true
                }
                if response.status == 200, FeedIcons.looksLikeImage(response.body) {
                    keep(response, forKey: key, at: now)
                    return true
                }
            }
        }
        for candidate in candidates(icon: icon, siteLink: siteLink, feedURL: feedURL) {
            guard let response = try? fetcher.fetch(FetchRequest(url: candidate)), response.status == 200,
                  FeedIcons.looksLikeImage(response.body) else { continue }
            keep(response, forKey: key, at: now)
            return true
        }
        if let fromPage = iconNamedByHomePage(siteLink: siteLink, feedURL: feedURL),
           let response = try? fetcher.fetch(FetchRequest(url: fromPage)), response.status == 200,
           FeedIcons.looksLikeImage(response.body) {
            keep(response, forKey: key, at: now)
            return true
        }
        try? icons.store(FeedIcons.Record(source: nil, checked: now, bytes: []), forKey: key)
        return true
    }

    /// Kept under the address it was found at after redirects, which the next conditional re-fetch asks.
    private func keep(_ response: FetchResponse, forKey key: String, at now: Timestamp) {
        try? icons.store(FeedIcons.Record(source: response.finalURL, etag: response.etag,
                                          lastModified: response.lastModified, checked: now, bytes: response.body),
                         forKey: key)
    }

    /// The feed's own icon, then `/favicon.ico` at the site's origin.
    func candidates(icon: String?, siteLink: String?, feedURL: String) -> [String] {
        var found: [String] = []
        if let icon, WebAddress.isWeb(icon) { found.append(icon) }
        if let origin = siteLink.flatMap(FeedIcons.origin) ?? FeedIcons.origin(feedURL) {
            found.append(origin + "/favicon.ico")
        }
        return found
    }

    /// The icon the home page names, resolved against where the page was found.
    private func iconNamedByHomePage(siteLink: String?, feedURL: String) -> String? {
        guard let origin = siteLink.flatMap(FeedIcons.origin) ?? FeedIcons.origin(feedURL),
              let page = try? fetcher.fetch(FetchRequest(url: origin + "/")), page.status == 200 else { return nil }
        return IconLinks.best(in: page.body, pageURL: page.finalURL)
    }
}

/// The `<link rel="icon">` elements of an HTML page's head.
enum IconLinks {
    /// The first `icon` (or `shortcut icon`) link with an address, else an `apple-touch-icon` one; nil if none.
    static func best(in html: [UInt8], pageURL: String) -> String? {
        var icon: String?, touchIcon: String?
        HTMLDocument(String(decoding: html, as: UTF8.self)).walk(enter: { element in
            // Links live in the head; the body of a big page is not walked.
            guard element.name != "body" else { return false }
            guard element.name == "link", let href = element.attribute("href")?.trimmingASCIIWhitespace(),
                  !href.isEmpty, let rel = element.attribute("rel")?.lowercased() else { return true }
            let words = rel.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            if words.contains("icon"), icon == nil { icon = href }
            if words.contains("apple-touch-icon"), touchIcon == nil { touchIcon = href }
            return true
        }, text: { _ in }, exit: { _ in })
        return (icon ?? touchIcon).map { URLReference.resolve($0, against: pageURL) }.flatMap {
            WebAddress.isWeb($0) ? $0 : nil
        }
    }
}
