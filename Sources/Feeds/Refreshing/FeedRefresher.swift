/// Keeps subscriptions fresh without stalling a frame. Fetching and parsing run on the `FetchWorker`'s thread;
/// the loop thread only submits requests, and when the worker's file descriptor turns readable, writes what came
/// back to the store: entries, validators, the next check, a permanent move. Time comes in as a parameter.
public final class FeedRefresher {
    /// How one feed's refresh went, for progress lines and `feeds list`.
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
    private let retention: Retention
    private let worker: FetchWorker<FetchedFeed>
    private var inFlight: [FetchWorker<FetchedFeed>.JobID: FeedID] = [:]
    /// The base polling interval in seconds, before ttl, max-age, Retry-After and back-off.
    private let interval: Int

    /// The descriptor the loop watches for POLLIN; then call `collect(now:)`.
    public var fileDescriptor: Int32 { worker.fileDescriptor }
    /// Refreshes submitted and not yet collected.
    public var pendingCount: Int { inFlight.count }

    public init(store: FeedStore, fetcher: FeedFetcher, interval: Int = PollSchedule.minimumDelay,
                retention: Retention = Retention()) throws(FetchWorkerError) {
        self.store = store
        self.retention = retention
        self.interval = interval
        worker = try FetchWorker(fetcher: fetcher)
    }

    deinit { worker.shutdown() }

    /// Submits every feed whose next check is due at `now`, and those never fetched. `everything` refreshes all
    /// feeds still polled, due or not (`lectern feeds refresh`). Feeds already in flight are left alone. Returns
    /// how many were submitted.
    @discardableResult
    public func refresh(dueAt now: Timestamp, everything: Bool = false) throws -> Int {
        let busy = Set(inFlight.values)
        var submitted = 0
        for feed in try store.feeds() where !feed.fetch.isGone && !busy.contains(feed.id) {
            guard everything || feed.fetch.nextCheck.map({ $0 <= now }) ?? true else { continue }
            submit(feed)
            submitted += 1
        }
        return submitted
    }

    /// Submits one feed now, whatever its schedule says.
    public func refresh(_ feed: StoredFeed) {
        guard !inFlight.values.contains(feed.id) else { return }
        submit(feed)
    }

    /// The earliest next check among feeds not in flight, for the loop's timer; nil when nothing is polled.
    public func nextCheck() throws -> Timestamp? {
        let busy = Set(inFlight.values)
        return try store.feeds().filter { !$0.fetch.isGone && !busy.contains($0.id) }
            .map { $0.fetch.nextCheck ?? Timestamp(secondsSince1970: .min) }.min()
    }

    /// Writes every finished refresh to the store, each in one transaction, and reports them in the order they
    /// finished. `now` is the wall clock when they are written. A feed removed while it was being fetched is
    /// skipped. When anything new came, the retention rules run after it.
    public func collect(now: Timestamp) throws -> [Report] {
        var reports: [Report] = []
        for completion in worker.takeResults() {
            guard let feedID = inFlight.removeValue(forKey: completion.id) else { continue }
            if let report = try record(completion.output, for: feedID, requested: completion.request.url, now: now) {
                reports.append(report)
            }
        }
        if reports.contains(where: { if case .updated(let added, _) = $0.outcome { added > 0 } else { false } }) {
            try store.applyRetention(unreadPerFeed: retention.unreadPerFeed, readForDays: retention.readForDays, now: now)
        }
        return reports
    }

    /// Cancels what is in flight and stops the worker's thread.
    public func shutdown() {
        worker.shutdown()
        inFlight.removeAll()
    }

    private func submit(_ feed: StoredFeed) {
        let request = FetchRequest(url: feed.url, etag: feed.fetch.etag, lastModified: feed.fetch.lastModified)
        let id = worker.submit(request) { request, result in FetchedFeed(request: request, result: result) }
        inFlight[id] = feed.id
    }

    private func record(_ fetched: FetchedFeed, for feedID: FeedID, requested url: String, now: Timestamp) throws -> Report? {
        try store.database.transaction {
            guard let feed = try store.feed(feedID) else { return nil }
            var state = feed.fetch
            var schedule = PollSchedule(interval: interval, consecutiveErrors: state.consecutiveErrors,
                                        nextCheck: state.nextCheck)
            state.lastFetch = now
            var outcome: Report.Outcome
            var movedTo: String?
            switch fetched {
            case .failed(let error):
                state.lastStatus = nil
                outcome = .failed(error.reason)
                schedule.record(.failed, at: now, url: url)
            case .answered(let response, let parsed):
                state.lastStatus = response.status
                var event = PollSchedule.Event(response, timeToLiveMinutes: state.timeToLiveMinutes, now: now)
                switch (response.outcome, parsed) {
                case (.fetched, .success(let document)):
                    let counts = try store.store(document, for: feedID, at: now)
                    outcome = .updated(added: counts.added, updated: counts.updated)
                    state.etag = response.etag
                    state.lastModified = response.lastModified
                    state.timeToLiveMinutes = document.timeToLiveMinutes
                    event = PollSchedule.Event(response, timeToLiveMinutes: document.timeToLiveMinutes, now: now)
                case (.fetched, .failure(let reason)):
                    outcome = .failed(reason.description)
                    event = .failed
                case (.fetched, nil), (.notModified, _):
                    // A 304 may repeat the validators or not: keep the stored ones unless it sent new ones.
                    state.etag = response.etag ?? state.etag
                    state.lastModified = response.lastModified ?? state.lastModified
                    outcome = .notModified
                case (.gone, _):
                    outcome = .gone
                case (.throttled, _), (.failed, _):
                    outcome = .failed("the server answered HTTP \(response.status)")
                }
                schedule.record(event, at: now, url: url)
                if let moved = response.permanentURL, moved != feed.url,
                   try store.feedID(url: moved) == nil {
                    try store.updateFeedURL(feedID, to: moved)
                    movedTo = moved
                }
            }
            state.isGone = outcome == .gone
            state.consecutiveErrors = schedule.consecutiveErrors
            state.nextCheck = schedule.nextCheck
            if case .failed(let reason) = outcome { state.lastError = reason } else { state.lastError = nil }
            try store.recordFetch(state, for: feedID)
            return Report(feed: feedID, title: try store.feed(feedID)?.title ?? feed.url, outcome: outcome,
                          movedTo: movedTo)
        }
    }
}

/// What the worker made of one fetch. Parsing happens on the worker too, so the loop thread only writes rows.
enum FetchedFeed: Sendable {
    /// The server answered; for a 2xx, the body parsed (or why it did not). The body itself is not kept.
    case answered(FetchResponse, Result<ParsedFeed, FeedParseError>?)
    case failed(FetchError)

    init(request: FetchRequest, result: Result<FetchResponse, FetchError>) {
        switch result {
        case .failure(let error):
            self = .failed(error)
        case .success(var response):
            var parsed: Result<ParsedFeed, FeedParseError>?
            if response.outcome == .fetched {
                parsed = Result { () throws(FeedParseError) in
                    try FeedParser.parse(response.body, contentType: response.contentType, url: response.finalURL)
                }
            }
            response.body = []
            self = .answered(response, parsed)
        }
    }
}
