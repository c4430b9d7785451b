import CSQLite
import System

#if canImport(Glibc)
import Glibc
#endif

/// The reader's subscriptions, their entries and reading state, and what fetching learnt, in one SQLite file.
///
/// Durability: WAL journal with `synchronous=FULL`, so every transaction that returned has been fsynced to the
/// WAL — a power cut loses no acknowledged write (NORMAL would only keep the database consistent and could drop
/// the last commits). Each public method that writes is one transaction. The clock is never read here: times
/// come in as `Timestamp` parameters.
public final class FeedStore {
    public let database: Database

    /// Opens the store at `path`, creating the file (not its directory) and bringing its schema up to date.
    public init(path: String) throws {
        do {
            database = try Database(path: path)
        } catch let error as DatabaseError where error.primaryCode == SQLITE_CANTOPEN {
            throw Self.whyNotOpened(path, error)
        }
        guard !database.isReadOnly else {
            throw DatabaseError("open \(path)", code: SQLITE_READONLY,
                                message: "the file, its directory or its file system is read-only")
        }
        try database.setBusyTimeout(milliseconds: 5_000)
        let mode = try database.text("PRAGMA journal_mode = WAL")
        guard mode == "wal" else {
            throw DatabaseError("open \(path)", code: SQLITE_ERROR,
                                message: "cannot use a write-ahead log here (journal mode stays \(mode ?? "unknown"))")
        }
        // The log is reused after each checkpoint; a big import must not leave it large for good.
        try database.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA journal_size_limit = 8388608")
        try StoreSchema.migrate(database)
    }

    /// A store held in memory alone: the bundled samples, which nothing needs to keep across a restart.
    public init(inMemory: Void) throws {
        database = try Database(path: ":memory:")
        try database.execute("PRAGMA foreign_keys = ON")
        try StoreSchema.migrate(database)
    }

    /// SQLite retries a failed read-write open read-only, so the errno it keeps is often the retry's (ENOENT for a
    /// file it could not create on a read-only file system): ask the directory instead.
    private static func whyNotOpened(_ path: String, _ error: DatabaseError) -> DatabaseError {
        let directory = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        var status = stat()
        if stat(directory, &status) != 0 || access(directory, W_OK) != 0 {
            let problem = errno
            return DatabaseError("open \(path)", code: error.code,
                                 message: "directory \(directory): \(Errno(problem))",
                                 systemErrno: problem)
        }
        return error
    }

    // MARK: Feeds

    /// Subscribes to `url`, or returns the existing subscription's id (a title given now fills a missing one).
    @discardableResult
    public func addFeed(url: String, title: String? = nil, category: String? = nil, at now: Timestamp) throws -> FeedID {
        try database.transaction {
            if let existing = try database.integer("SELECT id FROM feeds WHERE url = ?", .text(url)) {
                try database.run("UPDATE feeds SET title = coalesce(title, ?), category = coalesce(category, ?) WHERE id = ?",
                                 .optional(title), .optional(category), .integer(existing))
                return FeedID(rawValue: existing)
            }
            let position = (try database.integer("SELECT max(position) FROM feeds") ?? 0) + 1
            try database.run("INSERT INTO feeds (url, title, category, added_at, position) VALUES (?, ?, ?, ?, ?)",
                             .text(url), .optional(title), .optional(category), .integer(now.secondsSince1970),
                             .integer(position))
            return FeedID(rawValue: database.lastInsertRowID)
        }
    }

    /// Whether `addFeed` would find `url` already there.
    public func feedID(url: String) throws -> FeedID? {
        try database.integer("SELECT id FROM feeds WHERE url = ?", .text(url)).map(FeedID.init)
    }

    /// Unsubscribes, deleting the feed's entries with it (starred ones too). Returns whether it was there.
    @discardableResult
    public func removeFeed(_ feed: FeedID) throws -> Bool {
        try database.transaction { try database.run("DELETE FROM feeds WHERE id = ?", .integer(feed.rawValue)) > 0 }
    }

    /// Every subscription in list order, with its fetch state and unread count.
    public func feeds() throws -> [StoredFeed] {
        try feeds(where: "1")
    }

    /// One subscription, or nil if it is gone.
    public func feed(_ id: FeedID) throws -> StoredFeed? {
        try feeds(where: "id = ?", .integer(id.rawValue)).first
    }

    private func feeds(where condition: String, _ values: DatabaseValue...) throws -> [StoredFeed] {
        var result: [StoredFeed] = []
        let statement = try database.cached("""
            SELECT id, url, title, site_link, icon, category, added_at, position, etag, last_modified, last_fetch,
                   last_status, last_error, consecutive_errors, next_check, gone, ttl_minutes,
                   (SELECT count(*) FROM entries WHERE feed_id = feeds.id AND read = 0), muted, remote_id
            FROM feeds WHERE \(condition) ORDER BY position, id
            """)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {
            let row = statement
            result.append(StoredFeed(
                id: FeedID(rawValue: row.int64(at: 0)), url: row.string(at: 1) ?? "", title: row.string(at: 2),
                siteLink: row.string(at: 3), icon: row.string(at: 4), category: row.string(at: 5),
                added: Timestamp(secondsSince1970: row.int64(at: 6)), position: row.int64(at: 7),
                fetch: FetchState(
                    etag: row.string(at: 8), lastModified: row.string(at: 9),
                    lastFetch: row.optionalInt64(at: 10).map(Timestamp.init),
                    lastStatus: row.optionalInt64(at: 11).map { Int($0) }, lastError: row.string(at: 12),
                    consecutiveErrors: Int(row.int64(at: 13)),
                    nextCheck: row.optionalInt64(at: 14).map(Timestamp.init), isGone: row.int64(at: 15) != 0,
                    timeToLiveMinutes: row.optionalInt64(at: 16).map { Int(clamping: $0) }),
                unreadCount: Int(row.int64(at: 17)), isMuted: row.int64(at: 18) != 0, remoteID: row.string(at: 19)))
        }
        return result
    }

    /// The feed moved for good (HTTP 301/308): later fetches go to `url`. Fails if another subscription has it.
    public func updateFeedURL(_ feed: FeedID, to url: String) throws {
        try database.transaction {
            if let other = try database.integer("SELECT id FROM feeds WHERE url = ?", .text(url)), other != feed.rawValue {
                throw DatabaseError("move \(feed) to \(url)", code: SQLITE_CONSTRAINT,
                                    message: "another subscription already has that URL")
            }
            try database.run("UPDATE feeds SET url = ? WHERE id = ?", .text(url), .integer(feed.rawValue))
        }
    }

    // MARK: Fetch state

    public func fetchState(for feed: FeedID) throws -> FetchState? {
        try self.feed(feed)?.fetch
    }

    /// Records how a fetch went (replaces the feed's whole fetch state).
    public func recordFetch(_ state: FetchState, for feed: FeedID) throws {
        try database.transaction {
            try database.run("""
                UPDATE feeds SET etag = ?, last_modified = ?, last_fetch = ?, last_status = ?, last_error = ?,
                                 consecutive_errors = ?, next_check = ?, gone = ?, ttl_minutes = ?
                WHERE id = ?
                """, .optional(state.etag), .optional(state.lastModified),
                .optional(state.lastFetch?.secondsSince1970), .optional(state.lastStatus.map { Int64($0) }),
                .optional(state.lastError), .integer(Int64(state.consecutiveErrors)),
                .optional(state.nextCheck?.secondsSince1970), .integer(state.isGone ? 1 : 0),
                .optional(state.timeToLiveMinutes.map { Int64($0) }), .integer(feed.rawValue))
        }
    }

    // MARK: Entries

    /// Stores a fetched document: new entries are added unread, entries already there (same feed, same id) are
    /// updated in place when their content changed, keeping their reading state. Fills the feed's site link and
    /// icon, and its title if it has none. One transaction.
    @discardableResult
    public func store(_ parsed: ParsedFeed, for feed: FeedID, at now: Timestamp) throws -> (added: Int, updated: Int) {
        try database.transaction {
            let changed = try database.run("""
                UPDATE feeds SET title = coalesce(title, ?), site_link = coalesce(?, site_link),
                                 icon = coalesce(?, icon), entries_seen_at = ?
                WHERE id = ?
                """, .optional(parsed.title), .optional(parsed.link), .optional(parsed.icon),
                .integer(now.secondsSince1970), .integer(feed.rawValue))
            guard changed > 0 else {
                throw DatabaseError("store entries for \(feed)", code: SQLITE_NOTFOUND, message: "no such feed")
            }
            var added = 0, updated = 0
            var seen: Set<String> = []
            for entry in parsed.entries {
                let key = Self.key(of: entry)
                guard seen.insert(key).inserted else { continue }  // a feed listing one entry twice: the first wins
                let fingerprint = Self.fingerprint(of: entry)
                let existing = try existingEntry(feed: feed, key: key)
                if let existing {
                    if existing.fingerprint == fingerprint {
                        try database.run("UPDATE entries SET last_seen = ? WHERE id = ?",
                                         .integer(now.secondsSince1970), .integer(existing.id))
                        continue
                    }
                    try database.run("""
                        UPDATE entries SET title = ?, link = ?, author = ?, summary = ?, content = ?,
                            markup_kind = ?, markup_text = ?, markup_base = ?, thumbnail = ?, published = ?, updated = ?,
                            sort_time = min(coalesce(?, ?, first_seen), first_seen), last_seen = ?, fingerprint = ?,
                            duration = ?
                        WHERE id = ?
                        """, .optional(entry.title), .optional(entry.link), .optional(entry.author),
                        .optional(entry.summary), .optional(entry.content), .optional(entry.markup?.kind.rawValue),
                        .optional(entry.markup?.text), .optional(entry.markup?.base), .optional(Self.rowPicture(of: entry)),
                        .optional(entry.published?.secondsSince1970), .optional(entry.updated?.secondsSince1970),
                        .optional(entry.published?.secondsSince1970), .optional(entry.updated?.secondsSince1970),
                        .integer(now.secondsSince1970), .integer(fingerprint),
                        .optional(entry.duration.map { Int64($0) }), .integer(existing.id))
                    try database.run("DELETE FROM enclosures WHERE entry_id = ?", .integer(existing.id))
                    try insertEnclosures(entry.enclosures, entry: existing.id)
                    updated += 1
                } else {
                    // An entry cannot have been published after it was first seen: a feed dating its entries in
                    // the future must not pin them to the top of the list.
                    let sortTime = min(entry.published ?? entry.updated ?? now, now)
                    try database.run("""
                        INSERT INTO entries (feed_id, entry_key, title, link, author, summary, content, markup_kind,
                            markup_text, markup_base, thumbnail, published, updated, first_seen, sort_time, last_seen,
                            fingerprint, duration)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, .integer(feed.rawValue), .text(key), .optional(entry.title), .optional(entry.link),
                        .optional(entry.author), .optional(entry.summary), .optional(entry.content),
                        .optional(entry.markup?.kind.rawValue), .optional(entry.markup?.text),
                        .optional(entry.markup?.base), .optional(Self.rowPicture(of: entry)),
                        .optional(entry.published?.secondsSince1970),
                        .optional(entry.updated?.secondsSince1970), .integer(now.secondsSince1970),
                        .integer(sortTime.secondsSince1970), .integer(now.secondsSince1970), .integer(fingerprint),
                        .optional(entry.duration.map { Int64($0) }))
                    try insertEnclosures(entry.enclosures, entry: database.lastInsertRowID)
                    added += 1
                }
            }
            return (added, updated)
        }
    }

    private func existingEntry(feed: FeedID, key: String) throws -> (id: Int64, fingerprint: Int64?)? {
        var found: (id: Int64, fingerprint: Int64?)?
        try database.query("SELECT id, fingerprint FROM entries WHERE feed_id = ? AND entry_key = ?",
                           .integer(feed.rawValue), .text(key)) { row in
            found = (row.int64(at: 0), row.optionalInt64(at: 1))
        }
        return found
    }

    func insertEnclosures(_ enclosures: [Enclosure], entry: Int64) throws {
        for (position, enclosure) in enclosures.enumerated() {
            try database.run("INSERT INTO enclosures (entry_id, position, url, type, length) VALUES (?, ?, ?, ?, ?)",
                             .integer(entry), .integer(Int64(position)), .text(enclosure.url),
                             .optional(enclosure.type), .optional(enclosure.length.map { Int64($0) }))
        }
    }

    private static let entryColumns = """
        id, feed_id, entry_key, title, link, author, summary, content, markup_kind, markup_text, markup_base,
        published, updated, first_seen, read, starred, read_at, thumbnail, duration
        """

    /// The newest unread entries across all feeds, newest first.
    public func newestUnread(limit: Int) throws -> [StoredEntry] {
        try entries("""
            SELECT \(Self.entryColumns) FROM entries WHERE read = 0 ORDER BY sort_time DESC, id DESC LIMIT ?
            """, .integer(Int64(limit)))
    }

    /// A feed's entries, read or not, newest first.
    public func entries(feed: FeedID, limit: Int) throws -> [StoredEntry] {
        try entries("""
            SELECT \(Self.entryColumns) FROM entries WHERE feed_id = ? ORDER BY sort_time DESC, id DESC LIMIT ?
            """, .integer(feed.rawValue), .integer(Int64(limit)))
    }

    /// The starred entries, newest first.
    public func starred(limit: Int) throws -> [StoredEntry] {
        try entries("""
            SELECT \(Self.entryColumns) FROM entries WHERE starred = 1 ORDER BY sort_time DESC, id DESC LIMIT ?
            """, .integer(Int64(limit)))
    }

    /// One entry by the key it was deduplicated on.
    public func entry(feed: FeedID, key: String) throws -> StoredEntry? {
        try entries("SELECT \(Self.entryColumns) FROM entries WHERE feed_id = ? AND entry_key = ?",
                    .integer(feed.rawValue), .text(key)).first
    }

    func entries(where condition: String, _ values: DatabaseValue...) throws -> [StoredEntry] {
        try entries("SELECT \(Self.entryColumns) FROM entries WHERE \(condition)", values)
    }

    private func entries(_ sql: String, _ values: DatabaseValue...) throws -> [StoredEntry] {
        try entries(sql, values)
    }

    private func entries(_ sql: String, _ values: [DatabaseValue]) throws -> [StoredEntry] {
        var result: [StoredEntry] = []
        let statement = try database.cached(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {
            let row = statement
            let markup = row.string(at: 8).flatMap(Markup.Kind.init(rawValue:)).map {
                Markup(kind: $0, text: row.string(at: 9) ?? "", base: row.string(at: 10))
            }
            result.append(StoredEntry(
                id: EntryID(rawValue: row.int64(at: 0)), feed: FeedID(rawValue: row.int64(at: 1)),
                key: row.string(at: 2) ?? "", title: row.string(at: 3), link: row.string(at: 4),
                author: row.string(at: 5), summary: row.string(at: 6), content: row.string(at: 7), markup: markup,
                published: row.optionalInt64(at: 11).map(Timestamp.init),
                updated: row.optionalInt64(at: 12).map(Timestamp.init),
                firstSeen: Timestamp(secondsSince1970: row.int64(at: 13)), enclosures: [],
                isRead: row.int64(at: 14) != 0, isStarred: row.int64(at: 15) != 0,
                readAt: row.optionalInt64(at: 16).map(Timestamp.init), thumbnail: row.string(at: 17),
                duration: row.optionalInt64(at: 18).map { Int($0) }))
        }
        for index in result.indices {
            try database.query("SELECT url, type, length FROM enclosures WHERE entry_id = ? ORDER BY position",
                               .integer(result[index].id.rawValue)) { row in
                result[index].enclosures.append(Enclosure(url: row.string(at: 0) ?? "", type: row.string(at: 1),
                                                          length: row.optionalInt64(at: 2).map { Int($0) }))
            }
        }
        return result
    }

    // MARK: Reading state

    /// Marks entries read (remembering when, for retention) or unread. One transaction for all of them.
    public func markRead(_ ids: [EntryID], read: Bool = true, at now: Timestamp) throws {
        try database.transaction {
            for id in ids {
                let changed = try database.run("UPDATE entries SET read = ?, read_at = ? WHERE id = ? AND read != ?",
                                               .integer(read ? 1 : 0), read ? .integer(now.secondsSince1970) : .null,
                                               .integer(id.rawValue), .integer(read ? 1 : 0))
                if changed > 0 { try queueChange(read ? .read : .unread, of: id, at: now) }
            }
        }
    }

    /// Stars an entry (or unstars it). `now` dates the change for an aggregator account's queue.
    public func setStarred(_ id: EntryID, _ starred: Bool, at now: Timestamp) throws {
        try database.transaction {
            let changed = try database.run("UPDATE entries SET starred = ? WHERE id = ? AND starred != ?",
                                           .integer(starred ? 1 : 0), .integer(id.rawValue), .integer(starred ? 1 : 0))
            if changed > 0 { try queueChange(starred ? .star : .unstar, of: id, at: now) }
        }
    }

    /// All entries, or one feed's.
    public func entryCount(feed: FeedID? = nil) throws -> Int {
        if let feed {
            return Int(try database.integer("SELECT count(*) FROM entries WHERE feed_id = ?", .integer(feed.rawValue)) ?? 0)
        }
        return Int(try database.integer("SELECT count(*) FROM entries") ?? 0)
    }

    // MARK: Retention

    /// Deletes what the reader no longer needs: starred entries stay forever, unread ones up to the
    /// `unreadPerFeed` newest of each feed, read ones for `readForDays` days after they were read. Entries the
    /// feed's latest document still lists are kept whatever their age: deleted, the next fetch would bring them
    /// back as new and unread. Returns how many entries went.
    @discardableResult
    public func applyRetention(unreadPerFeed: Int, readForDays: Int, now: Timestamp) throws -> Int {
        try database.transaction {
            // Days past any date there is (an option set to "forever") keep every read entry.
            let (span, overflow) = Int64(max(0, readForDays)).multipliedReportingOverflow(by: 86_400)
            let readBefore = overflow ? Int64.min : now.secondsSince1970 &- span
            return try database.run("""
                DELETE FROM entries WHERE id IN (
                    SELECT e.id FROM (
                        SELECT id, feed_id, read, read_at, last_seen,
                               CASE WHEN read = 0 THEN row_number() OVER (
                                   PARTITION BY feed_id, read ORDER BY sort_time DESC, id DESC) END AS unread_rank
                        FROM entries WHERE starred = 0
                    ) AS e JOIN feeds AS f ON f.id = e.feed_id
                    WHERE (f.entries_seen_at IS NULL OR e.last_seen IS NULL OR e.last_seen < f.entries_seen_at)
                      AND ((e.read = 1 AND coalesce(e.read_at, 0) < ?) OR (e.read = 0 AND e.unread_rank > ?))
                )
                """, .integer(readBefore), .integer(Int64(max(0, unreadPerFeed))))
        }
    }

    // MARK: Identity

    /// The key an entry is deduplicated on: its id (the parser fills it), else its link, else a hash of its text.
    static func key(of entry: ParsedEntry) -> String {
        if let id = entry.id, !id.isEmpty { return id }
        if let link = entry.link, !link.isEmpty { return link }
        var hash = FNV1a()
        for field in [entry.title, entry.summary, entry.content, entry.markup?.text] { hash.add(field) }
        return "hash:" + String(UInt64(bitPattern: hash.value), radix: 16)
    }

    /// The picture a row shows: the feed's thumbnail, else an image enclosure, else the body's first image.
    static func rowPicture(of entry: ParsedEntry) -> String? {
        EntryImages.urls(thumbnail: entry.thumbnail, enclosures: entry.enclosures, markup: entry.markup, limit: 1).first
    }

    /// A hash of everything `store` writes for an entry, to tell an unchanged entry from an edited one cheaply.
    static func fingerprint(of entry: ParsedEntry) -> Int64 {
        var hash = FNV1a()
        for field in [entry.title, entry.link, entry.author, entry.summary, entry.content, entry.markup?.kind.rawValue,
                      entry.markup?.text, entry.markup?.base, entry.published.map { String($0.secondsSince1970) },
                      entry.updated.map { String($0.secondsSince1970) }, entry.thumbnail] {
            hash.add(field)
        }
        // Only when there is one, so the entries stored before durations were read keep their fingerprints.
        if let duration = entry.duration { hash.add("duration \(duration)") }
        for enclosure in entry.enclosures {
            hash.add(enclosure.url)
            hash.add(enclosure.type)
            hash.add(enclosure.length.map { String($0) })
        }
        return hash.value
    }
}
