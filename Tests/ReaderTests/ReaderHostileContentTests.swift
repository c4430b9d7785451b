import ReaderSamples
import Feeds
import Glibc
import Platform
import Raster
import Testing
import Text
import Widgets
@testable import Reader

/// What a feed can throw at the panel, opened as a person would open it: the reader must show something for
/// every entry (an alt box for a picture it will not decode) and never crash or hang.
@Suite(.serialized) struct ReaderHostileContentTests {
    static let now = Timestamp(year: 2026, month: 11, day: 24, hour: 12)

    /// A store in a fresh folder with one feed of `entries` (newest first), and the pictures for them.
    final class HostileShelf {
        let folder: String
        let store: FeedStore
        let cache: ImageCache

        init(entries: [(title: String, html: String)], pictures: [String: [UInt8]] = [:]) throws {
            var template = Array("/tmp/lectern-hostile-XXXXXX".utf8CString)
            folder = String(cString: mkdtemp(&template)!)
            store = try FeedStore(path: folder + "/feeds.sqlite")
            cache = try ImageCache(directory: folder + "/images", byteLimit: 64 << 20)
            for (url, bytes) in pictures { try cache.store(bytes, for: url) }
            let feed = try store.addFeed(url: "https://hostile.invalid/feed", title: "Hostile", at: now)
            let parsed = ParsedFeed(title: "Hostile", entries: entries.enumerated().map { i, entry in
                ParsedEntry(title: entry.title, link: "https://hostile.invalid/\(i)", id: "urn:hostile:\(i)",
                            markup: Markup(kind: .html, text: entry.html, base: "https://hostile.invalid/"),
                            published: Timestamp(secondsSince1970: now.secondsSince1970 - Int64(i) * 60))
            })
            try store.store(parsed, for: feed, at: now)
        }

        deinit { _ = system("rm -rf '\(folder)'") }

        /// Opens every entry in turn on a 1920x1080 scale-2 panel, scrolls each to its end and draws it, with
        /// the pictures decoded as the panel would at rest; returns how tall each page came out.
        func openEach() throws -> [Double] {
            let reader = HeadlessReader(pixelWidth: 1920, pixelHeight: 1080, scale: Scale(2), fps: 60,
                                        typesetter: Typesetter(library: try FontLibrary()), settings: ReaderSettings(),
                                        library: ReaderLibrary(store: store, samples: []), refreshing: nil,
                                        start: ReaderHostileContentTests.now, origin: 0,
                                        images: ReaderImages(cache: cache), utcOffset: { _ in 0 })
            var time = 0.0
            func frame() throws {
                try reader.loop.frame(at: time)
                reader.loop.prepareAhead()
                time += 1.0 / 60
            }
            try frame()
            try frame()
            guard let list = reader.app.screen as? ListScreen else { throw HostileFailure("no list") }
            var heights: [Double] = []
            for index in list.rows.indices {
                reader.app.open(index, in: list)
                try frame()
                guard let article = reader.app.screen as? ArticleScreen else { throw HostileFailure("not opened") }
                try frame()
                article.pager.restore(scrollY: article.pager.scroll.maxOffset)
                reader.app.invalidateDrawing()
                try frame()
                heights.append(article.pager.currentPage.contentHeight)
                reader.app.show([list])
                try frame()
            }
            return heights
        }
    }

    struct HostileFailure: Error { let description: String; init(_ d: String) { description = d } }

    @Test func hugeDeepAndForeignTextOpensAndScrollsToItsEnd() throws {
        let word = String(repeating: "x", count: 2_000)
        let nested = String(repeating: "<ul><li>deeper ", count: 100_000) + "bottom"
        let paragraph = "<p>" + String(repeating: "Many words make a very long article that a feed may send. ", count: 40) + "</p>"
        var huge = ""
        while huge.utf8.count < 15 << 20 { huge += paragraph }
        let shelf = try HostileShelf(entries: [
            ("A word of two thousand letters", "<p>Before \(word) after, and https://example.org/\(word) too.</p>"),
            ("One hundred thousand nested lists", nested),
            ("Fifteen mebibytes of article", huge),
            ("Right to left and CJK", "<p dir=\"rtl\">مرحبا بالعالم، هذه مقالة باللغة العربية.</p><p>שלום עולם</p><p>这是一篇中文文章。日本語の文章です。</p>"),
        ])
        let heights = try shelf.openEach()
        #expect(heights.count == 4)
        #expect(heights.allSatisfy { $0.isFinite && $0 > 0 })
        // The 15 MiB body is set up to the page's bound, then says where the rest is.
        #expect(heights[2] > 50_000, "\(heights[2]) pt")
        let feed = try #require(try shelf.store.feeds().first)
        let entry = try #require(try shelf.store.entry(feed: feed.id, key: "urn:hostile:2"))
        guard case .paragraph(let runs)? = EntryPages.blocks(of: entry).last else {
            Issue.record("the cut article does not end with the note")
            return
        }
        #expect(runs.first?.text.hasPrefix("This article goes on for longer") == true)
    }

    @Test func picturesThatMustNotDecodeBecomeAltBoxes() throws {
        let jpeg = try #require(SampleFeeds.image(at: "https://samples.lectern.invalid/images/kitchen-tiles.jpg"))
        var png = try #require(SampleFeeds.image(at: "https://samples.lectern.invalid/images/november-daylight.png"))
        png[png.count / 2] ^= 0xFF  // inside the image data: its CRC no longer holds
        // The decoders' own bomb: a 12 KB PNG that would decode to 10,000 x 10,000 pixels.
        let bomb = try AtomicFile.read(String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!))
                                       + "/../CodecsTests/Fixtures/bomb-10000x10000.png")
        let pictures: [String: [UInt8]] = [
            "https://hostile.invalid/wide.png": Self.pngHeader(width: 50_000, height: 10),
            "https://hostile.invalid/bomb.png": bomb,
            "https://hostile.invalid/truncated.jpg": Array(jpeg.prefix(jpeg.count / 3)),
            "https://hostile.invalid/badcrc.png": png,
            "https://hostile.invalid/garbage.gif": Array("GIF89a".utf8) + [UInt8](repeating: 0xFF, count: 64),
        ]
        let html = pictures.keys.sorted().map { "<p><img src=\"\($0)\" alt=\"\($0)\"></p>" }.joined()
        let shelf = try HostileShelf(entries: [("Pictures that lie", html)], pictures: pictures)
        let heights = try shelf.openEach()
        #expect(heights.count == 1 && heights[0] > 0)
        let images = ReaderImages(cache: shelf.cache)
        for url in ["https://hostile.invalid/wide.png", "https://hostile.invalid/bomb.png",
                    "https://hostile.invalid/badcrc.png", "https://hostile.invalid/garbage.gif"] {
            _ = images.picture(url, width: 1280)
            images.decodeQueued()
            #expect(images.picture(url, width: 1280) == nil, "\(url) must not be shown")
        }
        // A truncated JPEG still shows what arrived (the rest grey), as browsers do.
        _ = images.picture("https://hostile.invalid/truncated.jpg", width: 640)
        images.decodeQueued()
        #expect(images.picture("https://hostile.invalid/truncated.jpg", width: 640) != nil)
    }

    /// A PNG signature and header claiming `width` x `height`, with nothing after it.
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func be(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        let chunk = Array("IHDR".utf8) + be(width) + be(height) + [8, 2, 0, 0, 0]
        var crc = ~UInt32(0)
        for byte in chunk {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + chunk + be(Int(~crc))
    }
}
