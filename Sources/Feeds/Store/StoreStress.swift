/// The store's durability check (`lectern feeds stress-writer` and `check-writes`, driven by
/// scripts/test-store-durability.sh): writes that are killed at any instant, then a check that every write the
/// store acknowledged is there.
///
/// Write `i` is one transaction: store entry `w<i>`, mark `w<i-1>` read, star `w<i-1>` when `i` is even. It is
/// acknowledged only after the commit returned, so every acknowledged write is one the store promised to keep.
public struct StoreStress {
    public static let feedURL = "https://stress.invalid/feed"

    let store: FeedStore

    public init(store: FeedStore) { self.store = store }

    static func key(_ index: Int) -> String { "w\(index)" }

    static func entry(_ index: Int) -> ParsedEntry {
        ParsedEntry(title: "Write \(index)", link: "https://stress.invalid/\(index)", id: key(index),
                    summary: String(repeating: "durable ", count: 1 + index % 64),
                    published: Timestamp(secondsSince1970: 1_700_000_000 + Int64(index)))
    }

    /// Writes until `count` more are done (nil: until killed), resuming after the last write that reached the
    /// store, acknowledged or not; `acknowledge` hears each index once its commit returned.
    public func write(count: Int?, acknowledge: (Int) -> Void) throws {
        let feed = try store.addFeed(url: Self.feedURL, title: "Stress", at: Timestamp(secondsSince1970: 0))
        var next = Int(try store.database.integer(
            "SELECT max(CAST(substr(entry_key, 2) AS INTEGER)) + 1 FROM entries WHERE feed_id = ?",
            .integer(feed.rawValue)) ?? 0)
        var previous = next > 0 ? try store.entry(feed: feed, key: Self.key(next - 1))?.id : nil
        let stop = count.map { next + $0 }
        while stop.map({ next < $0 }) ?? true {
            let index = next
            let now = Timestamp(secondsSince1970: 1_700_000_000 + Int64(index))
            let stored = try store.database.transaction { () throws -> EntryID? in
                try store.store(ParsedFeed(entries: [Self.entry(index)]), for: feed, at: now)
                if let previous {
                    try store.markRead([previous], at: now)
                    if index % 2 == 0 { try store.setStarred(previous, true, at: now) }
                }
                return try store.entry(feed: feed, key: Self.key(index))?.id
            }
            acknowledge(index)
            previous = stored
            next += 1
        }
    }

    /// What is wrong with the store after writes up to `acknowledged` (−1: none) were acknowledged: SQLite's
    /// integrity and foreign keys, then each acknowledged write with its mark-read and star. Empty when all is well.
    public func problems(acknowledged: Int) throws -> [String] {
        var problems: [String] = []
        try store.database.query("PRAGMA integrity_check") { row in
            if let line = row.string(at: 0), line != "ok" { problems.append("integrity check: \(line)") }
        }
        try store.database.query("PRAGMA foreign_key_check") { row in
            problems.append("integrity check: a row of \(row.string(at: 0) ?? "?") points to a missing \(row.string(at: 2) ?? "?")")
        }
        guard problems.isEmpty, acknowledged >= 0 else { return problems }
        guard let feed = try store.feedID(url: Self.feedURL) else {
            return ["write 0 was acknowledged but the stress feed is missing"]
        }
        var state: [String: (read: Bool, starred: Bool)] = [:]
        try store.database.query("SELECT entry_key, read, starred FROM entries WHERE feed_id = ?",
                                 .integer(feed.rawValue)) { row in
            state[row.string(at: 0) ?? ""] = (row.int64(at: 1) != 0, row.int64(at: 2) != 0)
        }
        if let missing = (0...acknowledged).first(where: { state[Self.key($0)] == nil }) {
            return ["acknowledged write \(missing) is missing (\(state.count) entries stored)"]
        }
        // Write index+1 marked entry `index`; it was acknowledged too when index < acknowledged.
        for index in 0..<acknowledged {
            let entry = state[Self.key(index)]!
            if !entry.read { return ["acknowledged write \(index + 1) lost its mark-read"] }
            if entry.starred != ((index + 1) % 2 == 0) { return ["acknowledged write \(index + 1) lost its star"] }
        }
        return []
    }
}
