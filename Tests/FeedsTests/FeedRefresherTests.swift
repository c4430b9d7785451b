#if canImport(Glibc)
import LoopbackServer
import Glibc
#endif
import Testing
import System
@testable import Feeds

/// The refresher as the panel's loop drives it: submit, sleep in poll(2) on its descriptor, collect into the store.
@Suite struct FeedRefresherTests {
    static let now = Timestamp(year: 2026, month: 11, day: 24, hour: 9)

    static func rss(ttl: Int? = nil, items: [String]) -> [UInt8] {
        let entries = items.map { "<item><title>\($0)</title><guid>urn:\($0)</guid><description>Text of \($0)</description></item>" }
        return Array("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Loopback</title><link>http://example.org/</link>
            \(ttl.map { "<ttl>\($0)</ttl>" } ?? "")\(entries.joined())</channel></rss>
            """.utf8)
    }

    struct Setup {
        let directory = TemporaryDirectory()
        let store: FeedStore
        let refresher: FeedRefresher

        init(retention: FeedRefresher.Retention = .init()) throws {
            store = try FeedStore(path: directory.file("feeds.sqlite"))
            refresher = try FeedRefresher(store: store, fetcher: FetchWorkerTests.fetcher(), retention: retention)
        }

        /// Polls the refresher's descriptor like the event loop, collecting until nothing is in flight.
        func settle() -> [FeedRefresher.Report] {
            var reports: [FeedRefresher.Report] = []
            let deadline = MonotonicClock.seconds() + 10
            while refresher.pendingCount > 0, MonotonicClock.seconds() < deadline {
                var watched = pollfd(fd: refresher.fileDescriptor, events: Int16(POLLIN), revents: 0)
                if poll(&watched, 1, 200) == 1 { reports += refresher.collect() }
            }
            return reports
        }
    }

    @Test func storesEntriesThenSendsValidatorsAndKeepsTheTimeToLiveThroughA304() throws {
        let server = try LoopbackHTTPServer(routes: [
            "/feed": { request in
                request.headers["if-none-match"] == "\"v1\""
                    ? .http(status: 304)
                    : .http(status: 200, headers: [("ETag", "\"v1\""), ("Content-Type", "application/rss+xml")],
                            body: FeedRefresherTests.rss(ttl: 180, items: ["one", "two"]))
            },
        ])
        defer { server.stop() }
        let setup = try Setup()
        let feed = try setup.store.addFeed(url: server.url("/feed"), at: Self.now)

        #expect(try setup.refresher.refresh(dueAt: Self.now) == 1)
        #expect(setup.settle() == [FeedRefresher.Report(feed: feed, title: "Loopback", outcome: .updated(added: 2, updated: 0))])
        var state = try #require(try setup.store.fetchState(for: feed))
        #expect(state.etag == "\"v1\"" && state.lastStatus == 200 && state.timeToLiveMinutes == 180)
        #expect(state.nextCheck == Timestamp(secondsSince1970: Self.now.secondsSince1970 + 180 * 60))
        #expect(Set(try setup.store.newestUnread(limit: 10).map(\.title)) == ["one", "two"])

        // Not due yet: nothing goes out. Due: a conditional GET, answered 304, keeps the ttl and the validator.
        #expect(try setup.refresher.refresh(dueAt: Self.now) == 0)
        let later = Timestamp(secondsSince1970: Self.now.secondsSince1970 + 3 * 3_600)
        #expect(try setup.refresher.refresh(dueAt: later) == 1)
        #expect(setup.settle().map(\.outcome) == [.notModified])
        #expect(server.requests(to: "/feed").last?.headers["if-none-match"] == "\"v1\"")
        state = try #require(try setup.store.fetchState(for: feed))
        #expect(state.etag == "\"v1\"" && state.lastStatus == 304 && state.timeToLiveMinutes == 180)
        #expect(state.nextCheck == Timestamp(secondsSince1970: later.secondsSince1970 + 180 * 60))
        #expect(try setup.store.entryCount(feed: feed) == 2)
    }

    @Test func movesTheSubscriptionOnlyOnAPermanentRedirect() throws {
        let body = Self.rss(items: ["moved"])
        let server = try LoopbackHTTPServer(routes: [
            "/old-permanent": { _ in .http(status: 301, headers: [("Location", "/new-permanent")]) },
            "/new-permanent": { _ in .http(status: 200, body: body) },
            "/old-temporary": { _ in .http(status: 302, headers: [("Location", "/new-temporary")]) },
            "/new-temporary": { _ in .http(status: 200, body: body) },
        ])
        defer { server.stop() }
        let setup = try Setup()
        let permanent = try setup.store.addFeed(url: server.url("/old-permanent"), at: Self.now)
        let temporary = try setup.store.addFeed(url: server.url("/old-temporary"), at: Self.now)
        try setup.refresher.refresh(dueAt: Self.now)
        let reports = setup.settle()
        #expect(reports.first { $0.feed == permanent }?.movedTo == server.url("/new-permanent"))
        #expect(reports.first { $0.feed == temporary }?.movedTo == nil)
        #expect(try setup.store.feed(permanent)?.url == server.url("/new-permanent"))
        #expect(try setup.store.feed(temporary)?.url == server.url("/old-temporary"))
    }

    @Test func stopsOnGoneAndBacksOffOnErrorsAndUnparseableBodies() throws {
        let server = try LoopbackHTTPServer(routes: [
            "/gone": { _ in .http(status: 410) },
            "/broken": { _ in .http(status: 500) },
            "/garbage": { _ in .http(status: 200, body: Array("this is no feed at all".utf8)) },
        ])
        defer { server.stop() }
        let setup = try Setup()
        let gone = try setup.store.addFeed(url: server.url("/gone"), at: Self.now)
        let broken = try setup.store.addFeed(url: server.url("/broken"), at: Self.now)
        let garbage = try setup.store.addFeed(url: server.url("/garbage"), at: Self.now)
        try setup.refresher.refresh(dueAt: Self.now)
        let reports = setup.settle()
        #expect(reports.count == 3)
        #expect(reports.first { $0.feed == gone }?.outcome == .gone)

        let goneState = try #require(try setup.store.fetchState(for: gone))
        #expect(goneState.isGone && goneState.nextCheck == nil && goneState.lastStatus == 410)
        for feed in [broken, garbage] {
            let state = try #require(try setup.store.fetchState(for: feed))
            #expect(state.consecutiveErrors == 1 && state.lastError != nil && !state.isGone)
            let wait = try #require(state.nextCheck).secondsSince1970 - Self.now.secondsSince1970
            #expect((3_600...3_825).contains(wait), "one error: an hour plus at most 1/16 jitter")
        }

        // A day later everything is due except the feed that is gone, which is never asked for again.
        let dayLater = Timestamp(secondsSince1970: Self.now.secondsSince1970 + 86_400)
        #expect(try setup.refresher.refresh(dueAt: dayLater, everything: true) == 2)
        _ = setup.settle()
        #expect(try setup.store.fetchState(for: broken)?.consecutiveErrors == 2)
        #expect(server.requests(to: "/gone").count == 1)
    }

    /// The loop thread never waits for the network: while the server holds its answer, `refresh` has long
    /// returned and the descriptor stays quiet; the answer makes it readable.
    @Test func theLoopThreadNeverWaitsForTheNetwork() throws {
        let gate = LoopbackGate()
        let server = try LoopbackHTTPServer(routes: [
            "/held": { _ in
                gate.wait()
                return .http(status: 200, body: FeedRefresherTests.rss(items: ["late"]))
            },
        ])
        defer { server.stop() }
        let setup = try Setup()
        let feed = try setup.store.addFeed(url: server.url("/held"), at: Self.now)
        #expect(try setup.refresher.refresh(dueAt: Self.now) == 1)
        var watched = pollfd(fd: setup.refresher.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&watched, 1, 100) == 0, "nothing to collect while the server holds its answer")
        #expect(setup.refresher.collect().isEmpty && setup.refresher.pendingCount == 1)
        // A frame's worth of store reads meanwhile works: the store is not locked by the fetch.
        #expect(try setup.store.feeds().count == 1)
        gate.open()
        #expect(setup.settle().map(\.outcome) == [.updated(added: 1, updated: 0)])
        #expect(try setup.store.entryCount(feed: feed) == 1)
    }

    @Test func keepsTheStoreWithinItsRetention() throws {
        let edition = LoopbackCounter()
        let server = try LoopbackHTTPServer(routes: [
            "/feed": { _ in
                // Each fetch lists two new entries and drops the older ones, as a busy feed does.
                let n = edition.next()
                return .http(status: 200, body: FeedRefresherTests.rss(items: ["e\(2 * n)", "e\(2 * n + 1)"]))
            },
        ])
        defer { server.stop() }
        let setup = try Setup(retention: .init(unreadPerFeed: 3, readForDays: 30))
        let feed = try setup.store.addFeed(url: server.url("/feed"), at: Self.now)
        for round in 0..<4 {
            let now = Timestamp(secondsSince1970: Self.now.secondsSince1970 + Int64(round) * 7_200)
            try setup.refresher.refresh(dueAt: now, everything: true)
            _ = setup.settle()
        }
        // Eight entries came; the two the feed still lists stay, and the newest others up to three unread.
        #expect(try setup.store.entryCount(feed: feed) == 3)
        #expect(Set(try setup.store.newestUnread(limit: 10).map(\.title)) == ["e5", "e6", "e7"])
    }

    /// Found in review: one failed write dropped the rest of its batch and left those feeds in flight forever.
    /// Now each feed is written on its own, a failure is reported, and nothing stays in flight.
    @Test func aFeedTheStoreRefusesIsReportedAndTheOthersAreStored() throws {
        let server = try LoopbackHTTPServer(routes: [
            "/good": { _ in .http(status: 200, body: FeedRefresherTests.rss(items: ["fine"])) },
            "/poison": { _ in .http(status: 200, body: FeedRefresherTests.rss(items: ["refused"])) },
        ])
        defer { server.stop() }
        let setup = try Setup()
        let good = try setup.store.addFeed(url: server.url("/good"), at: Self.now)
        let poisoned = try setup.store.addFeed(url: server.url("/poison"), at: Self.now)
        // Stands in for a full disk: the store refuses to record this one feed's fetch.
        try setup.store.database.execute("""
            CREATE TRIGGER refuse BEFORE UPDATE OF last_fetch ON feeds WHEN NEW.url LIKE '%/poison'
            BEGIN SELECT RAISE(ABORT, 'disk full, say'); END
            """)
        try setup.refresher.refresh(dueAt: Self.now)
        let reports = setup.settle()
        #expect(setup.refresher.pendingCount == 0)
        #expect(reports.first { $0.feed == good }?.outcome == .updated(added: 1, updated: 0))
        guard case .failed(let reason)? = reports.first(where: { $0.feed == poisoned })?.outcome else {
            Issue.record("the refused feed was not reported as failed: \(reports)")
            return
        }
        #expect(reason.contains("disk full, say"))
        #expect(try setup.store.entryCount(feed: poisoned) == 0, "nothing of a refused refresh is written")
        #expect(try setup.store.fetchState(for: poisoned)?.lastFetch == nil)
    }

    /// The loop thread never waits for the store either: while another process holds the write lock, the
    /// worker waits for it and the loop goes on.
    @Test func theLoopThreadNeverWaitsForTheStoresLock() throws {
        let server = try LoopbackHTTPServer(routes: [
            "/feed": { _ in .http(status: 200, body: FeedRefresherTests.rss(items: ["waited"])) },
        ])
        defer { server.stop() }
        let setup = try Setup()
        let feed = try setup.store.addFeed(url: server.url("/feed"), at: Self.now)
        let other = try Database(path: setup.directory.file("feeds.sqlite"))
        try other.execute("BEGIN IMMEDIATE")
        try setup.refresher.refresh(dueAt: Self.now)
        var watched = pollfd(fd: setup.refresher.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&watched, 1, 300) == 0, "the write waits for the lock on the worker")
        #expect(setup.refresher.collect().isEmpty && setup.refresher.pendingCount == 1)
        #expect(try setup.store.feeds().count == 1, "reading goes on while another writer holds the lock")
        try other.execute("COMMIT")
        #expect(setup.settle().map(\.outcome) == [.updated(added: 1, updated: 0)])
        #expect(try setup.store.entryCount(feed: feed) == 1)
    }

    @Test func skipsAFeedRemovedWhileItWasFetched() throws {
        let gate = LoopbackGate()
        let server = try LoopbackHTTPServer(routes: [
            "/held": { _ in
                gate.wait()
                return .http(status: 200, body: FeedRefresherTests.rss(items: ["orphan"]))
            },
        ])
        defer { server.stop() }
        let setup = try Setup()
        let feed = try setup.store.addFeed(url: server.url("/held"), at: Self.now)
        try setup.refresher.refresh(dueAt: Self.now)
        #expect(try setup.store.removeFeed(feed))
        gate.open()
        #expect(setup.settle().isEmpty)
        #expect(try setup.store.entryCount() == 0)
    }
}

/// Counts requests across the server's threads.
final class LoopbackCounter: @unchecked Sendable {
    private let lock = LoopbackLock()
    private var count = 0

    func next() -> Int {
        lock.locked {
            defer { count += 1 }
            return count
        }
    }
}

/// Holds a server's answer until the test opens it: a pipe, so waiting sleeps in read(2).
final class LoopbackGate: @unchecked Sendable {
    private var ends: [Int32] = [0, 0]

    init() { precondition(pipe(&ends) == 0, "pipe failed") }

    deinit {
        close(ends[0])
        close(ends[1])
    }

    func wait() {
        var byte: UInt8 = 0
        _ = read(ends[0], &byte, 1)
    }

    func open() {
        var byte: UInt8 = 1
        _ = write(ends[1], &byte, 1)
    }
}
