#if canImport(Glibc)
import Glibc
#endif
import LoopbackServer
import Testing
@testable import Feeds

/// Pictures fetched at refresh time into a bounded cache, and what an entry's pictures are.
@Suite struct ImageCacheTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 100)

    @Test func storesReadsAndEvictsTheOldestFirst() throws {
        let directory = TemporaryDirectory()
        let cache = try ImageCache(directory: directory.file("images"), byteLimit: 250)
        try cache.store(Self.png, for: "https://a.example/1.png")
        // Ages are whole seconds: the first file is made older by hand rather than by waiting.
        var times = [timespec(tv_sec: 1_000, tv_nsec: 0), timespec(tv_sec: 1_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, cache.path(for: "https://a.example/1.png"), &times, 0) == 0)
        try cache.store(Self.png, for: "https://a.example/2.png")
        #expect(cache.bytes(for: "https://a.example/1.png") == Self.png)
        #expect(cache.bytes(for: "https://a.example/none.png") == nil)
        #expect(cache.evict() == 0, "216 bytes fit in 250")
        try cache.store(Self.png, for: "https://a.example/3.png")
        #expect(cache.evict() == 1)
        #expect(!cache.contains("https://a.example/1.png") && cache.contains("https://a.example/2.png"))
        #expect(cache.size <= 250)
    }

    @Test func anEntrysPicturesComeThumbnailFirstEachOnce() {
        let markup = Markup(kind: .html, text: """
            <p><img src="/a.jpg" alt="A"></p><ul><li><img src="https://x.example/b.jpg"></li></ul>
            <img src="javascript:alert(1)"><img src="https://x.example/thumb.jpg">
            """, base: "https://x.example/post/")
        let urls = EntryImages.urls(thumbnail: "https://x.example/thumb.jpg",
                                    enclosures: [Enclosure(url: "https://x.example/e.png", type: "image/png"),
                                                 Enclosure(url: "https://x.example/a.mp3", type: "audio/mpeg")],
                                    markup: markup, limit: 10)
        #expect(urls == ["https://x.example/thumb.jpg", "https://x.example/e.png", "https://x.example/a.jpg",
                         "https://x.example/b.jpg"])
    }

    @Test func aRefreshFetchesTheNewEntriesPicturesIntoTheCache() throws {
        let server = try LoopbackHTTPServer(routes: [
            "/feed.xml": { _ in .http(status: 200, headers: [("Content-Type", "application/rss+xml")], body: Array("""
                <?xml version="1.0"?><rss version="2.0"><channel><title>Pictures</title>
                <item><title>One</title><guid>urn:1</guid><description><![CDATA[<p>Hi <img src="/pic.png"></p>]]></description></item>
                <item><title>Two</title><guid>urn:2</guid><description><![CDATA[<img src="/missing.png">]]></description></item>
                </channel></rss>
                """.utf8)) },
            "/pic.png": { _ in .http(status: 200, headers: [("Content-Type", "image/png")], body: Self.png) },
        ])
        defer { server.stop() }
        let directory = TemporaryDirectory()
        let store = try FeedStore(path: directory.file("feeds.sqlite"))
        let cache = try ImageCache(directory: directory.file("images"), byteLimit: 1 << 20)
        let refresher = try FeedRefresher(store: store, fetcher: FetchWorkerTests.fetcher(), images: cache)
        try store.addFeed(url: server.url("/feed.xml"), at: FeedRefresherTests.now)
        try refresher.refresh(dueAt: FeedRefresherTests.now)
        var reports: [FeedRefresher.Report] = []
        for _ in 0..<100 where reports.isEmpty {
            var watched = pollfd(fd: refresher.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&watched, 1, 100) == 1 { reports += refresher.collect() }
        }
        #expect(reports.first?.outcome == .updated(added: 2, updated: 0))
        #expect(cache.bytes(for: server.url("/pic.png")) == Self.png)
        #expect(!cache.contains(server.url("/missing.png")), "a 404 is not kept")
        #expect(server.requests(to: "/pic.png").count == 1)
    }
}
