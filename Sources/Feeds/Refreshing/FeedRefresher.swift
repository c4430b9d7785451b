import System

/// Keeps subscriptions fresh without stalling a frame. Everything slow runs on the `FetchWorker`'s thread:
/// fetching, parsing, and writing the result to the store through a connection of its own (entries, validators,
/// the next check, a permanent move, retention), with an fsync per feed and, while another writer holds the
/// store, a wait of up to five seconds. The loop thread only reads the subscriptions to submit what is due, and
/// takes the reports when the worker's file descriptor turns readable. Time comes in as a parameter.
public final class FeedRefresher {
    /// How one feed's refresh went, for progress lines and logs.
    public struct Report: Equatable, Sendable {
        public enum Outcome: Equatable, Sendable {
            case updated(added: Int, updated: Int)
            case notModified
            /// 410: the feed will not be polled again.
            case gone
            case failed(String)
        }

        public var feed: FeedID
        public var title: String
        public var outcome: Outcome
        /// The feed's new address after a permanent redirect, when it was stored.
        public var movedTo: String?

        public init(feed: FeedID, title: String, outcome: Outcome, movedTo: String? = nil) {
            self.feed = feed
            self.title = title
            self.outcome = outcome
            self.movedTo = movedTo
        }
    }

    /// How much the panel keeps: starred entries always, `unreadPerFeed` unread ones per feed, read ones for
    /// `readForDays` days. A wall panel has a small card and runs for years: the store must not grow forever.
    public struct Retention: Equatable, Sendable {
        public var unreadPerFeed: Int
        public var readForDays: Int

        public init(unreadPerFeed: Int = 500, readForDays: Int = 30) {
            self.unreadPerFeed = unreadPerFeed
            self.readForDays = readForDays
        }
    }

    private let store: FeedStore
    private let worker: FetchWorker<Report?>
    private var inFlight: [FetchWorker<Report?>.JobID: FeedID] = [:]
    private let policy: RefreshPolicy

    /// The descriptor the loop watches for POLLIN; then call `collect()`.
    public var fileDescriptor: Int32 { worker.fileDescriptor }
    /// Refreshes submitted and not yet collected.
    public var pendingCount: Int { inFlight.count }

    /// `store` is read on the calling thread; the worker writes to the same file through its own connection.
    /// `interval` is the base polling interval in seconds, before ttl, max-age, Retry-After and back-off.
    /// `images`: where the pictures of new entries are fetched to, after their feed is stored (none: not fetched).
    /// `icons`: where feeds' icons are kept, checked after a feed answered (weekly at most; none: not fetched).
    /// `reusingConnections`: the refresher's fetches (feeds and pictures) share connections, DNS answers and TLS
    /// sessions, unless `fetcher` brings its own share; false fetches as `fetcher` does (the benchmark's reference).
    public init(store: FeedStore, fetcher: FeedFetcher, interval: Int = PollSchedule.minimumDelay,
                retention: Retention = Retention(), images: ImageCache? = nil, icons: FeedIcons? = nil,
                reusingConnections: Bool = true) throws(SystemCallError) {
        let fetcher = reusingConnections && fetcher.connections == nil ? fetcher.sharing(SharedConnections()) : fetcher
        self.store = store
        policy = RefreshPolicy(storePath: store.database.path, interval: interval, retention: retention,
                               images: images.map { ImagePrefetch(cache: $0, fetcher: fetcher) },
                               icons: icons.map { IconFetch(icons: $0, fetcher: fetcher) })
        worker = try FetchWorker(fetcher: fetcher)
    }

    deinit { worker.shutdown() }

    /// Submits every feed whose next check is due at `now`, and those never fetched. `everything` refreshes all
    /// feeds still polled, due or not (`lectern feeds refresh`). Feeds already in flight are left alone. Each
    /// refresh is recorded as made at `now`. Returns how many were submitted.
    @discardableResult
    public func refresh(dueAt now: Timestamp, everything: Bool = false) throws -> Int {
        let busy = Set(inFlight.values)
        var submitted = 0
        for feed in try store.feeds() where !feed.fetch.isGone && !busy.contains(feed.id) {
            guard everything || feed.fetch.nextCheck.map({ $0 <= now }) ?? true else { continue }
            let request = FetchRequest(url: feed.url, etag: feed.fetch.etag, lastModified: feed.fetch.lastModified)
            let (policy, id, stored) = (policy, feed.id, feed)
            let job = worker.submit(request) { request, result in
                let fetched = FetchedFeed(request: request, result: result)
                let report = policy.record(fetched, for: id, at: now)
                // Pictures once the feed's transaction is over, so a slow image server never holds the store's
                // lock; the report waits for them, so the list's "N new" comes when the new rows' pictures can show.
                policy.images?.fetch(for: fetched)
                if fetched.isHealthy, let icons = policy.icons {
                    let document = fetched.document
                    icons.refresh(icon: document?.icon ?? stored.icon, siteLink: document?.link ?? stored.siteLink,
                                  feedURL: stored.url, at: now)
                }
                return report
            }
            inFlight[job] = feed.id
            submitted += 1
        }
        return submitted
    }

    /// The earliest next check among feeds not in flight, for the loop's timer; nil when nothing is polled.
    public func nextCheck() throws -> Timestamp? {
        let busy = Set(inFlight.values)
        return try store.feeds().filter { !$0.fetch.isGone && !busy.contains($0.id) }
            .map { $0.fetch.nextCheck ?? Timestamp(secondsSince1970: .min) }.min()
    }

    /// The refreshes the worker has finished and stored, in the order they finished. A feed removed while it
    /// was being fetched has no report.
    public func collect() -> [Report] {
        worker.takeResults().compactMap { completion in
            inFlight.removeValue(forKey: completion.id)
            return completion.output
        }
    }

    /// Cancels what is in flight and stops the worker's thread.
    public func shutdown() {
        worker.shutdown()
        inFlight.removeAll()
    }
}
