#if canImport(Glibc)
import Glibc
#endif
import ReaderSamples
import Reader
import Codecs
import Feeds
import Platform
import Raster
import Text
import Touch
import Widgets

/// `lectern-bench reader`: the reader at 1920x1080, scale 2, over a store of 10,000 entries in 50 feeds.
/// Worst frames of scrolling the list, scrolling a long article, the page slide and the menu (each frame the
/// fastest of `REPS` rounds, as `lectern-bench widgets` does); the tap on a row to the first frame of its 5,000-word
/// article; a cold start to the list's first frame; a 2-megapixel JPEG decoded to the column against
/// `djpeg -scale 1/4` in alternating rounds; resident memory with the picture cache full; and the CPU an idle
/// panel uses.
public struct ReaderBench {
    public let width: Int
    public let height: Int
    public let pixelsPerPoint: Double
    public let feeds: Int
    public let perFeed: Int

    public init(width: Int = 1920, height: Int = 1080, pixelsPerPoint: Double = 2, feeds: Int = 50, perFeed: Int = 200) {
        self.width = width
        self.height = height
        self.pixelsPerPoint = pixelsPerPoint
        self.feeds = feeds
        self.perFeed = perFeed
    }

    private var label: String { "\(width)x\(height)@\(ReaderSettings.plain(pixelsPerPoint))" }

    public func run(timing: BenchTiming, emit: (String) -> Void, note: (String) -> Void) throws {
        let folder = try TemporaryFolder.make(prefix: "lectern-bench-reader")
        defer { _ = system("rm -rf '\(folder)'") }
        let now = Timestamp(year: 2026, month: 11, day: 24, hour: 12)
        let path = folder + "/feeds.sqlite"
        do {
            let store = try FeedStore(path: path)
            let started = MonotonicClock.nanoseconds()
            _ = try BenchStoreFill.fill(store, feeds: feeds, perFeed: perFeed, now: now)
            note("# store: \(try store.entryCount()) entries in \(feeds) feeds, made in \(WidgetBench.milliseconds(MonotonicClock.nanoseconds() - started)) ms")
        }
        let rounds = timing.repetitions
        var cold: [UInt64] = [], tap: [UInt64] = [], firstTap: [UInt64] = [], handling: [UInt64] = []
        var worst: [String: [UInt64]] = [:]
        for _ in 0..<rounds {
            // Cold: fonts, the store, the app, the list's first frame, as `lectern run` does after exec.
            let t0 = MonotonicClock.nanoseconds()
            let typesetter = Typesetter(library: try FontLibrary())
            let store = try FeedStore(path: path)
            let reader = HeadlessReader(pixelWidth: width, pixelHeight: height, pixelsPerPoint: pixelsPerPoint, fps: 60,
                                        typesetter: typesetter, settings: ReaderSettings(),
                                        library: ReaderLibrary(store: store, samples: [], writes: false),
                                        refreshing: nil, start: now, origin: 0)
            try reader.loop.frame(at: 0)
            cold.append(MonotonicClock.nanoseconds() - t0)
            var clock = 1.0
            func frames(_ name: String, _ events: [(Double, TouchPhase, Point)]) throws {
                let trace = TouchTrace(frames: events.map { t, phase, p in
                    TouchFrame([TouchEvent(slot: 0, phase: phase, position: p, time: clock + t)])
                })
                var times: [UInt64] = []
                try TraceReplay(trace: trace, fps: 60).play(reader.app, loop: reader.loop) { times.append($0.nanoseconds) }
                clock += (times.count > 0 ? Double(times.count) / 60 : 0) + 1
                let slowest = times.max() ?? 0
                worst[name, default: []].append(slowest)
            }
            let w = Double(width) / pixelsPerPoint, h = Double(height) / pixelsPerPoint
            // The list: a flick up and back down.
            try frames("list_scroll", Self.flick(from: Point(x: w / 2, y: h - 60), to: Point(x: w / 2, y: 140)))
            try frames("list_scroll", Self.flick(from: Point(x: w / 2, y: 140), to: Point(x: w / 2, y: h - 60)))
            // The tap on the first row (the 5,000-word article): from the lift to the first frame that shows it. The
            // first time after start the serif's glyphs are not cached yet; then back to the list and again.
            func tapRow() throws -> UInt64 {
                let y = ReaderApp.listHeaderHeight + 40
                reader.app.handle(TouchFrame([TouchEvent(slot: 0, phase: .down, position: Point(x: 300, y: y),
                                                         time: clock)]))
                try reader.loop.frame(at: clock)
                let lift = MonotonicClock.nanoseconds()
                reader.app.handle(TouchFrame([TouchEvent(slot: 0, phase: .up, position: Point(x: 300, y: y),
                                                         time: clock + 0.06)]))
                let opened = MonotonicClock.nanoseconds()
                try reader.loop.frame(at: clock + 0.07)
                let took = MonotonicClock.nanoseconds() - lift
                handling.append(opened - lift)
                reader.loop.prepareAhead()
                clock += 1
                return took
            }
            firstTap.append(try tapRow())
            try frames("back", [(0, .down, Point(x: 40, y: 28)), (0.05, .up, Point(x: 40, y: 28))])
            tap.append(try tapRow())
            guard reader.app.screenName == "article" else { throw BenchFailure("the tap did not open the article") }
            try frames("article_scroll", Self.flick(from: Point(x: w / 2, y: h - 60), to: Point(x: w / 2, y: 100)))
            try frames("article_scroll", Self.flick(from: Point(x: w / 2, y: 100), to: Point(x: w / 2, y: h - 60)))
            // The page slide: at the article's end, a pull up past the footer.
            // The jump is no gesture: its frame (which sets the rest of the page) is drawn before the timed pull.
            _ = reader.app.jumpToArticleEnd()
            try reader.loop.frame(at: clock)
            reader.loop.prepareAhead()
            clock += 1
            try frames("page_slide", Self.drag(from: Point(x: w / 2, y: h - 80), to: Point(x: w / 2, y: h - 260)))
            // The menu: a pull from the right edge, then a tap to close it.
            try frames("menu", Self.drag(from: Point(x: w - 20, y: h / 2), to: Point(x: w - 200, y: h / 2)))
            try frames("menu", [(0, .down, Point(x: 20, y: 20)), (0.05, .up, Point(x: 20, y: 20))])
        }
        for name in ["list_scroll", "article_scroll", "page_slide", "menu"] {
            let best = worst[name]?.min() ?? 0
            emit("reader_\(name)_worst_frame_ms,\(label),lectern,\(WidgetBench.milliseconds(best))")
        }
        emit("reader_tap_to_article_ms,\(label),lectern,\(WidgetBench.milliseconds(tap.min() ?? 0))")
        note("# tap: opening the article (store read, blocks, page, pager) took at best \(WidgetBench.milliseconds(handling.min() ?? 0)) ms of it, its first frame the rest")
        emit("reader_first_tap_after_start_ms,\(label),lectern,\(WidgetBench.milliseconds(firstTap.min() ?? 0))")
        emit("reader_cold_start_ms,\(label),lectern,\(WidgetBench.milliseconds(cold.min() ?? 0))")
        note("# budgets: worst frames < 4 ms, tap to article < 16 ms, cold start < 250 ms (median cold \(WidgetBench.milliseconds(cold.sorted()[cold.count / 2])) ms)")
        try AmbientHourBench(width: width, height: height, pixelsPerPoint: pixelsPerPoint)
            .run(store: path, now: now, emit: emit, note: note)
        try decodeAgainstDjpeg(folder: folder, rounds: rounds, emit: emit, note: note)
        try memoryWithPicturesFull(emit: emit)
    }

    /// A finger moving fast from `a` to `b` and lifting while it moves.
    static func flick(from a: Point, to b: Point) -> [(Double, TouchPhase, Point)] {
        var events: [(Double, TouchPhase, Point)] = [(0, .down, a)]
        for i in 1...6 {
            let f = Double(i) / 6
            events.append((Double(i) * 0.016, .move, Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)))
        }
        events.append((0.11, .up, b))
        return events
    }

    /// A slow drag that holds still before lifting.
    static func drag(from a: Point, to b: Point) -> [(Double, TouchPhase, Point)] {
        var events: [(Double, TouchPhase, Point)] = [(0, .down, a)]
        for i in 1...12 {
            let f = Double(i) / 12
            events.append((Double(i) * 0.03, .move, Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)))
        }
        events.append((0.5, .move, b))
        events.append((0.52, .up, b))
        return events
    }

    /// A 1920x1080 photo-like JPEG (made with cjpeg from a generated picture), decoded to the reading column's
    /// width at scale 2, against libjpeg-turbo's own `djpeg -scale 1/4` of the same file, alternating.
    private func decodeAgainstDjpeg(folder: String, rounds: Int, emit: (String) -> Void, note: (String) -> Void) throws {
        let ppm = folder + "/photo.ppm", jpeg = folder + "/photo.jpg"
        try AtomicFile.write(Self.photoPPM(width: 1920, height: 1080), to: ppm)
        guard system("cjpeg -quality 85 -outfile '\(jpeg)' '\(ppm)' 2>/dev/null") == 0 else {
            note("# jpeg: cjpeg (libjpeg-turbo-progs) is not installed; decoding not measured")
            return
        }
        let bytes = try AtomicFile.read(jpeg)
        let column = Int((ReaderApp.readingColumnWidth * pixelsPerPoint).rounded())
        var ours: [UInt64] = [], theirs: [UInt64] = []
        for _ in 0..<max(5, rounds) {
            let t0 = MonotonicClock.nanoseconds()
            _ = try ImageDecoder.decode(bytes, fittingWidth: column)
            ours.append(MonotonicClock.nanoseconds() - t0)
            let t1 = MonotonicClock.nanoseconds()
            guard system("djpeg -scale 1/4 -outfile /dev/null '\(jpeg)'") == 0 else {
                throw BenchFailure("djpeg failed on \(jpeg)")
            }
            theirs.append(MonotonicClock.nanoseconds() - t1)
        }
        let median = { (xs: [UInt64]) in xs.sorted()[xs.count / 2] }
        emit("reader_jpeg_2mp_to_column_ms,1920x1080->\(column),lectern,\(WidgetBench.milliseconds(median(ours)))")
        emit("reader_jpeg_2mp_to_column_ms,1920x1080->480,djpeg -scale 1/4,\(WidgetBench.milliseconds(median(theirs)))")
        note("# jpeg: \(bytes.count) bytes; lectern best \(WidgetBench.milliseconds(ours.min()!)) ms, djpeg (a whole process) best \(WidgetBench.milliseconds(theirs.min()!)) ms; budget < 20 ms")
    }

    /// Resident memory once the reader's picture cache is full of decoded column-wide pictures.
    private func memoryWithPicturesFull(emit: (String) -> Void) throws {
        let images = ReaderImages(cache: nil)
        var n = 0
        for url in SampleFeeds.imageURLs.cycled(to: 64) {
            // Each width is another entry in the memory cache, as pictures of many articles would be.
            _ = images.picture(url, width: 900 + n)
            images.decodeQueued()
            n += 1
        }
        let resident = try ProcessFootprint.current().residentBytes
        emit("reader_resident_mb_with_pictures,\(label),lectern,\(ReaderSettings.plain((Double(resident) / 1_048_576 * 10).rounded() / 10))")
        emit("reader_picture_cache_mb,\(label),lectern,\(ReaderSettings.plain((Double(images.bytesHeld) / 1_048_576 * 10).rounded() / 10))")
    }

    /// A smooth picture with some detail, as a photo compresses: binary PPM.
    static func photoPPM(width: Int, height: Int) -> [UInt8] {
        var out = Array("P6\n\(width) \(height)\n255\n".utf8)
        out.reserveCapacity(out.count + width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let fx = Double(x) / Double(width), fy = Double(y) / Double(height)
                let ripple = sin(fx * 37 + fy * 11) * cos(fy * 23 - fx * 5)
                out.append(UInt8(max(0, min(255, 80 + 120 * fy + 40 * ripple))))
                out.append(UInt8(max(0, min(255, 120 + 80 * fx - 30 * ripple))))
                out.append(UInt8(max(0, min(255, 180 - 90 * fy + 25 * ripple + Double((x ^ y) & 15)))))
            }
        }
        return out
    }
}

extension Array {
    /// The elements repeated until there are `count`.
    func cycled(to count: Int) -> [Element] {
        isEmpty ? [] : (0..<count).map { self[$0 % self.count] }
    }
}
