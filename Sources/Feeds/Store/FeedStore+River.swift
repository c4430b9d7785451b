/// An entry as a list row needs it: no bodies, so a river of hundreds of rows loads in a few milliseconds.
public struct RiverEntry: Equatable, Sendable {
    public var id: EntryID
    public var feed: FeedID
    /// The identity it was deduplicated on (the parsed id, else the link, else a content hash).
    public var key: String
    public var title: String?
    public var link: String?
    /// Newest first by this: the published date, never later than when the entry was first seen.
    public var sortTime: Timestamp
    public var isRead: Bool
    public var isStarred: Bool
    public var thumbnail: String?
    /// Characters of the body (markup, else content, else summary): enough for a reading time.
    public var textLength: Int
    /// The start of the summary (else the content), plain text: the row's snippet. Where the summary is the
    /// body's own text and it opens with a list, made from the body's markup (`Snippet`), so the items stay apart.
    public var snippet: String?
}

/// Which entries a river holds.
public enum RiverSelection: Equatable, Sendable {
    case unread
    /// Every entry sorted at or after the moment (the reader's "Today").
    case since(Timestamp)
    case starred
    case feed(FeedID)
    /// One entry, as a river would list it.
    case entry(EntryID)
}

extension FeedStore {
    /// The entries of `selection`, newest first, at most `limit`.
    public func river(_ selection: RiverSelection, limit: Int) throws -> [RiverEntry] {
        let columns = """
            SELECT id, feed_id, entry_key, title, link, sort_time, read, starred, thumbnail,
                   length(coalesce(markup_text, content, summary, '')), substr(coalesce(summary, content), 1, 320),
                   CASE WHEN markup_kind = 'html' AND (summary IS NULL OR content IS NULL OR summary IS content)
                             AND (instr(lower(substr(markup_text, 1, \(Self.snippetMarkup))), '<li>') > 0
                                  OR instr(lower(substr(markup_text, 1, \(Self.snippetMarkup))), '<li ') > 0)
                        THEN substr(markup_text, 1, \(Self.snippetMarkup)) END
            FROM entries
            """
        let order = "ORDER BY sort_time DESC, id DESC LIMIT ?"
        let limitValue = DatabaseValue.integer(Int64(max(0, limit)))
        let sql: String
        var values: [DatabaseValue]
        switch selection {
        case .unread: (sql, values) = ("\(columns) WHERE read = 0 AND \(Self.unmuted) \(order)", [limitValue])
        case .since(let moment):
            (sql, values) = ("\(columns) WHERE sort_time >= ? AND \(Self.unmuted) \(order)", [.integer(moment.secondsSince1970), limitValue])
        case .starred: (sql, values) = ("\(columns) WHERE starred = 1 \(order)", [limitValue])
        case .feed(let feed): (sql, values) = ("\(columns) WHERE feed_id = ? \(order)", [.integer(feed.rawValue), limitValue])
        case .entry(let entry): (sql, values) = ("\(columns) WHERE id = ? \(order)", [.integer(entry.rawValue), limitValue])
        }
        var result: [RiverEntry] = []
        let statement = try database.cached(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {
            let row = statement
            result.append(RiverEntry(
                id: EntryID(rawValue: row.int64(at: 0)), feed: FeedID(rawValue: row.int64(at: 1)),
                key: row.string(at: 2) ?? "", title: row.string(at: 3), link: row.string(at: 4),
                sortTime: Timestamp(secondsSince1970: row.int64(at: 5)), isRead: row.int64(at: 6) != 0,
                isStarred: row.int64(at: 7) != 0, thumbnail: row.string(at: 8), textLength: Int(row.int64(at: 9)),
                snippet: row.string(at: 11).map { Snippet.make(fromHTML: $0) } ?? row.string(at: 10)))
        }
        return result
    }

    /// One entry, body and all, by its row id; nil once it is gone (retention, an unsubscribe).
    public func entry(_ id: EntryID) throws -> StoredEntry? {
        try entries(where: "id = ?", .integer(id.rawValue)).first
    }

    /// Characters of a body's markup read for its row's snippet: enough for 320 characters of text in all but
    /// the most tag-laden markup. Only a body with a list item in them is read (the rest keep the plain summary,
    /// which is the same words): setting blocks costs about a millisecond a row, and a river has hundreds.
    static let snippetMarkup = 2048

    /// Entries of feeds not muted: the rivers that gather every feed leave muted ones out.
    static let unmuted = "feed_id NOT IN (SELECT id FROM feeds WHERE muted = 1)"

    /// Whether there is any subscription: asked often (which store the reader shows), so without the unread
    /// counts `feeds()` adds up.
    public func hasFeeds() throws -> Bool {
        try database.integer("SELECT EXISTS (SELECT 1 FROM feeds)") == 1
    }

    /// Each feed's title (its address when it has none), for the rows of a river.
    public func feedTitles() throws -> [FeedID: String] {
        var titles: [FeedID: String] = [:]
        try database.query("SELECT id, coalesce(title, url) FROM feeds") { row in
            titles[FeedID(rawValue: row.int64(at: 0))] = row.string(at: 1) ?? ""
        }
        return titles
    }

    /// The key each feed's icon is kept under (`FeedIcons.key`), from the three columns it is made of: what a
    /// river's rows need, without the unread counts `feeds()` works out for every feed.
    public func feedIconKeys() throws -> [FeedID: String] {
        var keys: [FeedID: String] = [:]
        try database.query("SELECT id, icon, site_link, url FROM feeds") { row in
            keys[FeedID(rawValue: row.int64(at: 0))] = FeedIcons.key(icon: row.string(at: 1), siteLink: row.string(at: 2),
                                                                    feedURL: row.string(at: 3) ?? "")
        }
        return keys
    }

    /// Unread entries across every feed not muted (what the Unread river holds, before its limit).
    public func unreadCount() throws -> Int {
        Int(try database.integer("SELECT count(*) FROM entries WHERE read = 0 AND \(Self.unmuted)") ?? 0)
    }

    /// Mutes a feed (or unmutes it).
    public func setMuted(_ feed: FeedID, _ muted: Bool) throws {
        try database.transaction {
            try database.run("UPDATE feeds SET muted = ? WHERE id = ?", .integer(muted ? 1 : 0), .integer(feed.rawValue))
        }
    }

    /// Marks every unread entry of `selection` read at once ("Mark all read"); returns how many changed.
    @discardableResult
    public func markAllRead(_ ids: [EntryID], at now: Timestamp) throws -> Int {
        var changed = 0
        try database.transaction {
            for id in ids {
                let one = try database.run("UPDATE entries SET read = 1, read_at = ? WHERE id = ? AND read = 0",
                                           .integer(now.secondsSince1970), .integer(id.rawValue))
                if one > 0 { try queueChange(.read, of: id, at: now) }
                changed += one
            }
        }
        return changed
    }
}

/// An entry's reading state, for `lectern feeds entries` and checks that compare two stores.
public struct EntryState: Equatable, Sendable {
    public var id: EntryID
    public var feed: FeedID
    public var title: String?
    /// The aggregator's id for it, when an account keeps it.
    public var remoteID: String?
    public var isRead: Bool
    public var isStarred: Bool
}

extension FeedStore {
    /// Every entry's reading state, newest first.
    public func entryStates() throws -> [EntryState] {
        var result: [EntryState] = []
        try database.query("""
            SELECT id, feed_id, title, remote_id, read, starred FROM entries ORDER BY sort_time DESC, id DESC
            """) { row in
            result.append(EntryState(id: EntryID(rawValue: row.int64(at: 0)), feed: FeedID(rawValue: row.int64(at: 1)),
                                     title: row.string(at: 2), remoteID: row.string(at: 3),
                                     isRead: row.int64(at: 4) != 0, isStarred: row.int64(at: 5) != 0))
        }
        return result
    }
}

extension FeedStore {
    /// The store's size on disk, bytes (pages in use times the page size).
    public func sizeInBytes() throws -> Int {
        Int((try database.integer("PRAGMA page_count") ?? 0) * (try database.integer("PRAGMA page_size") ?? 0))
    }
}
