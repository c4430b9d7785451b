/// A subscription's row id in the store.
public struct FeedID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public var description: String { "feed \(rawValue)" }
}

/// An entry's row id in the store.
public struct EntryID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public var description: String { "entry \(rawValue)" }
}

/// What the last fetches of a feed learnt: what to send for a conditional GET, how the last one went, when to try
/// again. The fetcher reads it before a fetch and records a new one after.
public struct FetchState: Equatable, Sendable {
    public var etag: String?
    public var lastModified: String?
    public var lastFetch: Timestamp?
    /// The HTTP status of the last fetch that got an answer (nil if it never did, or failed before one).
    public var lastStatus: Int?
    /// Why the last fetch failed, one line; nil when it succeeded.
    public var lastError: String?
    public var consecutiveErrors: Int
    public var nextCheck: Timestamp?
    /// The server said 410 Gone: polling stops.
    public var isGone: Bool
    /// The feed's RSS `ttl` from its last full fetch: a 304 does not repeat it, and the schedule still needs it.
    public var timeToLiveMinutes: Int?

    public init(etag: String? = nil, lastModified: String? = nil, lastFetch: Timestamp? = nil, lastStatus: Int? = nil,
                lastError: String? = nil, consecutiveErrors: Int = 0, nextCheck: Timestamp? = nil,
                isGone: Bool = false, timeToLiveMinutes: Int? = nil) {
        self.etag = etag
        self.lastModified = lastModified
        self.lastFetch = lastFetch
        self.lastStatus = lastStatus
        self.lastError = lastError
        self.consecutiveErrors = consecutiveErrors
        self.nextCheck = nextCheck
        self.isGone = isGone
        self.timeToLiveMinutes = timeToLiveMinutes
    }
}

/// A subscription as stored.
public struct StoredFeed: Equatable, Sendable {
    public var id: FeedID
    public var url: String
    public var title: String?
    public var siteLink: String?
    public var icon: String?
    /// The OPML folder it was filed under, if any.
    public var category: String?
    public var added: Timestamp
    /// Its place in the subscription list (OPML order).
    public var position: Int64
    public var fetch: FetchState
    public var unreadCount: Int
    /// Kept out of the Unread and Today rivers (still fetched, still in its own river).
    public var isMuted: Bool = false
    /// The aggregator's id for it when an account keeps it (then the panel does not fetch it itself).
    public var remoteID: String?
}

/// An entry as stored, with its reading state.
public struct StoredEntry: Equatable, Sendable {
    public var id: EntryID
    public var feed: FeedID
    /// The identity it was deduplicated on within its feed (the parsed id, else the link, else a content hash).
    public var key: String
    public var title: String?
    public var link: String?
    public var author: String?
    public var summary: String?
    public var content: String?
    public var markup: Markup?
    public var published: Timestamp?
    public var updated: Timestamp?
    public var firstSeen: Timestamp
    public var enclosures: [Enclosure]
    public var isRead: Bool
    public var isStarred: Bool
    public var readAt: Timestamp?
    /// A picture for the entry's row, if the feed gave one.
    public var thumbnail: String?
    /// A podcast episode's length in seconds, when the feed said.
    public var duration: Int? = nil
}
