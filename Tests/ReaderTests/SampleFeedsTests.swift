import ReaderSamples
import Feeds
import Raster
import Reader
import Testing

/// The bundled samples are what a new panel shows first: they must parse as written, every picture they show must
/// come from the binary, and together they must exercise every kind of block an article can have.
@Suite struct SampleFeedsTests {
    /// Per entry: title, publication date, and the blocks it must contain: H heading, L list, N a list inside a
    /// list, Q quote, C code, I image, A a link, T table, F displayed formula.
    private static let expected: [(url: String, title: String, entries: [(String, String, String)])] = [
        ("https://samples.lectern.invalid/larder/feed.atom", "Larder & Season", [
            ("Keeping a starter alive through the dark months", "2026-11-23T08:15:00Z", "HLNQC"),
            ("The tiles behind the stove", "2026-11-20T18:40:00Z", "HLQI"),
            ("Three soups for the week the boiler broke", "2026-11-17T12:05:00Z", "HLNQ"),
            ("Quince paste, slowly", "2026-11-13T09:30:00Z", "HLNCI"),
            ("A pot of stock on a cold Tuesday", "2026-11-10T07:50:00Z", "HLQA"),
            ("Baker's percentages, and a loaf for any tin", "2026-11-07T16:20:00Z", "LTF"),
        ]),
        ("https://samples.lectern.invalid/hedgerow/rss.xml", "Hedgerow Notes", [
            ("Notes from the repair café", "2026-11-22T16:10:00Z", "HLNQ"),
            ("Walking the ridge before the frost", "2026-11-19T17:25:00Z", "HLI"),
            ("The evenings, measured", "2026-11-15T09:00:00Z", "HLCI"),
            ("What the pond does at night", "2026-11-12T21:45:00Z", "HLQIMF"),
            ("Fieldfares are back on the allotments", "2026-11-10T08:20:00Z", "HLA"),
        ]),
        ("https://samples.lectern.invalid/tips/feed.atom", "Lectern Tips", [
            ("Taking a link with you", "2026-11-21T10:00:00Z", "HLQA"),
            ("Reading an article, and the next one", "2026-11-18T10:00:00Z", "HLN"),
            ("Gestures on the list", "2026-11-14T10:00:00Z", "HLNQI"),
            ("Welcome to Lectern", "2026-11-10T10:00:00Z", "HLNCA"),
        ]),
    ]

    @Test func everyFeedParsesWithItsEntriesTitlesAndDates() throws {
        #expect(SampleFeeds.feeds.map(\.url) == Self.expected.map(\.url))
        for (sample, expected) in zip(SampleFeeds.feeds, Self.expected) {
            let feed = try FeedParser.parse(sample.document, url: sample.url)
            #expect(feed.title == expected.title)
            #expect(feed.entries.map(\.title) == expected.entries.map(\.0))
            #expect(feed.entries.map { $0.published?.iso8601 } == expected.entries.map(\.1))
            #expect(Set(feed.entries.compactMap(\.id)).count == feed.entries.count, "ids are unique in \(sample.url)")
            for entry in feed.entries {
                #expect(entry.markup?.kind == .html)
                let words = entry.content?.split(whereSeparator: { $0 == " " || $0 == "\n" }).count ?? 0
                #expect((150...600).contains(words), "\(entry.title ?? ""): \(words) words")
            }
        }
    }

    @Test func articlesHaveTheBlocksTheyWereWrittenFor() throws {
        for (sample, expected) in zip(SampleFeeds.feeds, Self.expected) {
            let feed = try FeedParser.parse(sample.document, url: sample.url)
            for (entry, (title, _, kinds)) in zip(feed.entries, expected.entries) {
                let blocks = ArticleBlocks.make(from: try #require(entry.markup))
                #expect(Self.kinds(of: blocks, nested: false) == Set(kinds + "P"), "\(title)")
            }
        }
    }

    @Test func everyPictureComesFromTheBinary() throws {
        var shown: Set<String> = []
        for sample in SampleFeeds.feeds {
            let feed = try FeedParser.parse(sample.document, url: sample.url)
            for entry in feed.entries {
                var urls = Self.images(in: ArticleBlocks.make(from: try #require(entry.markup)))
                // Pictures only: the episode's sound is a box with a QR code, never fetched.
                urls += entry.enclosures.filter { $0.type?.hasPrefix("image/") == true }.map(\.url)
                urls += entry.thumbnail.map { [$0] } ?? []
                for url in urls {
                    let bytes = try #require(SampleFeeds.image(at: url), "\(url)")
                    let jpeg = bytes.starts(with: [0xFF, 0xD8, 0xFF])
                    let png = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                    #expect(jpeg || png, "\(url)")
                    if png { #expect(try PNGCodec.decode(bytes).width >= 800) }
                    #expect(bytes.count < 64 * 1024, "\(url): \(bytes.count) bytes")
                    #expect(SampleFeeds.isSample(url))
                    shown.insert(url)
                }
            }
        }
        // One entry has a media:thumbnail and one an image enclosure, for the rows' thumbnails.
        let entries = try SampleFeeds.feeds.flatMap { try FeedParser.parse($0.document, url: $0.url).entries }
        #expect(entries.contains { $0.thumbnail != nil })
        #expect(entries.contains { $0.enclosures.contains { $0.type == "image/jpeg" } })
        // One is a podcast's episode too: its article opens with a media box that hands over its page.
        #expect(entries.contains { $0.enclosures.contains { $0.type == "audio/mpeg" } })
        // Nothing embedded goes unshown, and nothing else answers.
        #expect(shown == Set(SampleFeeds.imageURLs))
        #expect(SampleFeeds.image(at: "https://samples.lectern.invalid/images/none.jpg") == nil)
        #expect(SampleFeeds.image(at: "https://example.org/images/hills-at-dusk.jpg") == nil)
        #expect(!SampleFeeds.isSample("https://example.org/"))
    }

    private static func kinds(of blocks: [ArticleBlock], nested: Bool) -> Set<Character> {
        var kinds: Set<Character> = []
        func runs(_ runs: [InlineRun]) { if runs.contains(where: { $0.link != nil }) { kinds.insert("A") } }
        for block in blocks {
            switch block {
            case .paragraph(let inline): kinds.insert("P"); runs(inline)
            case .heading(_, let inline): kinds.insert("H"); runs(inline)
            case .list(_, let items):
                kinds.insert(nested ? "N" : "L")
                for item in items { kinds.formUnion(Self.kinds(of: item, nested: true)) }
            case .quote(let inner): kinds.insert("Q"); kinds.formUnion(Self.kinds(of: inner, nested: nested))
            case .code: kinds.insert("C")
            case .image: kinds.insert("I")
            case .media: kinds.insert("M")
            case .caption: kinds.insert("F")
            case .rule: kinds.insert("R")
            case .formula: kinds.insert("F")
            case .table: kinds.insert("T")
            }
        }
        return kinds
    }

    private static func images(in blocks: [ArticleBlock]) -> [String] {
        blocks.flatMap { block -> [String] in
            switch block {
            case .image(let url, _, _): [url]
            case .list(_, let items): items.flatMap { images(in: $0) }
            case .quote(let inner): images(in: inner)
            default: []
            }
        }
    }
}
