import Feeds
import Pairing
import Platform
import Raster
import Text
import Touch
import Widgets
import Wireless

/// The pictures `lectern run` writes without a panel: each screen the reader has, and each of its gestures
/// caught in the middle, drawn by the real app on the headless display. Each shot starts the app afresh over
/// the same library; give it a library that does not write, so the pictures leave the owner's store as it was.
public struct ReaderTour {
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let scale: Scale
    public let typesetter: Typesetter?
    public let settings: ReaderSettings
    public let library: ReaderLibrary
    /// The wall-clock time the shots are taken at.
    public let now: Timestamp
    /// Where pictures come from (the samples' are in the binary).
    public let imageCache: ImageCache?
    /// Where the feeds' icons come from (none: the lists show initials).
    public let feedIcons: FeedIcons?
    /// The local zone's offset from UTC at a moment (the tests fix it).
    public var utcOffset: (Timestamp) -> Int = LocalTime.utcOffset(at:)

    public init(pixelWidth: Int, pixelHeight: Int, pixelsPerPoint: Double, typesetter: Typesetter?, settings: ReaderSettings,
                library: ReaderLibrary, now: Timestamp, imageCache: ImageCache? = nil, feedIcons: FeedIcons? = nil) {
        self.imageCache = imageCache
        self.feedIcons = feedIcons
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = Scale(pixelsPerPoint)
        self.typesetter = typesetter
        self.settings = settings
        self.library = library
        self.now = now
    }

    /// The shots in order, each name with what it shows.
    public static let shots: [(name: String, caption: String)] = [
        ("list", "the article list (Unread)"),
        ("article", "an article"),
        ("article-image", "an article with an image"),
        ("article-end", "the end of an article: its end mark and the next entry's title"),
        ("article-media", "an article with a media box (a podcast's episode)"),
        ("menu", "the menu"),
        ("sheet", "a row's action sheet (long press or More)"),
        ("feeds", "the feeds screen"),
        ("settings", "settings"),
        ("about", "about"),
        ("qr", "an article's link as a QR code"),
        ("phone", "pairing a phone: the pairing URL as a QR code and as text, the code in groups, the time left"),
        ("wifi", "setting up Wi-Fi from a phone: the hotspot's code and the set-up page's, each as words too"),
        ("empty", "the empty state (no feeds, samples off)"),
        ("gesture-pull-menu", "pulling from the right edge for the menu"),
        ("gesture-refresh", "pulling the list down to refresh"),
        ("gesture-swipe", "a row swiped open"),
        ("gesture-next-article", "pulling past the end of an article for the next one"),
    ]

    /// Takes every shot and hands each to `save` with its name.
    public func run(save: (String, Surface) throws -> Void) throws {
        for (name, _) in Self.shots {
            if let surface = try shot(name) { try save(name, surface) }
        }
    }

    /// One shot, or nil when the library has nothing it needs (no entry with an image).
    public func shot(_ name: String) throws -> Surface? {
        let reader = make()
        let app = reader.app
        let w = reader.context.size.width, h = reader.context.size.height
        let rowY = ListScreen.headerHeight + 40
        switch name {
        case "list": break
        case "article": try play(reader, "0 0 down 200 \(rowY)\n60000 0 up 200 \(rowY)")
        case "article-end":
            guard let list = app.screen as? ListScreen, !list.rows.isEmpty else { return nil }
            app.open(0, in: list)
            try reader.loop.frame(at: 0)
            guard let article = app.screen as? ArticleScreen else { return nil }
            // Set to its end first, so the scroll range is exact.
            (article.pager.currentPage as? ArticleBody)?.layOut(through: .infinity)
            article.pager.restore(scrollY: max(0, article.pager.scroll.maxOffset))
            app.invalidateDrawing()
        case "article-image":
            guard let list = app.screen as? ListScreen,
                  let index = list.rows.indices.first(where: { hasImage(list.rows[$0]) }) else { return nil }
            app.open(index, in: list)
        case "article-media":
            guard let list = app.screen as? ListScreen,
                  let index = list.rows.indices.first(where: { hasMedia(list.rows[$0]) }) else { return nil }
            app.open(index, in: list)
        case "menu": try play(reader, "0 0 down \(w - 40) 28\n60000 0 up \(w - 40) 28")
        case "sheet": try play(reader, "0 0 down 200 \(rowY)\n700000 0 up 200 \(rowY)")
        case "feeds": app.perform(.showFeeds)
        case "settings": app.perform(.showSettings)
        case "about": app.perform(.showAbout)
        case "qr":
            try play(reader, "0 0 down 200 \(rowY)\n60000 0 up 200 \(rowY)")
            app.perform(.showSharedCode)
        case "phone":
            // A window of the tour's own, with a fixed code, so the picture is the same each time; nothing written.
            let pairing = PanelPairing(book: PairingBook(directory: "/nonexistent"), address: "192.168.1.20")
            let window = PairingWindow(code: "MFRGGZDFMZTWQ2LKNNWG23TPOA", opened: now.secondsSince1970,
                                       expires: now.secondsSince1970 + 287)
            app.context.pairing = pairing
            app.showPairingCard(window, pairing: pairing)
        case "wifi":
            // A radio of the tour's own and a fixed hotspot, so the picture is the same each time; nothing driven.
            let setup = WiFiSetup(radio: StillRadio(), hotspot: Hotspot(network: "Lectern-7F3A", passphrase: "q7mw-k2xd-9hpa"),
                                  address: { _ in nil }, clock: { 0 }, wallClock: { now.secondsSince1970 })
            app.context.wifi = setup
            setup.handle(.hotspot)
            app.perform(.showWiFi)
        case "empty":
            let empty = HeadlessReader(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, fps: 60,
                                       typesetter: typesetter, settings: settings,
                                       library: ReaderLibrary(store: nil, samples: []), refreshing: nil,
                                       start: now, origin: 0, utcOffset: utcOffset)
            try empty.loop.frame(at: 0)
            return empty.display.scanout
        case "gesture-pull-menu":
            return try caught(reader, stops: [w - 8, w - 40, w - 80, w - 120], y: h / 2, horizontal: true)
        case "gesture-refresh":
            return try caught(reader, stops: [rowY, rowY + 40, rowY + 90, rowY + 140], y: 200, horizontal: false)
        case "gesture-swipe":
            try play(reader, "0 0 down 500 \(rowY)\n30000 0 move 460 \(rowY)\n60000 0 move 380 \(rowY)\n90000 0 move 300 \(rowY)\n120000 0 up 300 \(rowY)")
        case "gesture-next-article":
            guard let list = app.screen as? ListScreen, list.rows.count > 1 else { return nil }
            app.open(0, in: list)
            try reader.loop.frame(at: 0)
            guard let article = app.screen as? ArticleScreen else { return nil }
            let bottom = max(0, article.pager.scroll.maxOffset)
            article.pager.restore(scrollY: bottom)
            app.invalidateDrawing()
            return try caught(reader, stops: [h - 60, h - 110, h - 160, h - 200], y: w / 2, horizontal: false)
        default: return nil
        }
        try settle(reader, at: 10)
        return reader.display.scanout
    }

    /// Frames until the pictures the screen asked for are decoded and drawn, as the panel would at rest.
    private func settle(_ reader: HeadlessReader, at time: Double) throws {
        for step in 0..<4 {
            try reader.loop.frame(at: time + Double(step) / 60)
            reader.loop.prepareAhead()
        }
    }

    private func make() -> HeadlessReader {
        HeadlessReader(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, fps: 60, typesetter: typesetter,
                       settings: settings, library: library, refreshing: nil, start: now, origin: 0,
                       images: ReaderImages(cache: imageCache, icons: feedIcons), utcOffset: utcOffset)
    }

    private func hasImage(_ row: RiverRow) -> Bool {
        guard let entry = library.entry(row.entry.id) else { return false }
        return EntryPages.blocks(of: entry).contains { if case .image = $0 { true } else { false } }
    }

    private func hasMedia(_ row: RiverRow) -> Bool {
        guard let entry = library.entry(row.entry.id) else { return false }
        return EntryPages.blocks(of: entry).contains { if case .media = $0 { true } else { false } }
    }

    /// Plays a trace (times in µs, points) until everything rests.
    private func play(_ reader: HeadlessReader, _ text: String) throws {
        try TraceReplay(trace: try TouchTrace(parsing: text), fps: 60).play(reader.app, loop: reader.loop) { _ in }
    }

    /// A finger held at its last stop: the picture of a gesture in the middle (a finger still down).
    private func caught(_ reader: HeadlessReader, stops: [Double], y: Double, horizontal: Bool) throws -> Surface {
        // The screen as a person finds it, pictures decoded at rest, before the finger comes.
        try settle(reader, at: 0)
        var t = 1.0
        for (i, stop) in stops.enumerated() {
            let point = horizontal ? Point(x: stop, y: y) : Point(x: y, y: stop)
            reader.app.handle(TouchFrame([TouchEvent(slot: 0, phase: i == 0 ? .down : .move, position: point,
                                                     time: t)]))
            try reader.loop.frame(at: t)
            t += 0.05
        }
        try reader.loop.frame(at: t)
        return reader.display.scanout
    }
}
