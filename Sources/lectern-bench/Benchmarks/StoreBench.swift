import Reader
import Feeds
import Platform

#if canImport(Glibc)
import Glibc
#endif

/// The store half of `lectern-bench feeds`.
public enum StoreBench {
    /// The store's speed where the panel feels it: opening the store and listing what to read at start-up (budget
    /// 20 ms), and marking an entry read as the reader swipes past it, fsync included (budget 2 ms). Builds a store
    /// of 10,000 entries across 20 feeds in `directory` (replacing one left there) and returns the median of
    /// several rounds of each, in milliseconds.
    public static func figures(directory: String, rounds: Int = 15) throws -> [(name: String, milliseconds: Double)] {
        let path = directory + "/bench-feeds.sqlite"
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }

        let start = Timestamp(year: 2026, month: 1, day: 1)
        let feedCount = 20, entriesPerFeed = 500
        let paragraph = String(repeating: "A sentence of an article body, long enough to look like one. ", count: 30)
        var feeds: [FeedID] = []
        /// An article of plausible size: a title, a 200-character summary, a 30-sentence body, now and then a podcast.
        func entry(feed f: Int, number e: Int) -> ParsedEntry {
            ParsedEntry(
                title: "Entry \(e) of feed \(f)", link: "https://feed\(f).example/\(e)", id: "urn:feed\(f):\(e)",
                author: "Author \(e % 7)", summary: String(paragraph.prefix(200)), content: paragraph,
                markup: Markup(kind: .html, text: "<p>" + paragraph + "</p>", base: "https://feed\(f).example/\(e)"),
                published: Timestamp(secondsSince1970: start.secondsSince1970 + Int64(e * 3_600 + f * 60)),
                enclosures: e % 10 == 0 ? [Enclosure(url: "https://feed\(f).example/\(e).mp3", type: "audio/mpeg")] : [])
        }
        var buildMilliseconds = 0.0
        do {
            let store = try FeedStore(path: path)
            let t0 = MonotonicClock.nanoseconds()
            for f in 0..<feedCount {
                let feed = try store.addFeed(url: "https://feed\(f).example/rss", title: "Feed \(f)", at: start)
                feeds.append(feed)
                let entries = (0..<entriesPerFeed).map { entry(feed: f, number: $0) }
                try store.store(ParsedFeed(title: "Feed \(f)", entries: entries), for: feed,
                                at: Timestamp(secondsSince1970: start.secondsSince1970 + 86_400 * 30))
            }
            buildMilliseconds = Double(MonotonicClock.nanoseconds() - t0) / 1e6
        }

        func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }
        func milliseconds(_ body: () throws -> Void) rethrows -> Double {
            let t0 = MonotonicClock.nanoseconds()
            try body()
            return Double(MonotonicClock.nanoseconds() - t0) / 1e6
        }

        var openAndList: [Double] = []
        for _ in 0..<rounds {
            openAndList.append(try milliseconds {
                let store = try FeedStore(path: path)
                let newest = try store.newestUnread(limit: 50)
                precondition(newest.count == 50)
            })
        }

        let store = try FeedStore(path: path)
        var list: [Double] = []
        for _ in 0..<rounds {
            list.append(try milliseconds { _ = try store.newestUnread(limit: 50) })
        }
        let candidates = try store.newestUnread(limit: rounds * 2)
        var markRead: [Double] = []
        for round in 0..<rounds * 2 {
            let now = Timestamp(secondsSince1970: start.secondsSince1970 + 86_400 * 31 + Int64(round))
            markRead.append(try milliseconds { try store.markRead([candidates[round].id], at: now) })
        }
        // A fetch of a feed already stored: 50 entries, 5 of them new.
        var refetch: [Double] = []
        for round in 0..<rounds {
            let f = round % feeds.count
            let feed = feeds[f]
            let entries = (0..<50).map { entry(feed: f, number: entriesPerFeed - 45 + $0 + round * 5) }
            refetch.append(try milliseconds {
                _ = try store.store(ParsedFeed(entries: entries), for: feed,
                                    at: Timestamp(secondsSince1970: start.secondsSince1970 + 86_400 * 32 + Int64(round)))
            })
        }

        return [
            ("build store: 10000 entries in 20 feeds (once)", buildMilliseconds),
            ("open store + newest 50 unread (budget 20 ms)", median(openAndList)),
            ("newest 50 unread, store open", median(list)),
            ("mark one entry read, fsync included (budget 2 ms)", median(markRead)),
            ("store a fetch: 50 entries, 5 new", median(refetch)),
        ]
    }
}
