/// What a sync needs from an aggregator, whichever API it speaks. Calls block: they run on the sync's worker.
protocol AggregatorAPI: AnyObject {
    /// Signs in (or checks the key); a refusal throws `.authentication`.
    func signIn() throws(SyncError)
    /// The subscriptions and their folders, which the server owns while an account is set.
    func subscriptions() throws(SyncError) -> [RemoteFeed]
    func unreadIDs() throws(SyncError) -> Set<RemoteItemID>
    func starredIDs() throws(SyncError) -> Set<RemoteItemID>
    /// The most ids one `entries` call may ask for (Fever: 50).
    var batchSize: Int { get }
    /// The contents of `ids` (at most `batchSize`); ids the server no longer has are left out.
    func entries(_ ids: [RemoteItemID]) throws(SyncError) -> [RemoteEntry]
    /// Tells the server one change made on the panel, for every id in `ids` (at most `batchSize`). An item the
    /// server no longer has is no error: there is nothing left to change.
    func send(_ change: LocalChange, _ ids: [RemoteItemID]) throws(SyncError)
    /// Marks the feed's items read up to `before` on the server (what arrived later stays unread).
    func markFeedRead(_ feed: String, before: Timestamp) throws(SyncError)
}

/// A subscription as the server keeps it.
public struct RemoteFeed: Equatable, Sendable {
    /// The server's id for it (Fever: a number; Google Reader: `feed/…`).
    public var id: String
    public var title: String?
    public var url: String
    public var siteURL: String?
    /// The folder (Fever's group, Google Reader's label) it is filed under.
    public var folder: String?
    /// The feed's icon as the server names it (Google Reader's `iconUrl`), else the site's is looked for.
    public var iconURL: String?

    public init(id: String, title: String?, url: String, siteURL: String?, folder: String?, iconURL: String? = nil) {
        self.id = id
        self.title = title
        self.url = url
        self.siteURL = siteURL
        self.folder = folder
        self.iconURL = iconURL
    }
}

/// An entry as the server sends it, with its state there.
public struct RemoteEntry: Equatable, Sendable {
    public var id: RemoteItemID
    public var feedID: String
    public var title: String?
    public var link: String?
    public var author: String?
    /// The body, HTML.
    public var html: String?
    public var published: Timestamp?
    public var isRead: Bool
    public var isStarred: Bool
}

/// A change made on the panel, kept in the store's queue until the server has taken it.
public enum LocalChange: String, CaseIterable, Sendable {
    case read, unread, star, unstar
}

/// An item's id on the server, in one canonical form so the same item is the same row whichever call named it.
/// Google Reader servers give the same item as a signed decimal (`stream/items/ids`) and as a long hex form
/// (`tag:google.com,2005:reader/item/000000000000001f`, `stream/items/contents`); Fever servers as a JSON number
/// or a string. The canonical form is the signed decimal text.
public struct RemoteItemID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let text: String

    /// A decimal id (signed 64-bit; an unsigned one above Int64.max is taken by its bit pattern) or the long hex
    /// form. Anything else is not an id.
    public init?(_ raw: String) {
        let hexPrefix = "tag:google.com,2005:reader/item/"
        if raw.hasPrefix(hexPrefix) {
            let digits = raw.dropFirst(hexPrefix.count)
            guard !digits.isEmpty, digits.count <= 16, let value = UInt64(digits, radix: 16) else { return nil }
            text = String(Int64(bitPattern: value))
        } else if let value = Int64(raw) {
            text = String(value)
        } else if let value = UInt64(raw) {
            text = String(Int64(bitPattern: value))
        } else {
            return nil
        }
    }

    /// The 16-digit hex form, as `stream/items/contents` and `edit-tag` take it.
    public var longForm: String {
        let hex = String(UInt64(bitPattern: Int64(text) ?? 0), radix: 16)
        return "tag:google.com,2005:reader/item/" + String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }

    public var description: String { text }

    public static func < (a: RemoteItemID, b: RemoteItemID) -> Bool {
        (Int64(a.text) ?? 0) < (Int64(b.text) ?? 0)
    }
}
