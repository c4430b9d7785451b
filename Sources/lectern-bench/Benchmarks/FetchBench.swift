import Reader
import Feeds
import Platform

#if canImport(Glibc)
import Glibc
#endif

/// `lectern-bench fetch`: a refresh of many feeds from one server, with a connection per request (how every
/// fetch went before connections were shared) against shared, kept-alive connections, in alternating rounds.
/// The server is given (`scripts/bench-fetch.sh` starts a keep-alive one on loopback serving `/feed0`...);
/// it also answers `/connections` with how many connections it has accepted, so reuse is counted at both ends.
public struct FetchBench {
    public enum Mode: String, CaseIterable, Sendable {
        /// A fresh connection per request, closed after it: the reference.
        case perRequest = "per-request"
        /// One share of connections, DNS answers and TLS sessions for the whole refresh.
        case shared
    }

    public struct Figure: Sendable {
        public var mode: Mode
        public var milliseconds: Double
        /// Connections curl opened (CURLINFO_NUM_CONNECTS summed); nil where the responses are not seen.
        public var clientConnections: Int?
        /// Connections the server accepted meanwhile.
        public var serverConnections: Int
        public var feedsOK: Int
    }

    public let base: String
    public let feedCount: Int
    private let fetcher: FeedFetcher

    /// `base` is the server's address ending in "/".
    public init(base: String, feedCount: Int, userAgent: String) {
        self.base = base
        self.feedCount = feedCount
        fetcher = FeedFetcher(userAgent: userAgent)
    }

    private func url(_ index: Int) -> String { base + "feed\(index)" }

    /// The server's count of accepted connections, asked over a connection of its own (counted, and taken off).
    private func serverConnections() throws -> Int {
        let response: FetchResponse
        do { response = try fetcher.fetch(FetchRequest(url: base + "connections")) } catch {
            throw BenchFailure("the bench server did not answer: \(error)")
        }
        guard response.status == 200, let count = Int(String(decoding: response.body, as: UTF8.self)) else {
            throw BenchFailure("the bench server's /connections said HTTP \(response.status)")
        }
        return count
    }

    /// The fetches alone, one after another on this thread as the refresher's worker makes them.
    public func fetchAll(_ mode: Mode) throws -> Figure {
        let before = try serverConnections()
        let fetcher = mode == .shared ? fetcher.sharing(SharedConnections()) : fetcher
        var opened = 0, ok = 0
        let t0 = MonotonicClock.nanoseconds()
        for index in 0..<feedCount {
            guard let response = try? fetcher.fetch(FetchRequest(url: url(index))) else { continue }
            opened += response.connectionsOpened
            if response.status == 200 { ok += 1 }
        }
        let elapsed = Double(MonotonicClock.nanoseconds() - t0) / 1e6
        return Figure(mode: mode, milliseconds: elapsed, clientConnections: opened,
                      serverConnections: try serverConnections() - before - 1, feedsOK: ok)
    }

    /// A whole refresh as the panel makes it: every feed fetched, parsed and stored by the refresher's worker in
    /// a new store in `directory`, the loop side waiting in poll(2) for the reports.
    public func refreshAll(_ mode: Mode, directory: String) throws -> Figure {
        let path = directory + "/bench-fetch.sqlite"
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
        let now = Timestamp(year: 2026, month: 1, day: 1)
        let store = try FeedStore(path: path)
        for index in 0..<feedCount { _ = try store.addFeed(url: url(index), at: now) }
        let before = try serverConnections()
        let t0 = MonotonicClock.nanoseconds()
        let refresher = try FeedRefresher(store: store, fetcher: fetcher, reusingConnections: mode == .shared)
        try refresher.refresh(dueAt: now, everything: true)
        var ok = 0
        let deadline = t0 + 120_000_000_000
        while refresher.pendingCount > 0, MonotonicClock.nanoseconds() < deadline {
            var watched = pollfd(fd: refresher.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&watched, 1, 1_000) == 1 else { continue }
            for report in refresher.collect() {
                if case .updated = report.outcome { ok += 1 }
            }
        }
        refresher.shutdown()
        let elapsed = Double(MonotonicClock.nanoseconds() - t0) / 1e6
        return Figure(mode: mode, milliseconds: elapsed, clientConnections: nil,
                      serverConnections: try serverConnections() - before - 1, feedsOK: ok)
    }
}
