import Feeds
@testable import Reader
import Testing

/// Two subscriptions with one name are told apart on the feeds screen by where they come from.
@Suite struct FeedsScreenNamesTests {
    @Test func feedsWithTheSameNameShowTheirHosts() throws {
        let panel = try ReaderPanel()
        _ = try panel.store.addFeed(url: "https://www.news.example.com/rss", title: "test feed ", at: ReaderPanel.now)
        _ = try panel.store.addFeed(url: "https://other.example.org/rss", title: "Other", at: ReaderPanel.now)
        panel.reader.app.perform(.showFeeds)
        let feeds = try #require(panel.reader.app.screen as? FeedsScreen)
        let statuses = Dictionary(feeds.visibleFeeds().map { ($0.feed.url, $0.status) }, uniquingKeysWith: { a, _ in a })
        #expect(statuses.count == 3)
        #expect(statuses["https://www.news.example.com/rss"]?.hasPrefix("news.example.com · ") == true)
        let served = try #require(statuses.keys.first { $0.hasPrefix("http://127.0.0.1") })
        #expect(statuses[served]?.hasPrefix("127.0.0.1 · Fetched ") == true, "\(statuses[served] ?? "")")
        #expect(statuses["https://other.example.org/rss"] == "Not fetched yet", "a name of its own needs no host")
    }
}
