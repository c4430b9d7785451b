/// What a finished fetch means for the store, worked out and written on the fetch worker's thread: the entries,
/// the validators (a 304 keeps the stored ones), the next check from the poll schedule, a 410 that stops polling,
/// a move on a permanent redirect, then retention. Everything a feed's refresh changes is one transaction.
struct RefreshPolicy: Sendable {
    let storePath: String
    let interval: Int
    let retention: FeedRefresher.Retention
    let images: ImagePrefetch?
    let icons: IconFetch?

    /// Writes `fetched` for `feedID` through a connection of this thread's own and reports it; nil when the feed
    /// was removed meanwhile. A store that cannot take it (a full disk, a read-only card) is reported as a
    /// failure: nothing of the refresh is written, nothing stored before is lost.
    func record(_ fetched: FetchedFeed, for feedID: FeedID, at now: Timestamp) -> FeedRefresher.Report? {
        do {
            let store = try FeedStore(path: storePath)
            return try store.database.transaction { () throws -> FeedRefresher.Report? in
                guard let feed = try store.feed(feedID) else { return nil }
                var report = try record(fetched, for: feed, in: store, at: now)
                if case .updated(let added, _) = report.outcome, added > 0 {
                    try store.applyRetention(unreadPerFeed: retention.unreadPerFeed,
                                             readForDays: retention.readForDays, now: now)
                }
                report.title = try store.feed(feedID)?.title ?? feed.url
                return report
            }
        } catch {
            return FeedRefresher.Report(feed: feedID, title: "\(feedID)", outcome: .failed("not stored: \(error)"))
        }
    }

    private func record(_ fetched: FetchedFeed, for feed: StoredFeed, in store: FeedStore,
                        at now: Timestamp) throws -> FeedRefresher.Report {
        var state = feed.fetch
        var schedule = PollSchedule(interval: interval, consecutiveErrors: state.consecutiveErrors, nextCheck: state.nextCheck)
        state.lastFetch = now
        var outcome: FeedRefresher.Report.Outcome
        var movedTo: String?
        switch fetched {
        case .failed(let error):
            state.lastStatus = nil
            outcome = .failed(error.reason)
            schedule.record(.failed, at: now, url: feed.url)
        case .answered(let response, let parsed):
            state.lastStatus = response.status
            var event = PollSchedule.Event(response, timeToLiveMinutes: state.timeToLiveMinutes, now: now)
            switch (response.outcome, parsed) {
            case (.fetched, .success(let document)):
                let counts = try store.store(document, for: feed.id, at: now)
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
            schedule.record(event, at: now, url: feed.url)
            if let moved = response.permanentURL, moved != feed.url, try store.feedID(url: moved) == nil {
                try store.updateFeedURL(feed.id, to: moved)
                movedTo = moved
            }
        }
        state.isGone = outcome == .gone
        state.consecutiveErrors = schedule.consecutiveErrors
        state.nextCheck = schedule.nextCheck
        if case .failed(let reason) = outcome { state.lastError = reason } else { state.lastError = nil }
        try store.recordFetch(state, for: feed.id)
        return FeedRefresher.Report(feed: feed.id, title: feed.url, outcome: outcome, movedTo: movedTo)
    }
}

/// What the worker made of one fetch before it is written: the response with its body parsed (the body itself
/// is not kept), or the transport's failure.
enum FetchedFeed: Sendable {
    case answered(FetchResponse, Result<ParsedFeed, FeedParseError>?)
    case failed(FetchError)

    /// Whether the feed answered as a feed (fetched and parsed, or not modified): then its icon is worth a look.
    var isHealthy: Bool {
        switch self {
        case .answered(let response, let parsed):
            response.outcome == .notModified || (response.outcome == .fetched && (try? parsed?.get()) != nil)
        case .failed: false
        }
    }

    var document: ParsedFeed? {
        if case .answered(_, .success(let document)?) = self { document } else { nil }
    }

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
