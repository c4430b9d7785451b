import Testing
@testable import Feeds

/// Feeds come from anywhere: nothing a document holds may crash the reader, recurse without bound or take
/// more than linear work.
@Suite struct HostileInputTests {
    @Test func emptyAndNotAFeed() {
        #expect(throws: FeedParseError.empty) { try FeedParser.parse([]) }
        #expect(throws: FeedParseError.empty) { try FeedParser.parse(Array(" \n\t".utf8)) }
        #expect(throws: FeedParseError.notAFeed) { try parse("<html><body>Hello</body></html>") }
        #expect(throws: FeedParseError.notAFeed) { try parse("just some text") }
        #expect(throws: FeedParseError.notAFeed) { try FeedParser.parse([0x00, 0xFF, 0x3C, 0x00, 0x80]) }
        #expect(FeedParseError.notAFeed.description == "not a feed: no rss, feed or RDF element")
    }

    @Test func deepNestingDoesNotRecurse() throws {
        let depth = 100_000
        let deep = String(repeating: "<div>", count: depth) + "x" + String(repeating: "</div>", count: depth)
        let feed = try parse(rss("<item><title>deep</title><description>\(deep)</description></item>"))
        #expect(feed.entries.first?.title == "deep")
        // Unclosed, so the tag balancer runs too.
        let unclosed = try parse(rss("<item><title>t</title><description>" + String(repeating: "<b>", count: depth)))
        #expect(unclosed.title == "T")
    }

    @Test func strayEndTagsUnderDeepNestingStayLinear() {
        let count = 50_000
        let prefix = "<rss><channel><title>t</title><item>"
        let text = prefix + String(repeating: "<b>", count: count) + String(repeating: "</i>", count: count)
        let expected = prefix + String(repeating: "<b>", count: count) + String(repeating: "</b>", count: count)
            + "</item></channel></rss>"
        let clock = ContinuousClock()
        let start = clock.now
        #expect(String(decoding: TagBalancer.balance(Array(text.utf8)), as: UTF8.self) == expected)
        #expect(clock.now - start < .seconds(5))
    }

    @Test func manyAttributesAndHugeText() throws {
        var attributes = ""
        for index in 0..<20_000 { attributes += " a\(index)=\"\(index)\"" }
        let wide = try parse(rss("<item\(attributes)><title>wide</title></item>"))
        #expect(wide.entries.first?.title == "wide")
        let text = String(repeating: "lorem ipsum ", count: 400_000)
        let big = try parse(rss("<item><title>big</title><description>\(text)</description></item>"))
        #expect(big.entries.first?.summary?.utf8.count == text.utf8.count - 1)
    }

    @Test func manyEntities() throws {
        let text = String(repeating: "&nbsp;&amp;&bogus;& ", count: 50_000)
        let feed = try parse(rss("<item><title>\(text)</title></item>"))
        #expect(feed.entries.count == 1)
    }

    @Test func externalEntitiesAreNeverRead() throws {
        let feed = try parse("""
            <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <rss><channel><title>x&xxe;y</title></channel></rss>
            """)
        #expect(feed.title == "x&xxe;y")
    }

    @Test func truncatedDocumentsKeepWhatTheyHave() throws {
        let bytes = fixture("rss20-large-blog.xml")
        let half = Array(bytes[..<(bytes.count / 2)])
        let feed = try FeedParser.parse(half)
        #expect(feed.title == "A Large Blog")
        #expect(feed.entries.count > 10 && feed.entries.count < 60)
        // Every prefix of a small feed parses or throws, never traps.
        let small = fixture("rss20-guids-authors.xml")
        for end in stride(from: 0, to: small.count, by: 7) { _ = try? FeedParser.parse(Array(small[..<end])) }
    }

    @Test func garbageBytesAroundAFeed() throws {
        var bytes: [UInt8] = []
        var state: UInt32 = 12345
        for _ in 0..<50_000 {
            state = state &* 1_103_515_245 &+ 12345
            bytes.append(UInt8(truncatingIfNeeded: state >> 16))
        }
        _ = try? FeedParser.parse(bytes)
        _ = try? FeedParser.parse(Array("<rss><channel><title>".utf8) + bytes)
        _ = try? FeedParser.parse(Array("{\"items\":[".utf8) + bytes)
    }
}
