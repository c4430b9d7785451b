import CSQLite

/// The store's tables, as an ordered list of migrations. `PRAGMA user_version` holds how many have run; each runs
/// in its own transaction with the version bump, so a power cut leaves the database at one version or the next.
/// Never edit a shipped step: add one.
enum StoreSchema {
    static let migrations: [String] = [
        // 1: subscriptions and their entries.
        """
        CREATE TABLE feeds (
            id INTEGER PRIMARY KEY,
            url TEXT NOT NULL UNIQUE,
            title TEXT,
            site_link TEXT,
            icon TEXT,
            category TEXT,
            added_at INTEGER NOT NULL,
            position INTEGER NOT NULL
        );
        CREATE TABLE entries (
            id INTEGER PRIMARY KEY,
            feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
            entry_key TEXT NOT NULL,
            title TEXT,
            link TEXT,
            author TEXT,
            summary TEXT,
            content TEXT,
            markup_kind TEXT,
            markup_text TEXT,
            markup_base TEXT,
            published INTEGER,
            updated INTEGER,
            first_seen INTEGER NOT NULL,
            sort_time INTEGER NOT NULL,
            read INTEGER NOT NULL DEFAULT 0,
            starred INTEGER NOT NULL DEFAULT 0,
            read_at INTEGER,
            UNIQUE (feed_id, entry_key)
        );
        CREATE TABLE enclosures (
            entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            url TEXT NOT NULL,
            type TEXT,
            length INTEGER,
            PRIMARY KEY (entry_id, position)
        ) WITHOUT ROWID;
        CREATE INDEX entries_newest_unread ON entries (sort_time DESC, id DESC) WHERE read = 0;
        CREATE INDEX entries_per_feed ON entries (feed_id, sort_time DESC, id DESC);
        """,
        // 2: what fetching learnt about each feed, and what retention needs to know about entries.
        """
        ALTER TABLE feeds ADD COLUMN etag TEXT;
        ALTER TABLE feeds ADD COLUMN last_modified TEXT;
        ALTER TABLE feeds ADD COLUMN last_fetch INTEGER;
        ALTER TABLE feeds ADD COLUMN last_status INTEGER;
        ALTER TABLE feeds ADD COLUMN last_error TEXT;
        ALTER TABLE feeds ADD COLUMN consecutive_errors INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE feeds ADD COLUMN next_check INTEGER;
        ALTER TABLE feeds ADD COLUMN gone INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE feeds ADD COLUMN entries_seen_at INTEGER;
        ALTER TABLE entries ADD COLUMN last_seen INTEGER;
        ALTER TABLE entries ADD COLUMN fingerprint INTEGER;
        UPDATE entries SET last_seen = first_seen;
        """,
        // 3: the feed's own polling hint (RSS ttl), which a 304 does not repeat.
        """
        ALTER TABLE feeds ADD COLUMN ttl_minutes INTEGER;
        """,
        // 4: a picture for each entry's row (Media RSS, itunes:image, JSON Feed's image).
        """
        ALTER TABLE entries ADD COLUMN thumbnail TEXT;
        """,
        // 5: a feed muted on the panel: still fetched and listed, kept out of the Unread and Today rivers.
        """
        ALTER TABLE feeds ADD COLUMN muted INTEGER NOT NULL DEFAULT 0;
        """,
        // 6: an aggregator account's ids for feeds and entries, the panel's changes waiting to reach it (in the
        // order they were made), and how the last syncs went.
        """
        ALTER TABLE feeds ADD COLUMN remote_id TEXT;
        ALTER TABLE entries ADD COLUMN remote_id TEXT;
        CREATE UNIQUE INDEX entries_remote ON entries (remote_id) WHERE remote_id IS NOT NULL;
        CREATE TABLE sync_changes (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            remote_id TEXT NOT NULL,
            change TEXT NOT NULL,
            made_at INTEGER NOT NULL
        );
        CREATE INDEX sync_changes_item ON sync_changes (remote_id);
        CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
        """,
        // 7: "mark all read" on a synced feed, queued as one change for the whole feed up to a moment.
        """
        ALTER TABLE sync_changes ADD COLUMN before INTEGER;
        """,
        // 8: a podcast episode's length, for its box on the article page.
        """
        ALTER TABLE entries ADD COLUMN duration INTEGER;
        """,
    ]

    static var currentVersion: Int64 { Int64(migrations.count) }

    /// Brings `database` to the current version. A database from a newer lectern is refused rather than misread.
    static func migrate(_ database: Database) throws {
        let version = try database.integer("PRAGMA user_version") ?? 0
        guard version >= 0 else {
            throw DatabaseError("open \(database.path)", code: SQLITE_CORRUPT,
                                message: "the store has schema version \(version), which no lectern writes")
        }
        guard version <= currentVersion else {
            throw DatabaseError(
                "open \(database.path)", code: SQLITE_ERROR,
                message: "the store has schema version \(version), newer than this lectern's \(currentVersion)")
        }
        for step in Int(version)..<migrations.count {
            try database.transaction {
                // Read again inside the lock: another process may have migrated meanwhile.
                guard try database.integer("PRAGMA user_version") ?? 0 == Int64(step) else { return }
                try database.execute(migrations[step])
                try database.execute("PRAGMA user_version = \(step + 1)")
            }
        }
    }
}
