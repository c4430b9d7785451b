import Feeds

/// A feed document bundled with Lectern, shown while the store has no subscriptions.
public struct SampleDocument: Sendable {
    public var url: String
    public var bytes: [UInt8]

    public init(url: String, bytes: [UInt8]) {
        self.url = url
        self.bytes = bytes
    }
}

/// The entries the reader shows and the state it keeps: the owner's store, or, while it has no
/// subscriptions, the bundled samples in a store of their own held in memory (the owner's store is never
/// filled with them, and they go as soon as there is a feed of one's own).
public final class ReaderLibrary {
    /// The owner's store; nil when none could be opened (the panel still shows the samples).
    public let store: FeedStore?
    private let sampleDocuments: [SampleDocument]
    private var sampleStore: FeedStore?
    /// The longest river loaded at once: a wall panel's reader scrolls the newest few hundred.
    public static let riverLimit = 500

    /// False for a library that only shows (the headless tour over the owner's store): reading state is
    /// changed on screen but never written.
    public let writes: Bool

    /// Why nothing the panel does is kept, when the store could not be opened (a data partition that did not
    /// mount, a full or read-only disk): the list says so on screen.
    public var unsavedReason: String?

    /// The reason when the owner's store could not be opened at all.
    public static let storeMissing = "the store cannot be opened (is the data disk there?)"

    public init(store: FeedStore?, samples: [SampleDocument], writes: Bool = true) {
        self.store = store
        sampleDocuments = samples
        self.writes = writes
    }

    /// Whether the rows shown are the bundled samples.
    public var showsSamples: Bool { active === sampleStore && sampleStore != nil }

    /// The store the screens read now.
    public var active: FeedStore? {
        if let store, (try? store.hasFeeds()) == true { return store }
        if sampleDocuments.isEmpty { return store }
        return samples()
    }

    /// The samples' store, made on first use: every document parsed and stored as fetched at its newest entry.
    private func samples() -> FeedStore? {
        if let sampleStore { return sampleStore }
        guard let made = try? FeedStore(inMemory: ()) else { return nil }
        for document in sampleDocuments {
            guard let parsed = try? FeedParser.parse(document.bytes, contentType: "application/xml", url: document.url),
                  let feed = try? made.addFeed(url: document.url, title: parsed.title, at: Timestamp(secondsSince1970: 0))
            else { continue }
            let seen = parsed.entries.compactMap { $0.published ?? $0.updated }.max() ?? Timestamp(secondsSince1970: 0)
            _ = try? made.store(parsed, for: feed, at: seen)
            // Samples are never fetched: they are not on any server.
            _ = try? made.recordFetch(FetchState(lastFetch: seen, lastStatus: 200, isGone: true), for: feed)
        }
        sampleStore = made
        return made
    }

    /// Whether there is anything to read at all (else the empty screen).
    public var hasFeeds: Bool { (try? active?.hasFeeds()) == true }

    public func feeds() -> [StoredFeed] { (try? active?.feeds()) ?? [] }

    /// The rows of `filter`; `now` and the local offset decide where "today" began.
    public func river(_ filter: RiverFilter, now: Timestamp, utcOffsetSeconds: Int) throws -> [RiverRow] {
        guard let store = active else { return [] }
        let selection: RiverSelection
        switch filter {
        case .unread: selection = .unread
        case .starred: selection = .starred
        case .feed(let id, _, _): selection = .feed(id)
        case .today:
            let local = now.secondsSince1970 + Int64(utcOffsetSeconds)
            let midnight = local - ((local % 86_400) + 86_400) % 86_400 - Int64(utcOffsetSeconds)
            selection = .since(Timestamp(secondsSince1970: midnight))
        }
        let titles = try store.feedTitles()
        let icons = try store.feedIconKeys()
        return try store.river(selection, limit: Self.riverLimit).map {
            RiverRow(entry: $0, feedTitle: titles[$0.feed] ?? "", feedIcon: icons[$0.feed])
        }
    }

    public func entry(_ id: EntryID) -> StoredEntry? { try? active?.entry(id) }

    /// Entry `id` as a row, wherever it is (read since, or starred elsewhere).
    public func row(_ id: EntryID) -> RiverRow? {
        guard let store = active, let entry = try? store.river(.entry(id), limit: 1).first else { return nil }
        return RiverRow(entry: entry, feedTitle: feedTitle(entry.feed),
                        feedIcon: (try? store.feedIconKeys())?[entry.feed])
    }

    public func unreadCount() -> Int { (try? active?.unreadCount()) ?? 0 }

    /// The aggregator account the subscriptions are synced with (its description, no password); nil when the
    /// panel fetches its own feeds.
    public var syncAccount: String?
    /// Why the account cannot sync at all (say, its password file is missing), for the feeds screen.
    public var syncProblem: String?
    /// How the syncs with the account have gone.
    public func syncRecord() -> SyncRecord? { try? store?.syncRecord() }

    public func markRead(_ ids: [EntryID], read: Bool, at now: Timestamp) throws {
        guard writes else { return }
        try active?.markRead(ids, read: read, at: now)
    }

    public func setStarred(_ id: EntryID, _ starred: Bool, at now: Timestamp) throws {
        guard writes else { return }
        try active?.setStarred(id, starred, at: now)
    }

    @discardableResult
    public func markAllRead(_ ids: [EntryID], at now: Timestamp) throws -> Int {
        guard writes else { return 0 }
        return try active?.markAllRead(ids, at: now) ?? 0
    }

    /// "Mark all read" on a river: a synced feed's river is marked read up to its newest row in one change the
    /// aggregator applies itself (its own mark-all); any other river, row by row.
    @discardableResult
    public func markAllRead(_ rows: [RiverRow], of filter: RiverFilter, at now: Timestamp) throws -> Int {
        guard writes else { return 0 }
        if case .feed(let feed, _, _) = filter, syncAccount != nil, let newest = rows.map(\.entry.sortTime).max() {
            return try active?.markFeedRead(feed, before: newest, at: now) ?? 0
        }
        return try markAllRead(rows.map(\.entry.id), at: now)
    }

    public func setMuted(_ feed: FeedID, _ muted: Bool) throws {
        guard writes else { return }
        try active?.setMuted(feed, muted)
    }

    /// Unsubscribes (the feed's entries go with it). The samples cannot be removed: they go by themselves.
    public func unsubscribe(_ feed: FeedID) throws {
        guard writes, !showsSamples else { return }
        try active?.removeFeed(feed)
    }

    /// The owner's store on disk, bytes.
    public var storeSize: Int? { try? store?.sizeInBytes() }

    /// The feed's title, for rows and the article's byline.
    public func feedTitle(_ id: FeedID) -> String {
        (try? active?.feedTitles()[id]) ?? ""
    }
}
