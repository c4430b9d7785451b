import Feeds
import Glibc
import LoopbackServer
import Platform
import Testing
import Text
import Touch
@testable import Reader

/// A panel with a Fever account, end to end on loopback: the keeper's sync runs on its worker while the loop
/// turns, the list learns what arrived, the feeds screen's pull asks for a sync and each feed's line says how
/// it went, and a refused key backs the schedule off.
@Suite(.serialized) struct SyncJourneyTests {
    static let now = Timestamp(year: 2026, month: 11, day: 24, hour: 12)
    static let email = "ana@example.org"
    static let password = "right-password"

    /// Answers as a Fever server does: `auth: 0` to a key other than `key`'s (md5("email:password")).
    static func server(key: LoopbackBox) throws -> LoopbackHTTPServer {
        func answer(_ fields: String) -> LoopbackHTTPServer.Route {
            { request in
                let authorised = request.body == Array("api_key=".utf8) + key.get()
                let body = authorised ? "{\"api_version\":3,\"auth\":1\(fields)}" : "{\"api_version\":3,\"auth\":0}"
                return .http(status: 200, headers: [("Content-Type", "application/json")], body: Array(body.utf8))
            }
        }
        let item = { (id: Int, feed: Int) in
            "{\"id\":\(id),\"feed_id\":\(feed),\"title\":\"Item \(id)\",\"author\":\"\",\"html\":\"<p>Body \(id).</p>\","
                + "\"url\":\"http://example.org/\(id)\",\"is_saved\":0,\"is_read\":0,\"created_on_time\":\(1_795_900_000 + id)}"
        }
        return try LoopbackHTTPServer(routes: [
            "/fever/?api": answer(""),
            "/fever/?api&groups": answer(",\"groups\":[{\"id\":1,\"title\":\"News\"}],\"feeds_groups\":[{\"group_id\":1,\"feed_ids\":\"7,8\"}]"),
            "/fever/?api&feeds": answer(",\"feeds\":[{\"id\":7,\"title\":\"Seven\",\"url\":\"http://example.org/7.xml\"},"
                                        + "{\"id\":\"8\",\"title\":\"Eight\",\"url\":\"http://example.org/8.xml\"}]"),
            "/fever/?api&unread_item_ids": answer(",\"unread_item_ids\":\"101,102,103\""),
            "/fever/?api&saved_item_ids": answer(",\"saved_item_ids\":\"\""),
            "/fever/?api&items&with_ids=103,102,101": answer(",\"items\":[\(item(101, 7)),\(item(102, 8)),\(item(103, 8))]"),
        ])
    }

    final class Panel {
        let folder: String
        let server: LoopbackHTTPServer
        let store: FeedStore
        let events: EventLoop
        let keeper: SyncKeeper
        let reader: HeadlessReader
        var outcomes: [SyncWorker.Outcome] = []

        /// What the server takes as the key: the account's, until a test changes the password on the server.
        let key = LoopbackBox()

        init(password: String) throws {
            var template = Array("/tmp/lectern-sync-journey-XXXXXX".utf8CString)
            folder = String(cString: mkdtemp(&template)!)
            key.set(Array(MD5Reference.key.utf8))
            server = try SyncJourneyTests.server(key: key)
            store = try FeedStore(path: folder + "/feeds.sqlite")
            events = try EventLoop()
            let account = SyncAccount(kind: .fever, url: server.url("/fever/"), user: SyncJourneyTests.email, password: password)
            let worker = try SyncWorker(storePath: store.database.path, account: account,
                                        fetcher: FeedFetcher(userAgent: "Lectern/test"))
            keeper = SyncKeeper(events: events, worker: worker, schedule: SyncSchedule(interval: 900), store: store,
                                wallClock: { SyncJourneyTests.now })
            let library = ReaderLibrary(store: store, samples: [])
            library.syncAccount = account.description
            let typesetter = (try? FontLibrary()).map { Typesetter(library: $0) }
            reader = HeadlessReader(pixelWidth: 800, pixelHeight: 480, scale: .one, fps: 60, typesetter: typesetter,
                                    settings: ReaderSettings(), library: library, refreshing: nil,
                                    start: SyncJourneyTests.now, origin: 0, place: nil, utcOffset: { _ in 0 })
            _ = try reader.loop.frame(at: 0)
            reader.app.startSync = { [keeper] in keeper.syncNow() }
            keeper.onFinish = { [unowned self] outcome in
                outcomes.append(outcome)
                reader.app.syncFinished(outcome)
            }
        }

        deinit {
            keeper.stop()
            server.stop()
            _ = system("rm -rf '\(folder)'")
        }

        /// Turns the loop (and draws frames on the virtual clock) until `count` syncs have finished.
        func waitForSyncs(_ count: Int) throws {
            var t = 0.0
            for _ in 0..<500 where outcomes.count < count {
                try events.runOnce(maxWait: 0.02)
                t += 1.0 / 60
                _ = try reader.loop.frame(at: t)
            }
            for step in 1...90 { _ = try reader.loop.frame(at: t + Double(step) / 60) }
        }

        var statuses: [String] {
            guard let feeds = reader.app.screen as? FeedsScreen else { return [] }
            return feeds.visibleFeeds().map(\.status)
        }
    }

    @Test func theKeepersSyncFillsTheListAndAPullOnTheFeedsScreenSyncsAgain() throws {
        let panel = try Panel(password: Self.password)
        panel.keeper.start()
        #expect(panel.keeper.isSyncing, "never synced: the first sync starts at once")
        try panel.waitForSyncs(1)
        guard case .success(let report)? = panel.outcomes.first else {
            Issue.record("the sync failed: \(String(describing: panel.outcomes.first))")
            return
        }
        #expect(report.summary == "synced: 2 feeds, 3 new entries, 0 local changes sent, 0 server changes applied")
        #expect(panel.keeper.nextWait == 900)
        #expect(try panel.store.feeds().map(\.title) == ["Seven", "Eight"])
        #expect(try panel.store.feeds().map(\.category) == ["News", "News"])
        // The list was empty; the synced entries come in as the empty screen gives way to the list.
        #expect(panel.reader.app.inspection().first { $0.0 == "screen" }?.1 == .string("list"))

        panel.reader.app.perform(.showFeeds)
        #expect(panel.statuses == ["Synced just now", "Synced just now"])
        guard let feeds = panel.reader.app.screen as? FeedsScreen else { Issue.record("not on the feeds screen"); return }
        #expect(feeds.list.actions.map(\.title) == ["Mute"], "the server owns the subscriptions: no Remove")
        feeds.startRefresh(at: 3)
        _ = panel.reader.app.advance(to: 3.02)
        #expect(panel.statuses == ["Syncing…", "Syncing…"])
        try panel.waitForSyncs(2)
        #expect(panel.statuses == ["Synced: 0 new", "Synced: 0 new"])
        #expect(panel.server.requests(to: "/fever/?api&items&with_ids=103,102,101").count == 1,
                "the second sync fetched nothing it held")
    }

    @Test func aRefusedKeyIsSaidOnEachFeedsLineAndBacksTheScheduleOff() throws {
        let panel = try Panel(password: Self.password)
        panel.keeper.start()
        try panel.waitForSyncs(1)
        // The password changes on the server: the panel's key is refused from now on.
        panel.key.set(Array("0123456789abcdef0123456789abcdef".utf8))
        panel.reader.app.perform(.showFeeds)
        guard let feeds = panel.reader.app.screen as? FeedsScreen else { Issue.record("not on the feeds screen"); return }
        feeds.startRefresh(at: 3)
        try panel.waitForSyncs(2)
        guard case .failure(let error)? = panel.outcomes.last else { Issue.record("expected a refusal"); return }
        #expect(error.message == "authentication failed (Fever auth: 0)")
        #expect(panel.statuses == Array(repeating: "Failed: authentication failed (Fever auth: 0)", count: 2))
        #expect(panel.keeper.nextWait == SyncSchedule(interval: 900).wait(afterFailures: 1, refused: true))
        #expect((try panel.store.syncRecord()).consecutiveFailures == 1)
        // Nothing the first sync brought is lost.
        #expect(try panel.store.entryStates().count == 3)
        // Once the pull's lines fade, each feed says the last sync failed.
        panel.reader.app.perform(.showFeeds)
        #expect(panel.statuses == Array(repeating: "Sync failed: authentication failed (Fever auth: 0)", count: 2))
    }
}

/// md5("ana@example.org:right-password"), from Python's hashlib.
enum MD5Reference {
    static let key = "c28761b641aa2f0ef67e9ccdc18a21d9"
}
