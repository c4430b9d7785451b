import ArgumentParser
import Feeds

#if canImport(Glibc)
import Glibc
#endif

/// The durability test's two halves (scripts/test-store-durability.sh); hidden from help.
///
/// Write `i` is one transaction: store entry `w<i>`, mark `w<i-1>` read, star `w<i-1>` when `i` is even.
/// `ack <i>` goes to stdout with write(2) only after the commit returned, so every line the test saw is a write
/// the store promised to keep.
enum StressWrites {
    static let feedURL = "https://stress.invalid/feed"

    static func key(_ index: Int) -> String { "w\(index)" }

    static func entry(_ index: Int) -> ParsedEntry {
        ParsedEntry(title: "Write \(index)", link: "https://stress.invalid/\(index)", id: key(index),
                    summary: String(repeating: "durable ", count: 1 + index % 64),
                    published: Timestamp(secondsSince1970: 1_700_000_000 + Int64(index)))
    }
}

struct FeedsStressWriterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stress-writer", abstract: "Write to the store until killed, acknowledging each commit.",
        shouldDisplay: false)

    @OptionGroup var options: StoreOptions
    @Option(help: "Stop after this many writes (default: never).") var count: Int?

    func run() throws {
        try options.withStore { store in
            let feed = try store.addFeed(url: StressWrites.feedURL, title: "Stress", at: Timestamp(secondsSince1970: 0))
            // Resume after the last write that reached the store, acknowledged or not.
            var next = Int(try store.database.integer(
                "SELECT max(CAST(substr(entry_key, 2) AS INTEGER)) + 1 FROM entries WHERE feed_id = ?",
                .integer(feed.rawValue)) ?? 0)
            var previous = next > 0 ? try store.entry(feed: feed, key: StressWrites.key(next - 1))?.id : nil
            let stop = count.map { next + $0 }
            while stop.map({ next < $0 }) ?? true {
                let index = next
                let now = Timestamp(secondsSince1970: 1_700_000_000 + Int64(index))
                let stored = try store.database.transaction { () throws -> EntryID? in
                    try store.store(ParsedFeed(entries: [StressWrites.entry(index)]), for: feed, at: now)
                    if let previous {
                        try store.markRead([previous], at: now)
                        if index % 2 == 0 { try store.setStarred(previous, true) }
                    }
                    return try store.entry(feed: feed, key: StressWrites.key(index))?.id
                }
                acknowledge(index)
                previous = stored
                next += 1
            }
        }
    }

    private func acknowledge(_ index: Int) {
        let line = Array("ack \(index)\n".utf8)
        var offset = 0
        while offset < line.count {
            let n = line.withUnsafeBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }
}

struct FeedsCheckWritesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-writes", abstract: "Check the store's integrity and that acknowledged writes are there.",
        shouldDisplay: false)

    @OptionGroup var options: StoreOptions
    @Option(help: "The last acknowledged write (-1 for none).") var acknowledged: Int

    func run() throws {
        try options.withStore { store in
            var problems: [String] = []
            try store.database.query("PRAGMA integrity_check") { row in
                if let line = row.string(at: 0), line != "ok" { problems.append(line) }
            }
            try store.database.query("PRAGMA foreign_key_check") { row in
                problems.append("a row of \(row.string(at: 0) ?? "?") points to a missing \(row.string(at: 2) ?? "?")")
            }
            guard problems.isEmpty else { throw CommandFailure("integrity check: \(problems.joined(separator: "; "))") }
            guard acknowledged >= 0 else { return print("ok: integrity ok, no acknowledged writes") }
            guard let feed = try store.feedID(url: StressWrites.feedURL) else {
                throw CommandFailure("write 0 was acknowledged but the stress feed is missing")
            }
            var state: [String: (read: Bool, starred: Bool)] = [:]
            try store.database.query("SELECT entry_key, read, starred FROM entries WHERE feed_id = ?",
                                     .integer(feed.rawValue)) { row in
                state[row.string(at: 0) ?? ""] = (row.int64(at: 1) != 0, row.int64(at: 2) != 0)
            }
            for index in 0...acknowledged where state[StressWrites.key(index)] == nil {
                throw CommandFailure("acknowledged write \(index) is missing (\(state.count) entries stored)")
            }
            for index in 0...acknowledged {
                let entry = state[StressWrites.key(index)]!
                // Write index+1 marked this entry; it was acknowledged too when index < acknowledged.
                if index < acknowledged {
                    guard entry.read else { throw CommandFailure("acknowledged write \(index + 1) lost its mark-read") }
                    guard entry.starred == ((index + 1) % 2 == 0) else {
                        throw CommandFailure("acknowledged write \(index + 1) lost its star")
                    }
                }
            }
            print("ok: integrity ok, \(acknowledged + 1) acknowledged writes present")
        }
    }
}
