import Reader
import Feeds
import Platform
import Text

/// An hour on the wall in ambient mode, on the virtual clock: the loop wakes only when the app's deadline or a
/// frame asks, as the panel's does, and the work it did is summed. The average CPU an hour of ambient costs
/// the process (its own work; the kernel's poll and flips are not in it).
struct AmbientHourBench {
    let width: Int, height: Int, pixelsPerPoint: Double

    func run(store path: String, now: Timestamp, emit: (String) -> Void, note: (String) -> Void) throws {
        var settings = ReaderSettings()
        settings.idleMinutes = 1
        let reader = HeadlessReader(pixelWidth: width, pixelHeight: height, pixelsPerPoint: pixelsPerPoint, fps: 60,
                                    typesetter: Typesetter(library: try FontLibrary()), settings: settings,
                                    library: ReaderLibrary(store: try FeedStore(path: path), samples: [], writes: false),
                                    refreshing: nil, start: now, origin: 0)
        let hour = 3600.0, start = settings.idleMinutes * 60
        var t = 0.0, busy: UInt64 = 0, frames = 0, wakes = 0
        try reader.loop.frame(at: 0)
        // Into ambient first; the hour is counted from there.
        while t < start + hour {
            guard let next = reader.loop.needsFrame ? t + 1.0 / 60 : reader.loop.wakeTime else { break }
            if !reader.loop.needsFrame { wakes += 1 }
            t = max(next, t + 1.0 / 60)
            let began = MonotonicClock.nanoseconds()
            try reader.loop.frame(at: t)
            reader.loop.prepareAhead()
            if t > start {
                busy += MonotonicClock.nanoseconds() - began
                frames += 1
            }
        }
        guard reader.app.screenName == "ambient" else { throw BenchFailure("the panel did not turn ambient") }
        // Percent of one core, to four places (busy nanoseconds over the hour's, times 100).
        let tenThousandths = Int((Double(busy) / 1e9 / hour * 100 * 10_000).rounded())
        let places = String(tenThousandths % 10_000)
        let percent = "\(tenThousandths / 10_000).\(String(repeating: "0", count: 4 - places.count))\(places)"
        emit("reader_ambient_hour_cpu_percent,\(width)x\(height)@\(ReaderSettings.plain(pixelsPerPoint)),lectern,\(percent)")
        note("# ambient hour: \(frames) frames in \(wakes) wake-ups, \(WidgetBench.milliseconds(busy)) ms of work in 3600 s of panel time")
    }
}
