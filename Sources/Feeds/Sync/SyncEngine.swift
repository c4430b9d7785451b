/// One sync with an aggregator, start to end, on the calling thread (a worker's, or `lectern sync`'s):
///
/// 1. sign in;
/// 2. send the panel's queued changes, oldest first, each batch leaving the queue once the server took it;
/// 3. mirror the server's subscriptions;
/// 4. fetch the server's unread and starred ids, then the contents of those the panel lacks, in batches, each
///    stored in its own transaction (so the next sync after a kill goes on from where this one stopped);
/// 5. take the server's state for every entry the panel did not change since.
///
/// Nothing is lost at any step: a change leaves the queue only after the server answered for it (sending it
/// twice is harmless: marking read what is read changes nothing), and entries are fetched until they are there.
public struct SyncEngine {
    /// What one sync did: the summary line of `lectern sync`, and the feeds screen's report.
    public struct Report: Equatable, Sendable {
        public var feeds = 0
        public var newEntries = 0
        /// New entries per feed, for the feeds screen.
        public var newPerFeed: [FeedID: Int] = [:]
        public var changesSent = 0
        public var changesApplied = 0

        public init() {}

        public var summary: String {
            "synced: \(feeds) feeds, \(newEntries) new entries, \(changesSent) local changes sent, "
                + "\(changesApplied) server changes applied"
        }
    }

    public let account: SyncAccount
    private let api: AggregatorAPI
    /// Where the pictures of the newest new entries go before the sync reports (nil: not fetched), so the list's
    /// "N new" comes when their rows can show them, as with a feed fetched by the panel itself.
    var images: ImagePrefetch?
    /// Where the feeds' icons are kept, checked after the subscriptions are mirrored (weekly at most).
    var icons: IconFetch?
    /// How many of the new entries, newest first, have their pictures fetched.
    static let entriesWithPictures = 36
    /// Each step as it goes (`lectern sync` prints them to stderr).
    public var progress: (String) -> Void = { _ in }

    public init(account: SyncAccount, fetcher: FeedFetcher, isCancelled: (@Sendable () -> Bool)? = nil,
                images: ImageCache? = nil, icons: FeedIcons? = nil) {
        self.account = account
        self.images = images.map { ImagePrefetch(cache: $0, fetcher: fetcher) }
        self.icons = icons.map { IconFetch(icons: $0, fetcher: fetcher) }
        let call = APICall(fetcher: fetcher, isCancelled: isCancelled)
        api = switch account.kind {
        case .fever: FeverAPI(account: account, call: call)
        case .greader: GoogleReaderAPI(account: account, call: call)
        }
    }

    init(account: SyncAccount, api: AggregatorAPI) {
        self.account = account
        self.api = api
    }

    /// Signs in and nothing more: whether the aggregator takes this account, asked before it is saved (a phone
    /// setting one up hears at once that the password was wrong, and the panel keeps the account it had).
    public func signIn() throws(SyncError) { try api.signIn() }

    /// Runs the sync against `store` (a connection of the caller's thread). Times are recorded as `now`.
    public func run(store: FeedStore, now: Timestamp) throws(SyncError) -> Report {
        var report = Report()
        progress("signing in to \(account.description)")
        try api.signIn()
        // Only once the account has answered: a mistyped address must not empty the store.
        try storing { try store.adoptAccount(account.identity) }

        report.changesSent = try sendQueuedChanges(store)

        let remoteFeeds = try api.subscriptions()
        let feeds = try storing { try store.mirrorSubscriptions(remoteFeeds, at: now) }
        report.feeds = feeds.count
        progress("\(feeds.count) feeds")

        let unread = try api.unreadIDs()
        let starred = try api.starredIDs()
        let held = try storing { try store.remoteItemIDs() }
        // Newest first (ids grow with time on every server seen), so a sync cut short has the newest in place.
        let missing = unread.union(starred).subtracting(held).sorted(by: >)
        progress("\(unread.count) unread, \(starred.count) starred on the server; \(missing.count) entries to fetch")
        var fetched = 0
        var newest: [RemoteEntry] = []
        for start in stride(from: 0, to: missing.count, by: api.batchSize) {
            let batch = Array(missing[start..<min(start + api.batchSize, missing.count)])
            let entries = try api.entries(batch)
            if images != nil, newest.count < Self.entriesWithPictures {
                newest += entries.filter { !$0.isRead }.prefix(Self.entriesWithPictures - newest.count)
            }
            let added = try storing { try store.storeSynced(entries, feeds: feeds, at: now) }
            for (feed, count) in added { report.newPerFeed[feed, default: 0] += count }
            fetched += batch.count
            progress("entries \(fetched)/\(missing.count)")
        }
        report.newEntries = report.newPerFeed.values.reduce(0, +)

        report.changesApplied = try storing { try store.applyServerState(unread: unread, starred: starred, at: now) }
        // A year on a wall must not fill the card: read entries go after `readForDays`, as with the panel's own
        // feeds. Unread ones all stay (the server's unread set would only bring them back); starred ones too.
        try storing {
            try store.applyRetention(unreadPerFeed: Int(Int32.max), readForDays: FeedRefresher.Retention().readForDays, now: now)
        }
        if let images, !newest.isEmpty {
            progress("pictures of \(newest.count) new entries")
            images.fetch(entries: newest.map(FeedStore.parsedEntry))
        }
        if let icons {
            for feed in remoteFeeds {
                icons.refresh(icon: feed.iconURL, siteLink: feed.siteURL, feedURL: feed.url, at: now)
            }
        }
        return report
    }

    /// Sends the queue in order, consecutive changes of one kind together in batches. Returns how many were sent.
    private func sendQueuedChanges(_ store: FeedStore) throws(SyncError) -> Int {
        var sent = 0
        while true {
            let queued = try storing { try store.queuedChanges(limit: 1_000) }
            guard !queued.isEmpty else { return sent }
            var index = 0
            while index < queued.count {
                switch queued[index].target {
                case .feedRead(let feed, let before):
                    try api.markFeedRead(feed, before: before)
                    try storing { try store.removeQueuedChanges([queued[index].sequence]) }
                    sent += 1
                    index += 1
                case .item(_, let change):
                    var items: [RemoteItemID] = []
                    var end = index
                    while end < queued.count, case .item(let item, change) = queued[end].target, items.count < api.batchSize {
                        items.append(item)
                        end += 1
                    }
                    try api.send(change, items)
                    try storing { try store.removeQueuedChanges(queued[index..<end].map(\.sequence)) }
                    sent += items.count
                    index = end
                }
                progress("\(sent) local changes sent")
            }
        }
    }

    private func storing<T>(_ body: () throws -> T) throws(SyncError) -> T {
        do {
            return try body()
        } catch {
            throw SyncError(.store, "store not written: \(error)")
        }
    }
}
