@testable import Feeds
import Testing

/// `itunes:duration` as podcast feeds write it, read into seconds for the episode's box; the rest is no length.
@Suite struct EpisodeDurationTests {
    @Test func theFormsFeedsUse() {
        #expect(EpisodeDuration.seconds("4332") == 4332)
        #expect(EpisodeDuration.seconds(" 72:12 ") == 72 * 60 + 12)
        #expect(EpisodeDuration.seconds("1:12:12") == 4332)
        #expect(EpisodeDuration.seconds("01:02:03.5") == 3723)
        for nonsense in ["", "abc", "1:2:3:4", "-5", "+5", ":30", "1::2", "99999999999999", "0", "200:00:00", "1 h"] {
            #expect(EpisodeDuration.seconds(nonsense) == nil, "\(nonsense)")
        }
    }

    @Test func aPodcastItemKeepsItsLengthThroughTheStore() throws {
        let xml = """
            <?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
            <title>Cast</title><item><title>Ep 1</title><guid>ep1</guid><itunes:duration>1:12:00</itunes:duration>
            <enclosure url="https://example.fm/1.mp3" type="audio/mpeg" length="1"/></item>
            <item><title>Ep 2</title><guid>ep2</guid><itunes:duration>soon</itunes:duration></item></channel></rss>
            """
        let parsed = try FeedParser.parse(Array(xml.utf8))
        #expect(parsed.entries.map(\.duration) == [4320, nil])
        let directory = TemporaryDirectory()
        let store = try FeedStore(path: directory.file("feeds.sqlite"))
        let feed = try store.addFeed(url: "https://example.fm/feed", at: Timestamp(secondsSince1970: 1_000))
        _ = try store.store(parsed, for: feed, at: Timestamp(secondsSince1970: 2_000))
        #expect(try store.entry(feed: feed, key: "ep1")?.duration == 4320)
        #expect(try store.entry(feed: feed, key: "ep2")?.duration == nil)
    }
}
