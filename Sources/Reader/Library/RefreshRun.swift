#if canImport(Glibc)
import Glibc
#endif
import Feeds

/// One refresh of every feed, started by a pull, on the refresher's worker: the frame path only submits and
/// takes reports. Headless (`replay reader`, tests), `waitsForResults` makes each look wait for the worker, so
/// a replay on a virtual clock sees the same refresh however fast its frames run.
public final class RefreshRun {
    private let refresher: FeedRefresher
    public let waitsForResults: Bool
    /// Longest wait for one report headless, milliseconds: a server that never answers still ends the replay.
    static let waitLimitMilliseconds: Int32 = 60_000

    public init(refresher: FeedRefresher, waitsForResults: Bool) {
        self.refresher = refresher
        self.waitsForResults = waitsForResults
    }

    public var fileDescriptor: Int32 { refresher.fileDescriptor }

    /// Submits every feed still polled; returns how many.
    public func start(at now: Timestamp) -> Int {
        (try? refresher.refresh(dueAt: now, everything: true)) ?? 0
    }

    public var isRunning: Bool { refresher.pendingCount > 0 }

    /// The reports finished since the last call.
    public func collect() -> [FeedRefresher.Report] {
        var reports = refresher.collect()
        while waitsForResults, refresher.pendingCount > 0 {
            var entry = pollfd(fd: refresher.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Self.waitLimitMilliseconds) > 0 else { break }
            reports += refresher.collect()
        }
        return reports
    }

    public func shutdown() { refresher.shutdown() }
}
