import Feeds

extension AdminRouter {
    /// `GET /api/feeds`.
    func listFeeds() throws -> AdminResponse {
        .json(200, .object([("feeds", .array(try context.store.feeds().map { AdminFeed($0).json }))]))
    }

    /// `POST /api/feeds {"url"}`: a feed's address, or a site's whose page names its feed. The feed is fetched
    /// here once, so a typo is said at once rather than shown later as a broken feed on the panel.
    func addFeed(_ request: AdminRequest) throws -> AdminResponse {
        let body: JSONDocument
        switch jsonObject(request) {
        case .success(let document): body = document
        case .failure(let response): return response
        }
        guard let typed = body["url"]?.string else { return .error(400, "the body must be {\"url\": \"a feed's or a site's address\"}") }
        guard let url = Self.webAddress(typed) else { return .error(400, "not a web address: \(typed)") }
        if let existing = try context.store.feedID(url: url) { return try feedAnswer(existing, status: 200) }
        let fetched = context.fetch(url)
        if let failure = fetched.failure { return .error(422, "no feed found at \(url): \(failure)") }
        if !FeedDiscovery.looksLikePage(contentType: fetched.contentType, body: fetched.body),
           let parsed = try? FeedParser.parse(fetched.body, contentType: fetched.contentType, url: fetched.finalURL) {
            return try subscribe(url, parsed)
        }
        let links = FeedDiscovery.feedLinks(html: String(decoding: fetched.body, as: UTF8.self), pageURL: fetched.finalURL)
        guard let feedURL = links.first else { return .error(422, "no feed found at \(url)") }
        if let existing = try context.store.feedID(url: feedURL) { return try feedAnswer(existing, status: 200) }
        let feed = context.fetch(feedURL)
        if let failure = feed.failure { return .error(422, "\(url) names the feed \(feedURL), which failed: \(failure)") }
        guard let parsed = try? FeedParser.parse(feed.body, contentType: feed.contentType, url: feed.finalURL) else {
            return .error(422, "\(url) names the feed \(feedURL), which is not a feed")
        }
        return try subscribe(feedURL, parsed)
    }

    /// What a person typed as a web address: trimmed, `https://` put before a bare host ("example.org"); nil
    /// for another scheme or control characters.
    static func webAddress(_ typed: String) -> String? {
        let scalars = typed.unicodeScalars.drop { $0 == " " || $0 == "\t" }
        let trimmed = String(String.UnicodeScalarView(scalars.reversed().drop { $0 == " " || $0 == "\t" }.reversed()))
        guard !trimmed.isEmpty, trimmed.utf8.count <= 2048,
              !trimmed.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else { return nil }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return WebAddress.isWeb(trimmed) ? trimmed : nil }
        if lower.contains("://") || lower.hasPrefix("javascript:") || lower.hasPrefix("data:") { return nil }
        let url = "https://" + trimmed
        return WebAddress.isWeb(url) ? url : nil
    }

    /// Subscribes `url` with the entries its fetch brought, so the phone sees the unread count at once.
    func subscribe(_ url: String, _ parsed: ParsedFeed) throws -> AdminResponse {
        let id = try context.store.addFeed(url: url, title: parsed.title, at: context.now)
        _ = try? context.store.store(parsed, for: id, at: context.now)
        context.storeChanged()
        return try feedAnswer(id)
    }

    /// The feed as the API shows it: 201 when this request subscribed it, 200 when it was there already.
    func feedAnswer(_ id: FeedID, status: Int = 201) throws -> AdminResponse {
        guard let feed = try context.store.feed(id) else { return .error(500, "the feed went away") }
        return .json(status, AdminFeed(feed).json)
    }

    /// `PUT /api/feeds {"url", "muted"}`: mutes a feed or lets it speak again.
    func changeFeed(_ request: AdminRequest) throws -> AdminResponse {
        let body: JSONDocument
        switch jsonObject(request) {
        case .success(let document): body = document
        case .failure(let response): return response
        }
        guard let url = body["url"]?.string, case .bool(let muted)? = body["muted"] else {
            return .error(400, "the body must be {\"url\": \"…\", \"muted\": true or false}")
        }
        guard let id = try context.store.feedID(url: url) else { return .error(404, "not subscribed: \(url)") }
        try context.store.setMuted(id, muted)
        context.storeChanged()
        guard let feed = try context.store.feed(id) else { return .error(404, "not subscribed: \(url)") }
        return .json(200, AdminFeed(feed).json)
    }

    /// `DELETE /api/feeds?url=URL`.
    func removeFeed(_ request: AdminRequest) throws -> AdminResponse {
        guard let url = request.query["url"], !url.isEmpty else { return .error(400, "say which feed: ?url=…") }
        guard let id = try context.store.feedID(url: url), try context.store.removeFeed(id) else {
            return .error(404, "not subscribed: \(url)")
        }
        context.storeChanged()
        return .noContent()
    }

    /// `GET /api/opml`: the subscriptions as a file to keep.
    func exportOPML() throws -> AdminResponse {
        let subscriptions = try context.store.feeds().map {
            OPMLSubscription(url: $0.url, title: $0.title, siteLink: $0.siteLink, category: $0.category)
        }
        let text = OPML.document(subscriptions, title: "Lectern subscriptions", created: context.now)
        return AdminResponse(status: 200, headers: [("Content-Type", "text/x-opml; charset=utf-8"),
                                                    ("Content-Disposition", "attachment; filename=\"lectern.opml\"")],
                             body: Array(text.utf8))
    }

    /// `POST /api/opml`: an OPML file's feeds merged in, http and https ones only (the fetcher speaks no other).
    func importOPML(_ request: AdminRequest) throws -> AdminResponse {
        guard request.body.count <= Self.opmlLimit else { return .error(413, "an OPML file is taken up to 2 MiB") }
        let subscriptions: [OPMLSubscription]
        do { subscriptions = try OPML.subscriptions(from: request.body) } catch {
            return .error(400, "not an OPML file: \(error)")
        }
        let web = subscriptions.filter { WebAddress.isWeb($0.url) }
        let (added, present) = try context.store.merge(web, at: context.now)
        if added > 0 { context.storeChanged() }
        return .json(200, .object([("added", .integer(added)), ("present", .integer(present)),
                                   ("skipped", .integer(subscriptions.count - web.count))]))
    }
}
