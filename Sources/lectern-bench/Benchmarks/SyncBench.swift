#if canImport(Glibc)
import Glibc
#endif
import Reader
import Feeds
import Platform
import Raster
import Text
import Touch

/// `lectern-bench sync`: one sync with an account, timed, while the reader over the same store scrolls its list
/// on this thread frame after frame, as a panel would while its keeper syncs: the sync's wall time, and the worst
/// frame drawn while it ran. `localChanges` entries are marked read on the panel first, for the queue to send.
public struct SyncBench {
    public let account: SyncAccount
    public let storePath: String
    public let localChanges: Int
    public let width: Int
    public let height: Int
    public let pixelsPerPoint: Double

    /// Flicks timed with no sync running, the reference drawn in the same process just before.
    let baselineFlicks = 20

    static func percentile(_ values: [UInt64], _ fraction: Double) -> UInt64 {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    public init(account: SyncAccount, storePath: String, localChanges: Int, width: Int = 1920, height: Int = 1080,
                pixelsPerPoint: Double = 2) {
        self.account = account
        self.storePath = storePath
        self.localChanges = localChanges
        self.width = width
        self.height = height
        self.pixelsPerPoint = pixelsPerPoint
    }

    public func run(emit: (String) -> Void, note: (String) -> Void) throws {
        let store = try FeedStore(path: storePath)
        let now = LocalTime.now()
        if localChanges > 0 {
            let unread = try store.entryStates().filter { !$0.isRead && $0.remoteID != nil }.prefix(localChanges)
            try store.markRead(unread.map(\.id), at: now)
            note("# marked \(unread.count) entries read on the panel")
        }
        let held = try store.entryCount()
        let reader = HeadlessReader(pixelWidth: width, pixelHeight: height, pixelsPerPoint: pixelsPerPoint, fps: 60,
                                    typesetter: Typesetter(library: try FontLibrary()), settings: ReaderSettings(),
                                    library: ReaderLibrary(store: store, samples: [], writes: false), refreshing: nil,
                                    start: now, origin: 0)
        try reader.loop.frame(at: 0)
        let worker = try SyncWorker(storePath: storePath, account: account,
                                    fetcher: FeedFetcher(userAgent: FeedFetcher.userAgent(version: ReaderVersion.current)))
        var clock = 1.0
        var up = true
        let w = Double(width) / pixelsPerPoint, h = Double(height) / pixelsPerPoint
        /// A flick up or down the list, every frame of it timed.
        func flick(into frames: inout [UInt64], cpu: inout [UInt64]) throws {
            let events = up ? ReaderBench.flick(from: Point(x: w / 2, y: h - 60), to: Point(x: w / 2, y: 140))
                : ReaderBench.flick(from: Point(x: w / 2, y: 140), to: Point(x: w / 2, y: h - 60))
            up.toggle()
            let trace = TouchTrace(frames: events.map { t, phase, p in
                TouchFrame([TouchEvent(slot: 0, phase: phase, position: p, time: clock + t)])
            })
            var count = 0
            try TraceReplay(trace: trace, fps: 60).play(reader.app, loop: reader.loop) {
                frames.append($0.nanoseconds)
                cpu.append($0.cpuNanoseconds)
                count += 1
            }
            clock += Double(count) / 60 + 0.1
        }
        // Warm (glyphs, rows laid out), then the same flicks with no sync: the reference for the frames below.
        var warm: [UInt64] = [], warmCPU: [UInt64] = [], quiet: [UInt64] = [], quietCPU: [UInt64] = []
        for _ in 0..<4 { try flick(into: &warm, cpu: &warmCPU) }
        for _ in 0..<baselineFlicks { try flick(into: &quiet, cpu: &quietCPU) }
        let started = MonotonicClock.nanoseconds()
        guard worker.start(at: now) else { throw BenchFailure("the sync did not start") }
        var frames: [UInt64] = [], framesCPU: [UInt64] = []
        var outcome: SyncWorker.Outcome?
        while outcome == nil {
            try flick(into: &frames, cpu: &framesCPU)
            outcome = worker.takeOutcome()
        }
        let took = MonotonicClock.nanoseconds() - started
        let label = "\(account.kind.rawValue),\(held)->\(try store.entryCount())"
        switch outcome {
        case .success(let report)?: note("# \(report.summary)")
        case .failure(let error)?: throw BenchFailure("the sync failed: \(error.message)")
        case nil: break
        }
        emit("sync_seconds,\(label),lectern,\(ReaderSettings.plain((Double(took) / 1e7).rounded() / 100))")
        emit("sync_worst_frame_ms,\(label),lectern during the sync,\(WidgetBench.milliseconds(frames.max() ?? 0))")
        emit("sync_worst_frame_ms,\(label),lectern with no sync,\(WidgetBench.milliseconds(quiet.max() ?? 0))")
        emit("sync_p99_frame_ms,\(label),lectern during the sync,\(WidgetBench.milliseconds(Self.percentile(frames, 0.99)))")
        emit("sync_p99_frame_ms,\(label),lectern with no sync,\(WidgetBench.milliseconds(Self.percentile(quiet, 0.99)))")
        // The frame's own work, without the time other threads and processes held its core.
        emit("sync_worst_frame_cpu_ms,\(label),lectern during the sync,\(WidgetBench.milliseconds(framesCPU.max() ?? 0))")
        emit("sync_worst_frame_cpu_ms,\(label),lectern with no sync,\(WidgetBench.milliseconds(quietCPU.max() ?? 0))")
        note("# \(frames.count) frames of list scrolling at \(width)x\(height)@\(ReaderSettings.plain(pixelsPerPoint)) while it ran (median \(WidgetBench.milliseconds(Self.percentile(frames, 0.5))) ms), \(quiet.count) before it with no sync (median \(WidgetBench.milliseconds(Self.percentile(quiet, 0.5))) ms); budget < 4 ms")
        if let slow = frames.firstIndex(where: { $0 > 4_000_000 }) {
            note("# frames over 4 ms during the sync: \(frames.filter { $0 > 4_000_000 }.count), the first at frame \(slow)")
        }
    }
}
