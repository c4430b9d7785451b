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

    /// The pre-pass follows tags and sets text aside: every fixture with syntax bytes dropped in, swapped or cut
    /// off at random (the same every run) parses or throws, and never traps.
    @Test func mutatedFixturesNeverTrap() {
        var state: UInt64 = 0xDEC0_DE5E_ED00_0001
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let syntax = Array("<>&;\"']![?/#x\r\n]]>&#&lt".utf8) + [0x00, 0x80, 0xC3, 0xFF]
        for name in fixtureNames where name.hasSuffix(".xml") {
            let original = fixture(name)
            for _ in 0..<40 {
                var bytes = original
                for _ in 0..<(1 + next(4)) {
                    let at = next(bytes.count + 1)
                    switch next(3) {
                    case 0: bytes.insert(syntax[next(syntax.count)], at: at)
                    case 1 where at < bytes.count: bytes[at] = syntax[next(syntax.count)]
                    default: bytes.removeSubrange(min(at, bytes.count)..<min(bytes.count, at + next(64)))
                    }
                }
                _ = try? FeedParser.parse(bytes)
            }
        }
    }

    /// Text holding a DOCTYPE entity is not set aside; it must not be decoded again from each of its references.
    @Test func textWithManyDeclaredReferencesStaysLinear() {
        let clock = ContinuousClock()
        func fastest(_ count: Int) -> Duration {
            let text = "<!DOCTYPE rss [<!ENTITY e \"x\">]><rss><channel><title>"
                + String(repeating: "&e; &amp; ", count: count) + "</title></channel></rss>"
            let bytes = Array(text.utf8)
            return (0..<3).map { _ in clock.measure { _ = EntityPrepass.prepare(bytes) } }.min()!
        }
        let small = fastest(20_000), large = fastest(40_000)
        #expect(large < small * 3 + .milliseconds(20), "\(small) then \(large)")
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
