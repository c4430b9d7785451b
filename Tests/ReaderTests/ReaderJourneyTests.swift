import Feeds
import Glibc
import GoldenImages
import LoopbackServer
import Platform
import Raster
import Testing
import Text
import Touch
import Widgets
@testable import Reader

/// A person at the panel, end to end: a temporary store filled from a loopback server, the real app on the
/// headless display, gestures played on the virtual clock, and what the store and the screen say after.
@Suite(.serialized) struct ReaderJourneyTests {
    @Test func opensAnArticlePagesToTheNextAndBack() throws {
        let panel = try ReaderPanel()
        let first = try #require(panel.listRows.first)
        try panel.play(Gesture.tap(200, ListScreen.headerHeight + 40))
        #expect(panel.field("screen") == "article")
        #expect(panel.articleID == first)
        #expect(try panel.store.entry(feed: panel.feed, key: first)?.isRead == true, "opening marks the entry read")

        // The articles are short: a pull up past the footer's 55 pt brings the next one.
        try panel.play(Gesture.drag(from: Point(x: 400, y: 400), to: Point(x: 400, y: 150)))
        #expect(panel.articleID == panel.keys[1])
        try panel.play(Gesture.drag(from: Point(x: 400, y: 100), to: Point(x: 400, y: 350)))
        #expect(panel.articleID == first)
    }

    @Test func pullForTheMenuAndChangeTheTextSize() throws {
        let panel = try ReaderPanel()
        var saved: ReaderSettings?
        panel.reader.app.onSettingsChange = { saved = $0 }
        try panel.play(Gesture.tap(200, ListScreen.headerHeight + 40))
        // Unread's pull: any horizontal drag on an article, released past 50 pt of pull.
        try panel.play(Gesture.drag(from: Point(x: 600, y: 240), to: Point(x: 350, y: 240)))
        #expect(panel.field("overlay") == "menu")
        let items = panel.menuItems
        let larger = try #require(items["Text size +"])
        #expect(items["Unread"] != nil && items["QR code"] != nil && items["Text size −"] != nil)
        try panel.play(Gesture.tap(larger.midX, larger.midY))
        #expect(panel.reader.context.settings.textSize == 19)
        #expect(saved?.textSize == 19, "the change is handed to the host to save")
        #expect(panel.field("overlay") == nil && panel.field("screen") == "article", "the menu closed on the article")
        #expect(panel.inspection["textSize"] == .number(19))
    }

    @Test func swipeARowMarkItReadAndUndo() throws {
        let panel = try ReaderPanel()
        let key = try #require(panel.listRows.first)
        let y = ListScreen.headerHeight + 50
        try panel.play(Gesture.drag(from: Point(x: 600, y: y), to: Point(x: 300, y: y)))
        #expect(panel.rowOffsets.first == 148, "the row rests open at the catch width")
        // The red slot is the rightmost 74 pt; the undo bar then waits 5 s, so the undo is in the same trace.
        let size = panel.reader.context.size
        var undone = false
        try panel.play(Gesture.tap(size.width - 30, y) + "\n2000000 0 down \(size.width - 40) \(size.height - 28)"
                       + "\n2060000 0 up \(size.width - 40) \(size.height - 28)") { app, t in
            guard t > 1, t < 1.9 else { return }
            #expect(try! panel.store.entry(feed: panel.feed, key: key)?.isRead == true)
            #expect(!panel.listRows.contains(key), "the row left the Unread river")
            #expect(panel.inspection["undo"] == .bool(true))
            undone = true
        }
        #expect(undone)
        #expect(try panel.store.entry(feed: panel.feed, key: key)?.isRead == false)
        #expect(panel.listRows.first == key, "the row came back where it was")
    }

    @Test func starFromTheActionSheet() throws {
        let panel = try ReaderPanel()
        let key = try #require(panel.listRows.first)
        try panel.choose("Star")
        #expect(try panel.store.entry(feed: panel.feed, key: key)?.isStarred == true)
        #expect(panel.field("overlay") == nil)
    }

    @Test func pullToRefreshBringsANewEntryWithoutMovingTheRows() throws {
        let panel = try ReaderPanel()
        let before = panel.rowFrames
        panel.serveNewEntry()
        try panel.play(Gesture.drag(from: Point(x: 400, y: 120), to: Point(x: 400, y: 320), steps: 12))
        #expect(panel.inspection["newEntries"] == .integer(1))
        #expect(panel.rowFrames == before, "the rows sit where they were")
        #expect(try panel.store.entryCount() == panel.keys.count + 1)
        // The bar shows the new entry on a tap.
        try panel.play(Gesture.tap(400, ListScreen.headerHeight + ListScreen.bannerHeight / 2))
        #expect(panel.listRows.first == "urn:lectern:test:new")
    }

    @Test func openingMarksReadOnceThePanelRestsAndAStoppingKioskLosesNoWrite() throws {
        let panel = try ReaderPanel()
        guard let list = panel.reader.app.screen as? ListScreen else { Issue.record("not on the list"); return }
        panel.reader.app.open(0, in: list)
        #expect(try panel.store.entry(feed: panel.feed, key: panel.keys[0])?.isRead == false,
                "the fsync waits: the frame that shows the article comes first")
        #expect(panel.reader.app.inspection().first { $0.0 == "screen" }?.1 == .string("article"))
        panel.reader.app.flushWritesAtRest()  // what the kiosk does as it stops
        #expect(try panel.store.entry(feed: panel.feed, key: panel.keys[0])?.isRead == true)
    }

    @Test func muteAFeedFromTheSheet() throws {
        let panel = try ReaderPanel()
        try panel.choose("Mute this feed")
        #expect(try panel.store.feed(panel.feed)?.isMuted == true)
        #expect(panel.listRows.isEmpty, "the only feed's rows left Unread")
        #expect(panel.inspection["unread"] == .integer(0))
    }

    @Test func showsAnArticlesQRCodeThatScansBackToItsLink() throws {
        let panel = try ReaderPanel()
        try panel.choose("Show QR code")
        #expect(panel.field("overlay") == "qr")
        #expect(panel.inspection["qr"]?["text"] == .string("http://example.org/5"))
        let path = panel.folder + "/qr.png"
        try AtomicFile.write(try PNGCodec.encode(panel.reader.display.scanout), to: path)
        let scanned = scanQRCode(at: path)
        #expect(scanned.status == 0 && scanned.text == "http://example.org/5")
        // A tap anywhere closes it.
        try panel.play(Gesture.tap(20, 300))
        #expect(panel.field("overlay") == nil && panel.field("screen") == "list")
    }

    @Test func restartFindsTheSamePlace() throws {
        let panel = try ReaderPanel()
        var place: ReaderPlace?
        panel.reader.app.onPlaceChange = { place = $0 }
        try panel.play(Gesture.tap(200, ListScreen.headerHeight + 40 + EntryCell.height(typeScale: 1)))
        let opened = try #require(panel.articleID)
        #expect(opened == panel.keys[1])
        let saved = try #require(place)
        try ReaderLaunch.savePlace(saved, directory: panel.folder)

        let again = try ReaderPanel(reusing: panel)
        #expect(again.field("screen") == "article")
        #expect(again.articleID == opened)
        #expect(try again.store.entry(feed: again.feed, key: opened)?.isRead == true)
    }
}

/// Touch traces in the text form, times in microseconds.
enum Gesture {
    static func tap(_ x: Double, _ y: Double) -> String { "0 0 down \(x) \(y)\n60000 0 up \(x) \(y)" }

    static func drag(from a: Point, to b: Point, steps: Int = 8) -> String {
        var lines = ["0 0 down \(a.x) \(a.y)"]
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            lines.append("\(i * 20_000) 0 move \(a.x + (b.x - a.x) * f) \(a.y + (b.y - a.y) * f)")
        }
        // Held still before lifting, so the release has no flick.
        lines.append("\((steps + 6) * 20_000) 0 move \(b.x) \(b.y)")
        lines.append("\((steps + 7) * 20_000) 0 up \(b.x) \(b.y)")
        return lines.joined(separator: "\n")
    }
}

/// A panel for one test: a folder with a store, a loopback feed of five entries, and the reader on an
/// 800x480 headless display whose wall clock reads 2026-11-24 12:00 UTC.
final class ReaderPanel {
    let folder: String
    let server: LoopbackHTTPServer
    let store: FeedStore
    let feed: FeedID
    private(set) var reader: HeadlessReader
    private let document = LoopbackBox()
    /// The entries' keys, newest first.
    let keys = (1...5).reversed().map { "urn:lectern:test:\($0)" }
    private var clock = 0.0

    init() throws {
        var template = Array("/tmp/lectern-journey-XXXXXX".utf8CString)
        folder = String(cString: mkdtemp(&template)!)
        let box = document
        box.set(Self.feed(entries: 5, extra: false))
        server = try LoopbackHTTPServer(routes: ["/feed.xml": { _ in
            .http(status: 200, headers: [("Content-Type", "application/rss+xml")], body: box.get())
        }])
        store = try FeedStore(path: folder + "/feeds.sqlite")
        feed = try store.addFeed(url: server.url("/feed.xml"), at: Self.now)
        let run = Self.refresher(store)
        _ = run.start(at: Self.now)
        _ = run.collect()
        run.shutdown()
        reader = Self.reader(store: store, place: nil)
    }

    /// The same folder and store, the app started afresh with the place saved there: a restart.
    init(reusing other: ReaderPanel) throws {
        folder = other.folder
        server = other.server
        store = try FeedStore(path: folder + "/feeds.sqlite")
        feed = other.feed
        reader = Self.reader(store: store, place: ReaderLaunch.loadPlace(directory: folder))
    }

    deinit {
        _ = system("rm -rf '\(folder)'")
    }

    static let now = Timestamp(year: 2026, month: 11, day: 24, hour: 12)

    static func refresher(_ store: FeedStore) -> RefreshRun {
        try! RefreshRun(refresher: FeedRefresher(store: store, fetcher: FeedFetcher(userAgent: "Lectern/test")),
                        waitsForResults: true)
    }

    static func reader(store: FeedStore, place: ReaderPlace?) -> HeadlessReader {
        let typesetter = (try? FontLibrary()).map { Typesetter(library: $0) }
        let library = ReaderLibrary(store: store, samples: [])
        let reader = HeadlessReader(pixelWidth: 800, pixelHeight: 480, scale: .one, fps: 60, typesetter: typesetter,
                                    settings: ReaderSettings(), library: library, refreshing: refresher(store),
                                    start: now, origin: 0, place: place, utcOffset: { _ in 0 })
        _ = try? reader.loop.frame(at: 0)
        return reader
    }

    /// An RSS document of `entries` entries (newest first), and one more, newer, when `extra`.
    static func feed(entries: Int, extra: Bool) -> [UInt8] {
        var items = ""
        if extra {
            items += "<item><title>Fresh off the press</title><link>http://example.org/new</link><guid>urn:lectern:test:new</guid>"
                + "<pubDate>Tue, 24 Nov 2026 11:30:00 +0000</pubDate><description>New.</description></item>"
        }
        for i in (1...entries).reversed() {
            items += "<item><title>Entry \(i)</title><link>http://example.org/\(i)</link><guid>urn:lectern:test:\(i)</guid>"
                + "<pubDate>Tue, 24 Nov 2026 0\(i):00:00 +0000</pubDate><description>Body of entry \(i).</description></item>"
        }
        return Array("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Test Feed</title><link>http://example.org/</link>\(items)</channel></rss>".utf8)
    }

    /// A long press on the first row (the swipe's visible fallback: the same sheet), then a tap on `option`.
    func choose(_ option: String) throws {
        let y = ListScreen.headerHeight + 50
        try play("0 0 down 200 \(y)\n700000 0 up 200 \(y)")
        #expect(field("overlay") == "sheet")
        guard let list = reader.app.screen as? ListScreen else { throw PanelFailure("the list is not on screen") }
        // The card lists its options top to bottom.
        #expect(list.list.sheet.options == ["Mark as read", "Star", "Show QR code", "Mute this feed"])
        let index = try #require(list.list.sheet.options.firstIndex(of: option))
        let card = list.list.sheet.layout().options
        try play(Gesture.tap(card.midX, card.minY + ActionSheet.rowHeight * (Double(index) + 0.5)))
    }

    struct PanelFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    func serveNewEntry() { document.set(Self.feed(entries: 5, extra: true)) }

    /// Plays a trace after everything so far, on the same virtual clock; `each` sees every frame.
    func play(_ text: String, each: (ReaderApp, Double) -> Void = { _, _ in }) throws {
        let parsed = try TouchTrace(parsing: text)
        let shifted = TouchTrace(frames: parsed.frames.map { frame in
            TouchFrame(time: frame.time + clock,
                       events: frame.events.map { var e = $0; e.time += clock; return e })
        })
        var last = clock
        try TraceReplay(trace: shifted, fps: 60).play(reader.app, loop: reader.loop) { frame in
            last = clock + frame.t
            each(reader.app, frame.t)
        }
        clock = last + 1
    }

    var inspection: [String: JSONValue] {
        Dictionary(reader.app.inspection().map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
    }

    func field(_ name: String) -> String? {
        if case .string(let s)? = inspection[name] { return s }
        return nil
    }

    var articleID: String? {
        if case .string(let id)? = inspection["article"]?["id"] { return id }
        return nil
    }

    var listRows: [String] {
        guard let list = reader.app.screen as? ListScreen else { return [] }
        return list.visibleRows().map(\.row.entry.key)
    }

    var rowFrames: [Rect] {
        guard let list = reader.app.screen as? ListScreen else { return [] }
        return list.visibleRows().map(\.frame)
    }

    var rowOffsets: [Double] {
        guard let list = reader.app.screen as? ListScreen else { return [] }
        return list.visibleRows().map(\.offset)
    }

    var menuItems: [String: Rect] {
        Dictionary((reader.app.menuPanel?.items ?? []).map { ($0.name, $0.frame) }, uniquingKeysWith: { a, _ in a })
    }
}

/// The document the server serves, swapped between requests.
final class LoopbackBox: @unchecked Sendable {
    private let lock = LoopbackLock()
    private var bytes: [UInt8] = []
    func set(_ new: [UInt8]) { lock.locked { bytes = new } }
    func get() -> [UInt8] { lock.locked { bytes } }
}

/// The bundled samples on the panel: what a person sees before subscribing to anything.
@Suite struct SampleReaderTests {
    @Test func aTapOnAnArticlesPictureShowsItWhole() throws {
        let reader = try HeadlessReader.overSamples()
        try reader.loop.frame(at: 0)
        guard let list = reader.app.screen as? ListScreen,
              let index = list.rows.firstIndex(where: { $0.title == "The tiles behind the stove" }) else {
            Issue.record("the sample with a picture is not on the list")
            return
        }
        reader.app.open(index, in: list)
        try reader.loop.frame(at: 0.1)
        guard let article = reader.app.screen as? ArticleScreen, let body = article.pager.currentPage as? ArticleBody else {
            Issue.record("the article did not open")
            return
        }
        // Where the picture is on screen: the first point down the middle of the column that lands on it.
        let y = try #require(stride(from: 60.0, to: 470, by: 5).first {
            if case .image? = body.target(at: Point(x: 400, y: $0)) { true } else { false }
        })
        let replay = "0 0 down 400 \(y)\n60000 0 up 400 \(y)"
        try TraceReplay(trace: try TouchTrace(parsing: replay), fps: 60).play(reader.app, loop: reader.loop) { _ in }
        #expect(reader.app.inspection().first { $0.0 == "overlay" }?.1 == .string("image"))
        let picture = try #require(WholePicture.decoded("https://samples.lectern.invalid/images/kitchen-tiles.jpg",
                                                           fitting: Rect(x: 24, y: 24, width: 752, height: 432),
                                                           context: reader.context),
                                   "decoded while the panel rested")
        #expect(picture.height <= 432 && picture.width <= 752 && picture.width >= 700)
    }
}


/// An idle panel costs nothing: once a screen has settled, no frame is owed and no timer is armed, so the loop
/// sleeps in poll until a finger, a flip or the hourly feed check.
@Suite struct ReaderIdleTests {
    @Test func everyScreenAtRestOwesNoFrameAndSetsNoTimer() throws {
        // Without ambient or a night schedule, nothing at all is due (the wall's own timers: WallDayTests).
        var settings = ReaderSettings()
        settings.idleMinutes = 0
        let reader = try HeadlessReader.overSamples(settings: settings)
        var time = 0.0
        func settle() throws {
            // The panel's order: a frame, then preparing ahead (pictures, neighbours) when nothing moves.
            for _ in 0..<180 {
                try reader.loop.frame(at: time)
                reader.loop.prepareAhead()
                time += 1.0 / 60
                if !reader.loop.needsFrame, reader.app.deadline == nil { break }
            }
            #expect(!reader.loop.needsFrame && reader.app.deadline == nil && reader.loop.wakeTime == nil,
                    "\(reader.app.screenName) still owes frames at \(time) s")
        }
        try settle()
        guard let list = reader.app.screen as? ListScreen else { Issue.record("no list"); return }
        reader.app.open(0, in: list)
        try settle()
        for action in [ReaderAction.showFeeds, .showSettings, .showAbout, .showRiver(.starred)] {
            reader.app.perform(action)
            try settle()
        }
    }
}

/// Where a person is in an article is kept as they read, not only when they open it.
@Suite struct ReadingPlaceTests {
    @Test func anArticleScrolledToRestIsSavedWhereItRests() throws {
        let reader = try HeadlessReader.overSamples()
        var saved: [ReaderPlace] = []
        reader.app.onPlaceChange = { saved.append($0) }
        try TraceReplay(trace: try TouchTrace(parsing: "0 0 down 200 100\n60000 0 up 200 100"), fps: 60)
            .play(reader.app, loop: reader.loop) { _ in }
        #expect(saved.last?.entry != nil && saved.last?.scrollY == 0, "opening saves the article at its top")
        // A slow drag up by 240 pt, held still before lifting: no coast, the page rests where the finger left it.
        var lines = ["2000000 0 down 400 400"]
        for i in 1...12 { lines.append("\(2_000_000 + i * 30_000) 0 move 400 \(400 - 20 * i)") }
        lines += ["2600000 0 move 400 160", "2620000 0 up 400 160"]
        try TraceReplay(trace: try TouchTrace(parsing: lines.joined(separator: "\n")), fps: 60)
            .play(reader.app, loop: reader.loop) { _ in }
        guard let article = reader.app.screen as? ArticleScreen else { Issue.record("not reading"); return }
        let rest = article.pager.scroll.offset
        #expect(rest > 150, "scrolled \(rest) pt")
        #expect(saved.last?.scrollY == rest.rounded(), "saved at \(String(describing: saved.last?.scrollY)), resting at \(rest)")
        #expect(saved.count == 2, "one save for the open, one for the rest")
    }
}
