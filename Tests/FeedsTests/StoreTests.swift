import CSQLite
import Testing
@testable import Feeds

#if canImport(Glibc)
import Glibc
#endif

private let t0 = Timestamp(year: 2026, month: 11, day: 1, hour: 12)
private func at(_ seconds: Int64) -> Timestamp { Timestamp(secondsSince1970: t0.secondsSince1970 + seconds) }

private func entry(_ id: String, published: Timestamp? = nil, title: String? = nil) -> ParsedEntry {
    ParsedEntry(title: title ?? "Title \(id)", link: "https://example.com/\(id)", id: id, summary: "About \(id)",
                published: published)
}

@Suite struct DatabaseTests {
    @Test func bindsAndReadsEveryType() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.file("t.sqlite"))
        try database.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
        let insert = try database.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)")
        try insert.bind(Int64.min, at: 1)
        try insert.bind(2.5, at: 2)
        try insert.bind("café\u{0}nul", at: 3)
        try insert.bind([0, 1, 255], at: 4)
        try insert.bind(nil as String?, at: 5)
        #expect(try insert.step() == false)
        try database.query("SELECT i, r, s, b, n FROM t") { row in
            #expect(row.int64(at: 0) == Int64.min)
            #expect(row.double(at: 1) == 2.5)
            #expect(row.string(at: 2) == "café\u{0}nul")
            #expect(row.bytes(at: 3) == [0, 1, 255])
            #expect(row.string(at: 4) == nil)
            #expect(row.isNull(at: 4))
        }
    }

    @Test func transactionRollsBackOnThrow() throws {
        struct Stop: Error {}
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.file("t.sqlite"))
        try database.execute("CREATE TABLE t (i INTEGER)")
        #expect(throws: Stop.self) {
            try database.transaction {
                try database.run("INSERT INTO t VALUES (1)")
                throw Stop()
            }
        }
        #expect(try database.integer("SELECT count(*) FROM t") == 0)
        #expect(!database.isInTransaction)
        try database.transaction {
            try database.run("INSERT INTO t VALUES (2)")
            // A nested failure undoes only its own part.
            try? database.transaction {
                try database.run("INSERT INTO t VALUES (3)")
                throw Stop()
            }
        }
        #expect(try database.integer("SELECT sum(i) FROM t") == 2)
    }

    @Test func errorsCarryTheCodeTheMessageAndWhatWasTried() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.file("t.sqlite"))
        do {
            try database.execute("SELEKT 1")
            Issue.record("no error")
        } catch let error as DatabaseError {
            #expect(error.primaryCode == SQLITE_ERROR)
            #expect(error.description.hasPrefix("execute SELEKT 1: "))
            #expect(error.description.contains("syntax error"))
            #expect(!error.description.contains("\n"))
        }
        do {
            _ = try Database(path: directory.file("missing/t.sqlite"))
            Issue.record("no error")
        } catch let error as DatabaseError {
            #expect(error.primaryCode == SQLITE_CANTOPEN)
            #expect(error.description.contains("No such file or directory"))
        }
    }

    @Test func tellsAFullDiskAndAReadOnlyFileSystem() {
        #expect(DatabaseError("commit", code: SQLITE_FULL, message: "database or disk is full").isDiskFull)
        #expect(DatabaseError("open", code: SQLITE_IOERR | (19 << 8), message: "disk I/O error", systemErrno: ENOSPC).isDiskFull)
        #expect(DatabaseError("open", code: SQLITE_CANTOPEN, message: "no", systemErrno: EROFS).isReadOnly)
        #expect(DatabaseError("write", code: SQLITE_READONLY | (4 << 8), message: "no").isReadOnly)
        #expect(!DatabaseError("run", code: SQLITE_CONSTRAINT, message: "UNIQUE").isDiskFull)
    }
}

@Suite struct StoreTests {
    @Test func opensInWALWithFullSyncAndForeignKeys() throws {
        let directory = TemporaryDirectory()
        let store = try FeedStore(path: directory.file("feeds.sqlite"))
        #expect(try store.database.text("PRAGMA journal_mode") == "wal")
        #expect(try store.database.integer("PRAGMA synchronous") == 2)
        #expect(try store.database.integer("PRAGMA foreign_keys") == 1)
        #expect(try store.database.integer("PRAGMA user_version") == StoreSchema.currentVersion)
    }

    @Test func addingAFeedIsIdempotentOnItsURL() throws {
        let directory = TemporaryDirectory()
        let store = try FeedStore(path: directory.file("feeds.sqlite"))
        let a = try store.addFeed(url: "https://a.example/feed", at: t0)
        let b = try store.addFeed(url: "https://b.example/feed", title: "B", at: t0)
        #expect(try store.addFeed(url: "https://a.example/feed", title: "A", at: at(60)) == a)
        let feeds = try store.feeds()
        #expect(feeds.map(\.id) == [a, b])
        #expect(feeds.map(\.title) == ["A", "B"])
        #expect(feeds[0].added == t0)
        #expect(feeds[0].fetch == FetchState())
        #expect(try store.removeFeed(a))
        #expect(try !store.removeFeed(a))
        #expect(try store.feeds().map(\.id) == [b])
    }

    @Test func storesDeduplicatesAndUpdatesEntries() throws {
        let directory = TemporaryDirectory()
        let store = try FeedStore(path: directory.file("feeds.sqlite"))
        let feed = try store.addFeed(url: "https://a.example/feed", at: t0)
        var document = ParsedFeed(title: "A", link: "https://a.example/", entries: [
            entry("1", published: at(-100)), entry("2", published: at(-50)),
        ])
        document.entries[0].enclosures = [Enclosure(url: "https://a.example/1.mp3", type: "audio/mpeg", length: 42)]
        document.entries[1].markup = Markup(kind: .html, text: "<p>Two</p>", base: "https://a.example/2")
        document.entries[1].thumbnail = "https://a.example/2.jpg"
        #expect(try store.store(document, for: feed, at: t0) == (added: 2, updated: 0))
        #expect(try store.store(document, for: feed, at: at(60)) == (added: 0, updated: 0))
        let newest = try store.newestUnread(limit: 10)
        #expect(newest.map(\.key) == ["2", "1"])
        #expect(newest[1].enclosures == [Enclosure(url: "https://a.example/1.mp3", type: "audio/mpeg", length: 42)])
        #expect(newest[0].markup == Markup(kind: .html, text: "<p>Two</p>", base: "https://a.example/2"))
        #expect(newest[0].thumbnail == "https://a.example/2.jpg" && newest[1].thumbnail == nil)
        #expect(newest[0].firstSeen == t0)
        #expect(try store.feeds()[0].title == "A")
        #expect(try store.feeds()[0].siteLink == "https://a.example/")

        try store.markRead([newest[1].id], at: at(70))
        document.entries[0].title = "Edited"
        document.entries.append(entry("3"))
        document.entries.append(entry("3", title: "the same id again"))
        #expect(try store.store(document, for: feed, at: at(120)) == (added: 1, updated: 1))
        let edited = try #require(try store.entry(feed: feed, key: "1"))
        #expect(edited.title == "Edited")
        #expect(edited.isRead && edited.readAt == at(70))
        #expect(edited.firstSeen == t0)
        #expect(try store.entry(feed: feed, key: "3")?.title == "Title 3")
        #expect(try store.entryCount() == 3)
        #expect(try store.feeds()[0].unreadCount == 2)
    }

    @Test func entriesWithoutAnIdFallBackToLinkThenHash() throws {
        let directory = TemporaryDirectory()
        let store = try FeedStore(path: directory.file("feeds.sqlite"))
        let feed = try store.addFeed(url: "https://a.example/feed", at: t0)
        let document = ParsedFeed(entries: [
            ParsedEntry(title: "linked", link: "https://a.example/x"),
            ParsedEntry(title: "bare", summary: "nothing else"),
            ParsedEntry(title: "bare", summary: "nothing else"),
        ])
        #expect(try store.store(document, for: feed, at: t0) == (added: 2, updated: 0))
        let keys = try store.entries(feed: feed, limit: 10).map(\.key)
        #expect(keys.contains("https://a.example/x"))
        #expect(keys.contains { $0.hasPrefix("hash:") })
    }

    @Test func newestUnreadSpansFeedsAndFutureDatesDoNotPinEntries() throws {
        let directory = TemporaryDirectory()
        let store = try FeedStore(path: directory.file("feeds.sqlite"))
        let a = try store.addFeed(url: "https://a.example/feed", at: t0)
        let b = try store.addFeed(url: "https://b.example/feed", at: t0)
        try store.store(ParsedFeed(entries: [entry("a1", published: at(-300)), entry("a2", published: at(86_400 * 365))]),
                        for: a, at: t0)
        try store.store(ParsedFeed(entries: [entry("b1", published: at(-200))]), for: b, at: t0)
        try store.store(ParsedFeed(entries: [entry("b2", published: at(500))]), for: b, at: at(1_000))
        #expect(try store.newestUnread(limit: 10).map(\.key) == ["b2", "a2", "b1", "a1"])
        #expect(try store.newestUnread(limit: 2).map(\.key) == ["b2", "a2"])
        #expect(try store.entries(feed: b, limit: 10).map(\.key) == ["b2", "b1"])
        let a2 = try #require(try store.entry(feed: a, key: "a2"))
        try store.markRead([a2.id], at: at(1_000))
        try store.setStarred(a2.id, true, at: at(1_000))
        #expect(try store.newestUnread(limit: 10).map(\.key) == ["b2", "b1", "a1"])
        #expect(try store.starred(limit: 10).map(\.key) == ["a2"])
        try store.markRead([a2.id], read: false, at: at(1_100))
        #expect(try store.entry(feed: a, key: "a2")?.readAt == nil)
    }

    @Test func fetchStateRoundTripsAndFeedsMove() throws {
        let directory = TemporaryDirectory()
        let store = try FeedStore(path: directory.file("feeds.sqlite"))
        let a = try store.addFeed(url: "https://a.example/feed", at: t0)
        let b = try store.addFeed(url: "https://b.example/feed", at: t0)
        let state = FetchState(etag: "\"abc\"", lastModified: "Sun, 01 Nov 2026 12:00:00 GMT", lastFetch: t0,
                               lastStatus: 503, lastError: "Service Unavailable", consecutiveErrors: 3,
                               nextCheck: at(3_600), isGone: false, timeToLiveMinutes: 90)
        try store.recordFetch(state, for: a)
        #expect(try store.fetchState(for: a) == state)
        #expect(try store.fetchState(for: b) == FetchState())
        try store.updateFeedURL(a, to: "https://a.example/new-feed")
        #expect(try store.feedID(url: "https://a.example/new-feed") == a)
        #expect(throws: DatabaseError.self) { try store.updateFeedURL(a, to: "https://b.example/feed") }
    }

    @Test func removingAFeedRemovesItsEntries() throws {
        let directory = TemporaryDirectory()
        let store = try FeedStore(path: directory.file("feeds.sqlite"))
        let a = try store.addFeed(url: "https://a.example/feed", at: t0)
        var document = ParsedFeed(entries: [entry("1")])
        document.entries[0].enclosures = [Enclosure(url: "https://a.example/1.mp3")]
        try store.store(document, for: a, at: t0)
        try store.removeFeed(a)
        #expect(try store.entryCount() == 0)
        #expect(try store.database.integer("SELECT count(*) FROM enclosures") == 0)
        #expect(throws: DatabaseError.self) { try store.store(document, for: a, at: t0) }
    }

    @Test func retentionKeepsStarredNewestUnreadAndRecentlyRead() throws {
        let directory = TemporaryDirectory()
        let store = try FeedStore(path: directory.file("feeds.sqlite"))
        let feed = try store.addFeed(url: "https://a.example/feed", at: t0)
        // Ten entries, then the feed moves on and lists only the last two.
        try store.store(ParsedFeed(entries: (0..<10).map { entry("e\($0)", published: at(Int64($0) * 60)) }),
                        for: feed, at: at(1_000))
        let day: Int64 = 86_400
        func id(_ key: String) throws -> EntryID { try #require(try store.entry(feed: feed, key: key)).id }
        try store.markRead([try id("e0"), try id("e1")], at: at(1_000))
        try store.markRead([try id("e2")], at: at(9 * day))
        try store.setStarred(try id("e3"), true, at: at(1_000))
        try store.store(ParsedFeed(entries: [entry("e8", published: at(480)), entry("e9", published: at(540))]),
                        for: feed, at: at(10 * day))
        // Unread: e4…e9 (e3 is starred); keep the 2 newest → e4, e5, e6, e7 go. Read: e0, e1 read 10 days
        // before → go; e2 read a day before → stays.
        let removed = try store.applyRetention(unreadPerFeed: 2, readForDays: 7, now: at(10 * day))
        #expect(removed == 6)
        #expect(try store.entries(feed: feed, limit: 20).map(\.key).sorted() == ["e2", "e3", "e8", "e9"])
        // A span of days past any date (found in review: it overflowed and trapped) keeps every read entry.
        #expect(try store.applyRetention(unreadPerFeed: 2, readForDays: Int.max, now: at(10 * day)) == 0)
        // Entries the feed still lists stay, however many are unread.
        #expect(try store.applyRetention(unreadPerFeed: 0, readForDays: 0, now: at(20 * day)) == 1)
        #expect(try store.entries(feed: feed, limit: 20).map(\.key).sorted() == ["e3", "e8", "e9"])
    }

    @Test func migratesAVersionOneDatabaseMadeByHand() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("feeds.sqlite")
        do {
            // Version 1 as it shipped, written out here so that an edit to a shipped migration fails this test.
            let database = try Database(path: path)
            try database.execute(versionOne)
            try database.execute("""
                INSERT INTO feeds (id, url, title, added_at, position) VALUES (7, 'https://old.example/rss', 'Old', 100, 1);
                INSERT INTO entries (feed_id, entry_key, title, first_seen, sort_time, read, starred, read_at)
                    VALUES (7, 'old-1', 'Kept', 100, 90, 1, 1, 200);
                PRAGMA user_version = 1;
                """)
        }
        let store = try FeedStore(path: path)
        #expect(try store.database.integer("PRAGMA user_version") == StoreSchema.currentVersion)
        let feeds = try store.feeds()
        #expect(feeds.count == 1)
        #expect(feeds[0].title == "Old")
        #expect(feeds[0].fetch == FetchState())
        let kept = try #require(try store.entry(feed: FeedID(rawValue: 7), key: "old-1"))
        #expect(kept.isRead && kept.isStarred && kept.readAt == Timestamp(secondsSince1970: 200))
        // The entry is recognised on the next fetch rather than duplicated.
        #expect(try store.store(ParsedFeed(entries: [ParsedEntry(title: "Kept", id: "old-1")]), for: FeedID(rawValue: 7),
                                at: at(0)) == (added: 0, updated: 1))
        #expect(try store.entry(feed: FeedID(rawValue: 7), key: "old-1")?.isRead == true)
    }

    @Test func aFailedMigrationLeavesTheVersionItWasAt() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("feeds.sqlite")
        do {
            let database = try Database(path: path)
            try database.execute(versionOne)
            // A column migration 2 adds, already there: its ALTER TABLE fails halfway through the step.
            try database.execute("ALTER TABLE feeds ADD COLUMN gone INTEGER; PRAGMA user_version = 1")
        }
        #expect(throws: DatabaseError.self) { try FeedStore(path: path) }
        let database = try Database(path: path)
        #expect(try database.integer("PRAGMA user_version") == 1)
        #expect(try database.integer("SELECT count(*) FROM pragma_table_info('feeds') WHERE name = 'etag'") == 0)
    }

    @Test func refusesAStoreFromANewerLectern() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("feeds.sqlite")
        do {
            let database = try Database(path: path)
            try database.execute("PRAGMA user_version = 99")
        }
        #expect(throws: DatabaseError.self) { try FeedStore(path: path) }
    }

    /// Found in review: a negative version indexed the migrations at -1.
    @Test func refusesANegativeSchemaVersion() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("feeds.sqlite")
        do {
            let database = try Database(path: path)
            try database.execute("PRAGMA user_version = -1")
        }
        #expect(throws: DatabaseError.self) { try FeedStore(path: path) }
    }

    @Test func aMissingOrReadOnlyPlaceIsAClearError() throws {
        let directory = TemporaryDirectory()
        do {
            _ = try FeedStore(path: directory.file("absent/feeds.sqlite"))
            Issue.record("no error")
        } catch let error as DatabaseError {
            #expect(error.description.contains("absent/feeds.sqlite"))
            #expect(error.description.contains("No such file or directory"))
        }
        // A store opened read-only (as it would be on a read-only file system) refuses to start rather than
        // fail at the first write.
        let path = directory.file("feeds.sqlite")
        _ = try FeedStore(path: path).addFeed(url: "https://a.example/feed", at: t0)
        let readOnly = try Database(path: path, flags: [.readOnly])
        #expect(readOnly.isReadOnly)
        #expect(throws: DatabaseError.self) { try readOnly.execute("DELETE FROM feeds") }
        #expect(try FeedStore(path: path).feeds().count == 1)
    }
}

/// Schema version 1 as it shipped.
private let versionOne = """
    CREATE TABLE feeds (
        id INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE, title TEXT, site_link TEXT, icon TEXT, category TEXT,
        added_at INTEGER NOT NULL, position INTEGER NOT NULL);
    CREATE TABLE entries (
        id INTEGER PRIMARY KEY, feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
        entry_key TEXT NOT NULL, title TEXT, link TEXT, author TEXT, summary TEXT, content TEXT, markup_kind TEXT,
        markup_text TEXT, markup_base TEXT, published INTEGER, updated INTEGER, first_seen INTEGER NOT NULL,
        sort_time INTEGER NOT NULL, read INTEGER NOT NULL DEFAULT 0, starred INTEGER NOT NULL DEFAULT 0,
        read_at INTEGER, UNIQUE (feed_id, entry_key));
    CREATE TABLE enclosures (
        entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE, position INTEGER NOT NULL,
        url TEXT NOT NULL, type TEXT, length INTEGER, PRIMARY KEY (entry_id, position)) WITHOUT ROWID;
    CREATE INDEX entries_newest_unread ON entries (sort_time DESC, id DESC) WHERE read = 0;
    CREATE INDEX entries_per_feed ON entries (feed_id, sort_time DESC, id DESC);
    """
