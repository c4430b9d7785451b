#if canImport(Glibc)
import LoopbackServer
import Glibc
#endif
import Testing
import System
@testable import Feeds

/// Feed icons: where they are looked for, how politely, and what is kept.
@Suite struct FeedIconsTests {
    static let now = Timestamp(year: 2026, month: 11, day: 24, hour: 9)
    /// A PNG signature and enough after it to pass for one (the refresher keeps bytes; the reader decodes them).
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 120)
    static let ico: [UInt8] = [0, 0, 1, 0, 1, 0] + [UInt8](repeating: 3, count: 60)

    static func later(days: Int) -> Timestamp {
        Timestamp(secondsSince1970: now.secondsSince1970 + Int64(days) * 86_400)
    }

    @Test func theIconComesFromTheFeedItselfInEveryFormat() throws {
        let rss = try FeedParser.parse(Array("""
            <rss version="2.0"><channel><title>R</title><link>https://blog.example/</link>
            <image><url>/img/logo.png</url><title>R</title><link>https://blog.example/</link></image></channel></rss>
            """.utf8), contentType: "application/rss+xml", url: "https://blog.example/feed.xml")
        #expect(rss.icon == "https://blog.example/img/logo.png")
        let atom = try FeedParser.parse(Array("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><icon>https://a.example/i.ico</icon>
            <logo>https://a.example/logo.png</logo></feed>
            """.utf8), contentType: "application/atom+xml", url: "https://a.example/atom")
        #expect(atom.icon == "https://a.example/i.ico")
        let json = try FeedParser.parse(Array("""
            {"version": "https://jsonfeed.org/version/1.1", "title": "J", "favicon": "fav.png", "items": []}
            """.utf8), contentType: "application/feed+json", url: "https://j.example/feed.json")
        #expect(json.icon == "https://j.example/fav.png")

        // Keys: the feed's own icon, else its site's origin (the home page's, else the feed's address's).
        #expect(FeedIcons.key(icon: rss.icon, siteLink: rss.link, feedURL: "https://blog.example/feed.xml")
            == "https://blog.example/img/logo.png")
        #expect(FeedIcons.key(icon: nil, siteLink: "https://Blog.Example/about", feedURL: "https://cdn.example/f")
            == "site:https://blog.example")
        #expect(FeedIcons.key(icon: "data:image/png;base64,AAAA", siteLink: nil, feedURL: "http://u:p@h.example:8080/f")
            == "site:http://h.example:8080")
        #expect(FeedIcons.key(icon: nil, siteLink: nil, feedURL: "file:///etc/passwd") == nil)
    }

    @Test func theHomePageNamesItsIcon() {
        let page = Array("""
            <html><head><title>x</title><link rel="stylesheet" href="/s.css">
            <link rel="apple-touch-icon" href="/touch.png"><link rel="Shortcut Icon" href="static/fav.png">
            </head><body><link rel="icon" href="/not-this.png"></body></html>
            """.utf8)
        #expect(IconLinks.best(in: page, pageURL: "https://site.example/home/") == "https://site.example/home/static/fav.png")
        let touchOnly = Array("<head><link rel=apple-touch-icon href=/t.png></head>".utf8)
        #expect(IconLinks.best(in: touchOnly, pageURL: "https://site.example/") == "https://site.example/t.png")
        #expect(IconLinks.best(in: Array("<link rel=icon href='javascript:x'>".utf8), pageURL: "https://s.example/") == nil)
    }

    @Test func aRecordSurvivesTheFileAndATornFileReadsAsNone() throws {
        let directory = TemporaryDirectory()
        let icons = try FeedIcons(directory: directory.file("icons"))
        let record = FeedIcons.Record(source: "https://x.example/favicon.ico", etag: "\"e1\"",
                                      lastModified: "Tue, 24 Nov 2026 01:00:00 GMT", checked: Self.now, bytes: Self.ico)
        try icons.store(record, forKey: "site:https://x.example")
        #expect(icons.record(forKey: "site:https://x.example") == record)
        #expect(icons.bytes(forKey: "site:https://x.example") == Self.ico)
        #expect(!record.isStale(at: Self.later(days: 6)) && record.isStale(at: Self.later(days: 7)))
        // A forged validator with a line break cannot add a line to the head.
        try icons.store(FeedIcons.Record(source: "https://x.example/i", etag: "a\nchecked 0", checked: Self.now, bytes: Self.png),
                        forKey: "k")
        #expect(icons.record(forKey: "k")?.etag == nil && icons.record(forKey: "k")?.checked == Self.now)
        // Cut inside the head: no record.
        let path = icons.path(for: "site:https://x.example")
        #expect(truncate(path, 20) == 0)
        #expect(icons.record(forKey: "site:https://x.example") == nil)
    }

    struct Refreshing {
        let directory = TemporaryDirectory()
        let store: FeedStore
        let icons: FeedIcons
        let refresher: FeedRefresher

        init() throws {
            store = try FeedStore(path: directory.file("feeds.sqlite"))
            icons = try FeedIcons(directory: directory.file("icons"))
            refresher = try FeedRefresher(store: store, fetcher: FetchWorkerTests.fetcher(), icons: icons)
        }

        /// Subscribes to `url`, refreshes every feed at `now`, and names the key the new feed's icon is kept under.
        func subscribe(_ url: String, refreshingAt now: Timestamp) throws -> String {
            let feed = try store.addFeed(url: url, at: FeedIconsTests.now)
            try refresh(at: now)
            let stored = try #require(try store.feed(feed))
            return try #require(FeedIcons.key(for: stored))
        }

        func refresh(at now: Timestamp) throws {
            _ = try refresher.refresh(dueAt: now, everything: true)
            let deadline = MonotonicClock.seconds() + 10
            while refresher.pendingCount > 0, MonotonicClock.seconds() < deadline {
                var watched = pollfd(fd: refresher.fileDescriptor, events: Int16(POLLIN), revents: 0)
                if poll(&watched, 1, 200) == 1 { _ = refresher.collect() }
            }
        }
    }

    static func rss(image: String?) -> LoopbackHTTPServer.Route {
        { _ in
            .http(status: 200, headers: [("Content-Type", "application/rss+xml")], body: Array("""
                <rss version="2.0"><channel><title>Icons</title><link>/</link>\(image.map { "<image><url>\($0)</url></image>" } ?? "")
                <item><title>one</title><guid>urn:1</guid></item></channel></rss>
                """.utf8))
        }
    }

    @Test func theFeedsOwnIconIsFetchedOnceThenCheckedConditionallyAfterAWeek() throws {
        let server = try LoopbackHTTPServer(routes: [
            "/feed": Self.rss(image: "/logo.png"),
            "/logo.png": { request in
                request.headers["if-none-match"] == "\"L1\""
                    ? .http(status: 304)
                    : .http(status: 200, headers: [("Content-Type", "image/png"), ("ETag", "\"L1\"")], body: FeedIconsTests.png)
            },
        ], keepAlive: true)
        defer { server.stop() }
        let setup = try Refreshing()
        let key = try setup.subscribe(server.url("/feed"), refreshingAt: Self.now)
        #expect(key == server.url("/logo.png"))
        #expect(setup.icons.bytes(forKey: key) == Self.png)
        #expect(server.requests(to: "/logo.png").count == 1)
        #expect(server.requests(to: "/favicon.ico").isEmpty)

        // Refreshed again within the week: the kept icon is used, not asked for.
        try setup.refresh(at: Self.later(days: 3))
        #expect(server.requests(to: "/feed").count == 2)
        #expect(server.requests(to: "/logo.png").count == 1)

        // A week on: one conditional request, answered 304; the icon stays, checked anew.
        try setup.refresh(at: Self.later(days: 8))
        #expect(server.requests(to: "/logo.png").count == 2)
        #expect(server.requests(to: "/logo.png").last?.headers["if-none-match"] == "\"L1\"")
        #expect(setup.icons.record(forKey: key)?.checked == Self.later(days: 8))
        #expect(setup.icons.bytes(forKey: key) == Self.png)
        // Feed and icons went over one kept-alive connection.
        #expect(server.connectionCount == 1)
    }

    @Test func withoutItsOwnIconTheSitesFaviconIsTakenThenTheHomePagesIcon() throws {
        let server = try LoopbackHTTPServer(routes: [
            "/feed": Self.rss(image: nil),
            "/favicon.ico": { _ in .http(status: 200, headers: [("Content-Type", "image/x-icon")], body: FeedIconsTests.ico) },
        ])
        defer { server.stop() }
        let setup = try Refreshing()
        let key = try setup.subscribe(server.url("/feed"), refreshingAt: Self.now)
        #expect(key == "site:http://127.0.0.1:\(server.port)")
        #expect(setup.icons.bytes(forKey: key) == Self.ico)

        // No favicon.ico (a 404, then an HTML page served as 200): the home page's <link rel="icon">.
        let other = try LoopbackHTTPServer(routes: [
            "/feed": Self.rss(image: "/broken-logo.png"),
            "/broken-logo.png": { _ in .http(status: 200, headers: [("Content-Type", "text/html")], body: Array("<html>".utf8)) },
            "/": { _ in .http(status: 200, body: Array("<head><link rel=icon href=/i/icon.gif></head>".utf8)) },
            "/i/icon.gif": { _ in .http(status: 200, body: Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]) },
        ])
        defer { other.stop() }
        let secondKey = try setup.subscribe(other.url("/feed"), refreshingAt: Self.later(days: 1))
        #expect(setup.icons.bytes(forKey: secondKey)?.starts(with: Array("GIF89a".utf8)) == true)
        #expect(other.requests(to: "/favicon.ico").count == 1)
        #expect(setup.icons.record(forKey: secondKey)?.source == other.url("/i/icon.gif"))
    }

    @Test func anIconOverTheCapIsNotKeptAndASiteWithoutOneIsAskedAgainOnlyNextDay() throws {
        let server = try LoopbackHTTPServer(routes: [
            "/feed": Self.rss(image: "/huge.png"),
            "/huge.png": { _ in
                .http(status: 200, headers: [("Content-Type", "image/png")],
                      body: FeedIconsTests.png + [UInt8](repeating: 0, count: FeedIcons.largestIcon))
            },
        ])
        defer { server.stop() }
        let setup = try Refreshing()
        let key = try setup.subscribe(server.url("/feed"), refreshingAt: Self.now)
        #expect(setup.icons.bytes(forKey: key) == nil)
        let record = try #require(setup.icons.record(forKey: key))
        #expect(record.source == nil && record.bytes.isEmpty && record.checked == Self.now)
        #expect(server.requests(to: "/favicon.ico").count == 1 && server.requests(to: "/").count == 1)

        try setup.refresh(at: Timestamp(secondsSince1970: Self.now.secondsSince1970 + 3_600 * 5))
        #expect(server.requests(to: "/huge.png").count == 1)
        try setup.refresh(at: Self.later(days: 1))
        #expect(server.requests(to: "/huge.png").count == 2)
    }
}
