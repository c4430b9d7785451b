import Feeds
import Glibc
import Platform
import Testing
@testable import Reader

@Suite struct FeedKeeperTests {
    /// A feed that cannot be reached: the refusal comes back through the loop like any answer, is written to the
    /// store, and the keeper sleeps until the next check (at most an hour of panel time) with no other timer.
    @Test func refreshesInTheLoopAndSleepsUntilTheNextCheck() throws {
        var template = Array("/tmp/lectern-keeper-XXXXXX".utf8CString)
        let folder = String(cString: mkdtemp(&template)!)
        defer { _ = system("rm -rf '\(folder)'") }
        let store = try FeedStore(path: folder + "/feeds.sqlite")
        let now = Timestamp(year: 2026, month: 11, day: 24, hour: 9)
        let feed = try store.addFeed(url: "http://127.0.0.1:1/closed", at: now)
        let refresher = try FeedRefresher(store: store, fetcher: FeedFetcher(userAgent: "Lectern/test"))
        let events = try EventLoop()
        let keeper = FeedKeeper(events: events, refresher: refresher, wallClock: { now })
        var reports: [FeedRefresher.Report] = []
        keeper.onReport = { reports.append($0) }
        keeper.start()
        #expect(keeper.nextWait == nil, "nothing to wait for while the only feed is in flight")
        for _ in 0..<100 where reports.isEmpty { try events.runOnce(maxWait: 0.1) }

        #expect(reports.count == 1)
        guard case .failed = reports.first?.outcome else {
            Issue.record("expected a failure, got \(String(describing: reports.first))")
            return
        }
        let state = try #require(try store.fetchState(for: feed))
        #expect(state.consecutiveErrors == 1 && state.lastFetch == now)
        #expect(keeper.nextWait == FeedKeeper.longestWait)
        keeper.stop()
        #expect(keeper.nextWait == nil)
    }
}
