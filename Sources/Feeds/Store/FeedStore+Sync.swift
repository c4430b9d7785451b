/// The store's side of an aggregator account: the server's ids for feeds and entries, the queue of changes made
/// on the panel, and how the last syncs went. Each method that writes is one transaction, so a sync killed at
/// any instant leaves the store as it was after the last step that returned.
extension FeedStore {
    /// A change made on the panel, waiting in the queue.
    public struct QueuedChange: Equatable, Sendable {
        public enum Target: Equatable, Sendable {
            /// One entry read, unread, starred or unstarred.
            case item(RemoteItemID, LocalChange)
            /// "Mark all read" on one feed: its entries up to the moment (the newest the panel showed).
            case feedRead(feed: String, before: Timestamp)
        }

        public var sequence: Int64
        public var target: Target
    }

    /// The queue's name for a whole feed marked read.
    static let feedReadChange = "read-feed"

    /// Queues a change to an entry the server knows (one with a remote id); nothing for a local feed's entry.
    /// Called inside the transaction that made the change, so the two are kept or lost together.
    func queueChange(_ change: LocalChange, of entry: EntryID, at now: Timestamp) throws {
        try database.run("""
            INSERT INTO sync_changes (remote_id, change, made_at)
            SELECT remote_id, ?, ? FROM entries WHERE id = ? AND remote_id IS NOT NULL
            """, .text(change.rawValue), .integer(now.secondsSince1970), .integer(entry.rawValue))
    }

    /// The queued changes, oldest first.
    public func queuedChanges(limit: Int = 10_000) throws -> [QueuedChange] {
        var result: [QueuedChange] = []
        try database.query("SELECT seq, remote_id, change, before FROM sync_changes ORDER BY seq LIMIT ?",
                           .integer(Int64(limit))) { row in
            guard let remote = row.string(at: 1), let change = row.string(at: 2) else { return }
            if change == Self.feedReadChange, let before = row.optionalInt64(at: 3) {
                result.append(QueuedChange(sequence: row.int64(at: 0),
                                           target: .feedRead(feed: remote, before: Timestamp(secondsSince1970: before))))
            } else if let item = RemoteItemID(remote), let change = LocalChange(rawValue: change) {
                result.append(QueuedChange(sequence: row.int64(at: 0), target: .item(item, change)))
            }
        }
        return result
    }

    /// "Mark all read" on one feed: its unread entries sorted at or before `before` (the newest the panel showed;
    /// what arrived since stays unread) are marked read. A feed an aggregator keeps queues one change for the
    /// server's own mark-all (Fever's `mark=feed`, Google Reader's `mark-all-as-read`) rather than one per entry.
    /// Returns how many entries changed.
    @discardableResult
    public func markFeedRead(_ feed: FeedID, before: Timestamp, at now: Timestamp) throws -> Int {
        try database.transaction {
            let changed = try database.run("""
                UPDATE entries SET read = 1, read_at = ? WHERE feed_id = ? AND read = 0 AND sort_time <= ?
                """, .integer(now.secondsSince1970), .integer(feed.rawValue), .integer(before.secondsSince1970))
            try database.run("""
                INSERT INTO sync_changes (remote_id, change, made_at, before)
                SELECT remote_id, ?, ?, ? FROM feeds WHERE id = ? AND remote_id IS NOT NULL
                """, .text(Self.feedReadChange), .integer(now.secondsSince1970), .integer(before.secondsSince1970),
                .integer(feed.rawValue))
            return changed
        }
    }

    /// The server took these changes: they leave the queue.
    public func removeQueuedChanges(_ sequences: [Int64]) throws {
        try database.transaction {
            for sequence in sequences { try database.run("DELETE FROM sync_changes WHERE seq = ?", .integer(sequence)) }
        }
    }

    public func queuedChangeCount() throws -> Int {
        Int(try database.integer("SELECT count(*) FROM sync_changes") ?? 0)
    }

    // MARK: The account

    /// Which account the store mirrors (`SyncAccount.identity`), nil for none yet.
    public func syncedAccount() throws -> String? {
        try database.text("SELECT value FROM sync_state WHERE key = 'account'")
    }

    /// Makes the store mirror `identity`. A store that mirrored another account, or held the panel's own feeds,
    /// is emptied first: two servers' ids must not mix, and the server owns the subscriptions from now on.
    /// Returns whether anything was cleared.
    @discardableResult
    public func adoptAccount(_ identity: String) throws -> Bool {
        try database.transaction {
            let current = try database.text("SELECT value FROM sync_state WHERE key = 'account'")
            guard current != identity else { return false }
            try database.execute("DELETE FROM sync_changes; DELETE FROM feeds; DELETE FROM sync_state")
            try database.run("INSERT INTO sync_state (key, value) VALUES ('account', ?)", .text(identity))
            return true
        }
    }

    // MARK: Subscriptions

    /// Makes the subscriptions the server's: feeds matched by remote id, else by URL, are updated in place
    /// (their entries and state kept); new ones are added in the server's order; any other feed goes, with its
    /// entries. Returns the remote feed id → the panel's feed.
    @discardableResult
    public func mirrorSubscriptions(_ remote: [RemoteFeed], at now: Timestamp) throws -> [String: FeedID] {
        try database.transaction {
            var mapping: [String: FeedID] = [:]
            var kept: Set<Int64> = []
            for (position, feed) in remote.enumerated() where mapping[feed.id] == nil {
                let existing = try database.integer("SELECT id FROM feeds WHERE remote_id = ?", .text(feed.id))
                    ?? database.integer("SELECT id FROM feeds WHERE url = ? AND remote_id IS NULL", .text(feed.url))
                let id: Int64
                if let existing, !kept.contains(existing) {
                    // Another subscription may hold the URL (the server renamed one to another's address).
                    try database.run("UPDATE feeds SET url = 'moving:' || id WHERE url = ? AND id != ?",
                                     .text(feed.url), .integer(existing))
                    try database.run("""
                        UPDATE feeds SET remote_id = ?, url = ?, title = coalesce(?, title), site_link = coalesce(?, site_link),
                                         category = ?, position = ?
                        WHERE id = ?
                        """, .text(feed.id), .text(feed.url), .optional(feed.title), .optional(feed.siteURL),
                        .optional(feed.folder), .integer(Int64(position)), .integer(existing))
                    id = existing
                } else {
                    try database.run("UPDATE feeds SET url = 'moving:' || id WHERE url = ?", .text(feed.url))
                    try database.run("""
                        INSERT INTO feeds (url, title, site_link, category, added_at, position, remote_id)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """, .text(feed.url), .optional(feed.title), .optional(feed.siteURL), .optional(feed.folder),
                        .integer(now.secondsSince1970), .integer(Int64(position)), .text(feed.id))
                    id = database.lastInsertRowID
                }
                kept.insert(id)
                mapping[feed.id] = FeedID(rawValue: id)
            }
            var gone: [Int64] = []
            try database.query("SELECT id FROM feeds") { row in
                if !kept.contains(row.int64(at: 0)) { gone.append(row.int64(at: 0)) }
            }
            for id in gone { try database.run("DELETE FROM feeds WHERE id = ?", .integer(id)) }
            return mapping
        }
    }

    // MARK: Entries

    /// The server ids of every entry the panel holds.
    public func remoteItemIDs() throws -> Set<RemoteItemID> {
        var result: Set<RemoteItemID> = []
        try database.query("SELECT remote_id FROM entries WHERE remote_id IS NOT NULL") { row in
            if let id = row.string(at: 0).flatMap(RemoteItemID.init) { result.insert(id) }
        }
        return result
    }

    /// Stores entries the server sent, with the state they have there, unless the panel changed them since
    /// (a queued change wins until the server has it). Entries of feeds not in `feeds` are skipped. Returns the
    /// new entries per feed.
    @discardableResult
    public func storeSynced(_ entries: [RemoteEntry], feeds: [String: FeedID], at now: Timestamp) throws -> [FeedID: Int] {
        try database.transaction {
            var added: [FeedID: Int] = [:]
            for remote in entries {
                guard let feed = feeds[remote.feedID] else { continue }
                if let existing = try database.integer("SELECT id FROM entries WHERE remote_id = ?", .text(remote.id.text)) {
                    try database.run("UPDATE entries SET last_seen = ? WHERE id = ?", .integer(now.secondsSince1970),
                                     .integer(existing))
                    continue
                }
                let entry = Self.parsedEntry(remote)
                let fingerprint = Self.fingerprint(of: entry)
                let sortTime = min(entry.published ?? now, now)
                // The key is the server's id: two feeds on the server may carry the same article, and the server
                // already told them apart.
                try database.run("""
                    INSERT INTO entries (feed_id, entry_key, title, link, author, summary, content, markup_kind,
                        markup_text, markup_base, thumbnail, published, updated, first_seen, sort_time, last_seen,
                        fingerprint, read, read_at, starred, remote_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (feed_id, entry_key) DO NOTHING
                    """, .integer(feed.rawValue), .text("remote:" + remote.id.text), .optional(entry.title),
                    .optional(entry.link), .optional(entry.author), .optional(entry.summary), .optional(entry.content),
                    .optional(entry.markup?.kind.rawValue), .optional(entry.markup?.text), .optional(entry.markup?.base),
                    .optional(Self.rowPicture(of: entry)), .optional(entry.published?.secondsSince1970),
                    .integer(now.secondsSince1970), .integer(sortTime.secondsSince1970), .integer(now.secondsSince1970),
                    .integer(fingerprint), .integer(remote.isRead ? 1 : 0),
                    remote.isRead ? .integer(now.secondsSince1970) : .null, .integer(remote.isStarred ? 1 : 0),
                    .text(remote.id.text))
                if database.changes > 0 { added[feed, default: 0] += 1 }
            }
            return added
        }
    }

    static func parsedEntry(_ remote: RemoteEntry) -> ParsedEntry {
        let html = remote.html ?? ""
        let text = HTMLText.plainText(fromHTML: html)
        return ParsedEntry(title: remote.title.map(HTMLText.plainText(fromHTML:)), link: remote.link,
                           id: remote.id.text, author: remote.author, content: text.isEmpty ? nil : text,
                           markup: html.isEmpty ? nil : Markup(kind: .html, text: html, base: remote.link),
                           published: remote.published)
    }

    /// Takes the server's unread and starred sets for every synced entry the panel has no queued change for:
    /// for entries the panel did not touch, the server wins. Returns how many entries changed.
    @discardableResult
    public func applyServerState(unread: Set<RemoteItemID>, starred: Set<RemoteItemID>, at now: Timestamp) throws -> Int {
        try fillTemporary("server_unread", unread)
        try fillTemporary("server_starred", starred)
        return try database.transaction {
            let changed = try database.run("""
                UPDATE entries SET
                    read = (remote_id NOT IN (SELECT remote_id FROM server_unread)),
                    read_at = CASE WHEN remote_id IN (SELECT remote_id FROM server_unread) THEN NULL
                                   ELSE coalesce(read_at, ?) END,
                    starred = (remote_id IN (SELECT remote_id FROM server_starred))
                WHERE remote_id IS NOT NULL
                  AND remote_id NOT IN (SELECT remote_id FROM sync_changes)
                  AND NOT EXISTS (SELECT 1 FROM sync_changes AS c JOIN feeds AS f ON f.remote_id = c.remote_id
                                  WHERE c.change = '\(Self.feedReadChange)' AND f.id = entries.feed_id
                                    AND entries.sort_time <= c.before)
                  AND (read != (remote_id NOT IN (SELECT remote_id FROM server_unread))
                       OR starred != (remote_id IN (SELECT remote_id FROM server_starred)))
                """, .integer(now.secondsSince1970))
            return changed
        }
    }

    /// Fills a temporary table (this connection's alone) with `ids`, outside the store's write lock: tens of
    /// thousands of ids take a while to insert, and the panel's own writes must not wait behind them.
    private func fillTemporary(_ table: String, _ ids: Set<RemoteItemID>) throws {
        try database.execute("CREATE TEMP TABLE IF NOT EXISTS \(table) (remote_id TEXT PRIMARY KEY) WITHOUT ROWID")
        let own = !database.isInTransaction
        // A deferred transaction that writes only temporary tables takes no lock on the store itself.
        if own { try database.execute("BEGIN") }
        do {
            try database.execute("DELETE FROM \(table)")
            for id in ids { try database.run("INSERT OR IGNORE INTO \(table) VALUES (?)", .text(id.text)) }
            if own { try database.execute("COMMIT") }
        } catch {
            if own, database.isInTransaction { try? database.execute("ROLLBACK") }
            throw error
        }
    }

    // MARK: How the syncs went

    /// The last sync's outcome, for the feeds screen and the schedule.
    public func syncRecord() throws -> SyncRecord {
        var values: [String: String] = [:]
        try database.query("SELECT key, value FROM sync_state") { row in
            if let key = row.string(at: 0), let value = row.string(at: 1) { values[key] = value }
        }
        return SyncRecord(lastAttempt: values["last_attempt"].flatMap(Int64.init).map(Timestamp.init),
                          lastSuccess: values["last_success"].flatMap(Int64.init).map(Timestamp.init),
                          lastError: values["last_error"],
                          consecutiveFailures: values["failures"].flatMap(Int.init) ?? 0)
    }

    public func recordSync(_ record: SyncRecord) throws {
        try database.transaction {
            let values: [(String, String?)] = [
                ("last_attempt", record.lastAttempt.map { String($0.secondsSince1970) }),
                ("last_success", record.lastSuccess.map { String($0.secondsSince1970) }),
                ("last_error", record.lastError), ("failures", String(record.consecutiveFailures)),
            ]
            for (key, value) in values {
                if let value {
                    try database.run("INSERT OR REPLACE INTO sync_state (key, value) VALUES (?, ?)", .text(key), .text(value))
                } else {
                    try database.run("DELETE FROM sync_state WHERE key = ?", .text(key))
                }
            }
        }
    }
}

/// How the syncs with the account have gone.
public struct SyncRecord: Equatable, Sendable {
    public var lastAttempt: Timestamp?
    public var lastSuccess: Timestamp?
    /// Why the last sync failed; nil when it succeeded.
    public var lastError: String?
    public var consecutiveFailures: Int

    public init(lastAttempt: Timestamp? = nil, lastSuccess: Timestamp? = nil, lastError: String? = nil,
                consecutiveFailures: Int = 0) {
        self.lastAttempt = lastAttempt
        self.lastSuccess = lastSuccess
        self.lastError = lastError
        self.consecutiveFailures = consecutiveFailures
    }
}
