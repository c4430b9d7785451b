import Feeds

/// A subscription as the API and the page show it.
public struct AdminFeed: Equatable, Sendable {
    public var url: String
    public var title: String
    public var unread: Int
    public var muted: Bool
    /// What the last fetch did, in a few words ("ok", "not fetched yet", the error).
    public var status: String

    public init(url: String, title: String, unread: Int, muted: Bool, status: String) {
        self.url = url
        self.title = title
        self.unread = unread
        self.muted = muted
        self.status = status
    }

    public init(_ feed: StoredFeed) {
        let fetch = feed.fetch
        let status: String
        if feed.remoteID != nil {
            status = "kept by the aggregator"
        } else if fetch.isGone {
            status = "gone"
        } else if let error = fetch.lastError {
            status = error
        } else if fetch.lastFetch != nil {
            status = "ok"
        } else {
            // The panel fetches a new feed within a second of being told; until then it has not.
            status = "not fetched yet"
        }
        self.init(url: feed.url, title: feed.title ?? WebAddress.shownHost(of: feed.url) ?? feed.url,
                  unread: feed.unreadCount, muted: feed.isMuted, status: status)
    }

    var json: JSONValue {
        .object([("url", .string(url)), ("title", .string(title)), ("unread", .integer(unread)),
                 ("muted", .bool(muted)), ("status", .string(status))])
    }
}
