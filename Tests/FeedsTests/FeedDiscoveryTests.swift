import Testing
@testable import Feeds

/// A site's address typed on a phone, turned into its feed's.
@Suite struct FeedDiscoveryTests {
    func page(_ name: String) -> String { String(decoding: fixture("discovery/" + name), as: UTF8.self) }

    @Test func findsAlternateFeedsInOrderResolvedOnce() {
        let links = FeedDiscovery.feedLinks(html: page("blog.html"), pageURL: "https://example.org/blog/index.html")
        // The HTML alternate, the javascript: address and the <a> are left out; the repeated Atom feed comes once.
        #expect(links == ["https://example.org/blog/feed.atom", "https://example.org/comments.rss"])
    }

    @Test func aPageWithoutFeedsGivesNone() {
        #expect(FeedDiscovery.feedLinks(html: page("none.html"), pageURL: "https://example.org/").isEmpty)
        #expect(FeedDiscovery.feedLinks(html: "", pageURL: "https://example.org/").isEmpty)
    }

    @Test func theBaseElementMovesRelativeLinks() {
        #expect(FeedDiscovery.feedLinks(html: page("base.html"), pageURL: "https://example.org/")
            == ["https://cdn.example.net/site/feed.json"])
    }

    @Test func tellsPagesFromFeeds() {
        #expect(FeedDiscovery.looksLikePage(contentType: "text/html; charset=utf-8", body: []))
        #expect(FeedDiscovery.looksLikePage(contentType: nil, body: Array("\n  <!DOCTYPE html><html>".utf8)))
        #expect(!FeedDiscovery.looksLikePage(contentType: "application/rss+xml", body: Array("<rss>".utf8)))
        #expect(!FeedDiscovery.looksLikePage(contentType: nil, body: Array("<?xml version=\"1.0\"?><feed>".utf8)))
    }
}
