import Testing
@testable import Feeds

/// An aggregator in memory that answers as the real APIs do, records what it was told, and can be made to fail
/// at any call: the engine's order of work and what survives a failure are checked against it.
private final class FakeAggregator: AggregatorAPI {
    struct Item {
        var feed: String
        var title: String
        var read = false
        var starred = false
    }

    var feeds: [RemoteFeed] = []
    var items: [Int64: Item] = [:]
    var password = "right"
    var given = "right"
    /// Calls until one fails as a server gone away would (nil: none fails).
    var callsBeforeFailure: Int?
    private(set) var calls: [String] = []
    private(set) var sent: [(LocalChange, [String])] = []
    let batchSize = 3

    private func call(_ name: String) throws(SyncError) {
        if let left = callsBeforeFailure {
            if left == 0 { throw SyncError(.unreachable, "server http://fake did not answer: connection lost") }
            callsBeforeFailure = left - 1
        }
        calls.append(name)
    }

    func signIn() throws(SyncError) {
        try call("signIn")
        guard given == password else { throw SyncError(.authentication, "authentication failed (HTTP 401)") }
    }

    func subscriptions() throws(SyncError) -> [RemoteFeed] {
        try call("subscriptions")
        return feeds
    }

    func unreadIDs() throws(SyncError) -> Set<RemoteItemID> {
        try call("unread")
        return Set(items.filter { !$0.value.read }.keys.compactMap { RemoteItemID(String($0)) })
    }

    func starredIDs() throws(SyncError) -> Set<RemoteItemID> {
        try call("starred")
        return Set(items.filter { $0.value.starred }.keys.compactMap { RemoteItemID(String($0)) })
    }

    func entries(_ ids: [RemoteItemID]) throws(SyncError) -> [RemoteEntry] {
        try call("entries \(ids.count)")
        precondition(ids.count <= batchSize)
        return ids.compactMap { id in
            guard let number = Int64(id.text), let item = items[number] else { return nil }
            return RemoteEntry(id: id, feedID: item.feed, title: item.title, link: "https://example.org/\(number)",
                               author: nil, html: "<p>\(item.title)</p><p>More.</p>",
                               published: Timestamp(secondsSince1970: 1_700_000_000 + number), isRead: item.read,
                               isStarred: item.starred)
        }
    }

    private(set) var feedReads: [(String, Timestamp)] = []

    func markFeedRead(_ feed: String, before: Timestamp) throws(SyncError) {
        try call("markFeedRead \(feed)")
        feedReads.append((feed, before))
        for (number, item) in items where item.feed == feed && 1_700_000_000 + number <= before.secondsSince1970 {
            items[number]?.read = true
        }
    }

    func send(_ change: LocalChange, _ ids: [RemoteItemID]) throws(SyncError) {
        try call("send \(change.rawValue) \(ids.count)")
        sent.append((change, ids.map(\.text)))
        for id in ids {
            guard let number = Int64(id.text), items[number] != nil else { continue }
            switch change {
            case .read: items[number]?.read = true
            case .unread: items[number]?.read = false
            case .star: items[number]?.starred = true
            case .unstar: items[number]?.starred = false
            }
        }
    }
}

@Suite struct SyncEngineTests {
    let now = Timestamp(year: 2026, month: 11, day: 25, hour: 9)
    let account = SyncAccount(kind: .fever, url: "http://fake/fever/", user: "ana", password: "right")

    private func server(items: Int = 10) -> FakeAggregator {
        let server = FakeAggregator()
        server.feeds = [RemoteFeed(id: "1", title: "One", url: "https://one.example/feed", siteURL: "https://one.example/", folder: "News"),
                        RemoteFeed(id: "2", title: "Two", url: "https://two.example/feed", siteURL: nil, folder: nil)]
        for n in 1...Int64(items) { server.items[n] = .init(feed: n % 2 == 0 ? "2" : "1", title: "Item \(n)") }
        return server
    }

    private func state(_ store: FeedStore) throws -> [String: String] {
        var result: [String: String] = [:]
        for entry in try store.entryStates() {
            result[entry.remoteID ?? "-"] = (entry.isRead ? "read" : "unread") + (entry.isStarred ? " starred" : "")
        }
        return result
    }

    private func engine(_ api: FakeAggregator) -> SyncEngine { SyncEngine(account: account, api: api) }

    @Test func theFirstSyncMirrorsTheSubscriptionsAndFetchesWhatIsUnreadOrStarredInBatches() throws {
        let api = server()
        api.items[3]?.read = true
        api.items[5]?.read = true
        api.items[5]?.starred = true
        let store = try FeedStore(inMemory: ())
        // A feed of the panel's own goes: the server owns the subscriptions from now on.
        try store.addFeed(url: "https://local.example/feed", at: now)
        let report = try engine(api).run(store: store, now: now)
        #expect(report.feeds == 2)
        #expect(report.newEntries == 9)
        #expect(report.summary == "synced: 2 feeds, 9 new entries, 0 local changes sent, 0 server changes applied")
        let feeds = try store.feeds()
        #expect(feeds.map(\.url) == ["https://one.example/feed", "https://two.example/feed"])
        #expect(feeds.map(\.category) == ["News", nil])
        #expect(feeds.map(\.remoteID) == ["1", "2"])
        // Item 3 is read and not starred: the panel never needs it. Newest first, three at a time.
        #expect(api.calls == ["signIn", "subscriptions", "unread", "starred", "entries 3", "entries 3", "entries 3"])
        let held = try state(store)
        #expect(held.count == 9 && held["3"] == nil)
        #expect(held["5"] == "read starred")
        #expect(held["10"] == "unread")
        // The body arrives as markup the article screen lays out, and as text for the row's snippet.
        let entry = try #require(try store.entryStates().first { $0.remoteID == "10" })
        let stored = try #require(try store.entries(where: "id = ?", .integer(entry.id.rawValue)).first)
        #expect(stored.markup?.kind == .html && stored.content == "Item 10 More.")
        #expect(stored.feed == feeds[1].id)
    }

    @Test func changesOnThePanelAreSentOldestFirstInBatchesAndLeaveTheQueueOnlyOnceTaken() throws {
        let api = server()
        let store = try FeedStore(inMemory: ())
        _ = try engine(api).run(store: store, now: now)
        let ids = Dictionary(uniqueKeysWithValues: try store.entryStates().map { ($0.remoteID!, $0.id) })
        try store.markRead([ids["1"]!, ids["2"]!, ids["3"]!, ids["4"]!], at: now)
        try store.setStarred(ids["2"]!, true, at: now)
        try store.markRead([ids["1"]!], read: false, at: now)
        // Marking what already is so queues nothing.
        try store.markRead([ids["2"]!], at: now)
        try store.setStarred(ids["2"]!, true, at: now)
        #expect(try store.queuedChangeCount() == 6)

        // The server goes away after the first batch: that batch leaves the queue, the rest stays.
        api.callsBeforeFailure = 2
        #expect(throws: SyncError.self) { try engine(api).run(store: store, now: now) }
        #expect(try store.queuedChanges().map(\.target) == [.item(RemoteItemID("4")!, .read), .item(RemoteItemID("2")!, .star),
                                                         .item(RemoteItemID("1")!, .unread)])

        api.callsBeforeFailure = nil
        let report = try engine(api).run(store: store, now: now)
        #expect(report.changesSent == 3)
        #expect(api.sent.map { "\($0.0.rawValue) \($0.1.joined(separator: ","))" }
                == ["read 1,2,3", "read 4", "star 2", "unread 1"])
        #expect(try store.queuedChangeCount() == 0)
        #expect(api.items[1]?.read == false && api.items[2]?.read == true && api.items[2]?.starred == true)
        #expect(try state(store)["1"] == "unread" && state(store)["2"] == "read starred")
    }

    @Test func markingAFeedReadSendsOneChangeInItsPlaceInTheQueueUpToTheNewestRowShown() throws {
        let api = server()
        let store = try FeedStore(inMemory: ())
        _ = try engine(api).run(store: store, now: now)
        let ids = Dictionary(uniqueKeysWithValues: try store.entryStates().map { ($0.remoteID!, $0.id) })
        let one = try #require(try store.feeds().first { $0.remoteID == "1" })
        try store.markRead([ids["2"]!], at: now)
        // Feed 1 holds the odd items; the river showed up to item 7 (item 9 arrived after).
        #expect(try store.markFeedRead(one.id, before: Timestamp(secondsSince1970: 1_700_000_007), at: now) == 4)
        try store.markRead([ids["4"]!], read: true, at: now)
        #expect(try store.queuedChanges().map(\.target) == [
            .item(RemoteItemID("2")!, .read),
            .feedRead(feed: "1", before: Timestamp(secondsSince1970: 1_700_000_007)),
            .item(RemoteItemID("4")!, .read),
        ])
        // Until it is sent, the server's older state does not undo it.
        #expect(try store.applyServerState(unread: Set((1...10).compactMap { RemoteItemID(String($0)) }), starred: [], at: now) == 0)
        let report = try engine(api).run(store: store, now: now)
        #expect(report.changesSent == 3)
        #expect(api.calls.filter { $0.hasPrefix("send") || $0.hasPrefix("markFeedRead") } == ["send read 1", "markFeedRead 1", "send read 1"])
        #expect(api.feedReads.map(\.0) == ["1"])
        #expect((1...10).filter { api.items[Int64($0)]?.read == true } == [1, 2, 3, 4, 5, 7])
        let held = try state(store)
        #expect(held["7"] == "read" && held["9"] == "unread" && held["6"] == "unread")
        // A feed of the panel's own queues nothing.
        let local = try store.addFeed(url: "https://local.example/feed", at: now)
        #expect(try store.markFeedRead(local, before: now, at: now) == 0)
        #expect(try store.queuedChangeCount() == 0)
    }

    @Test func theServerWinsForEntriesThePanelDidNotTouch() throws {
        let api = server()
        let store = try FeedStore(inMemory: ())
        _ = try engine(api).run(store: store, now: now)
        let ids = Dictionary(uniqueKeysWithValues: try store.entryStates().map { ($0.remoteID!, $0.id) })
        // Elsewhere, 1 and 2 are read and 4 starred; the panel reads 2 too, and stars 3. The panel's two changes
        // go first; then the server's state is taken for the rest: 1 read and 4 starred (2 already agrees).
        api.items[1]?.read = true
        api.items[2]?.read = true
        api.items[4]?.starred = true
        try store.markRead([ids["2"]!], at: now)
        try store.setStarred(ids["3"]!, true, at: now)
        let report = try engine(api).run(store: store, now: now)
        #expect(report.changesSent == 2)
        #expect(report.changesApplied == 2)
        let held = try state(store)
        #expect(held["1"] == "read" && held["2"] == "read" && held["3"] == "unread starred" && held["4"] == "unread starred")
    }

    @Test func aQueuedChangeWinsOverTheServersStateUntilSent() throws {
        let api = server()
        let store = try FeedStore(inMemory: ())
        _ = try engine(api).run(store: store, now: now)
        let ids = Dictionary(uniqueKeysWithValues: try store.entryStates().map { ($0.remoteID!, $0.id) })
        try store.markRead([ids["6"]!], at: now)
        // The server still says 6 is unread; the panel's queued read stands.
        #expect(try store.applyServerState(unread: Set((1...10).compactMap { RemoteItemID(String($0)) }), starred: [], at: now) == 0)
        #expect(try state(store)["6"] == "read")
        // Once sent (the queue empty), the server's state is taken again.
        try store.removeQueuedChanges(try store.queuedChanges().map(\.sequence))
        #expect(try store.applyServerState(unread: Set((1...10).compactMap { RemoteItemID(String($0)) }), starred: [], at: now) == 1)
        #expect(try state(store)["6"] == "unread")
    }

    @Test func aSyncCutShortKeepsWhatItStoredAndTheNextFetchesOnlyTheRest() throws {
        let api = server(items: 10)
        let store = try FeedStore(inMemory: ())
        // Sign in, subscriptions, unread, starred, two batches of entries, then the server is gone.
        api.callsBeforeFailure = 6
        #expect(throws: SyncError(.unreachable, "server http://fake did not answer: connection lost")) {
            try engine(api).run(store: store, now: now)
        }
        #expect(try store.entryStates().count == 6)
        #expect(try store.entryStates().compactMap(\.remoteID).sorted() == ["10", "5", "6", "7", "8", "9"].sorted())
        api.callsBeforeFailure = nil
        let report = try engine(api).run(store: store, now: now)
        #expect(report.newEntries == 4)
        #expect(api.calls.suffix(2) == ["entries 3", "entries 1"])
        #expect(try store.entryStates().count == 10)
    }

    @Test func readEntriesGoAfterThirtyDaysAndAreNotFetchedAgain() throws {
        let api = server()
        let store = try FeedStore(inMemory: ())
        _ = try engine(api).run(store: store, now: now)
        let ids = Dictionary(uniqueKeysWithValues: try store.entryStates().map { ($0.remoteID!, $0.id) })
        let monthAgo = Timestamp(secondsSince1970: now.secondsSince1970 - 31 * 86_400)
        try store.markRead([ids["1"]!], at: monthAgo)
        try store.markRead([ids["2"]!], at: now)
        try store.markRead([ids["3"]!], at: monthAgo)
        try store.setStarred(ids["3"]!, true, at: monthAgo)
        _ = try engine(api).run(store: store, now: now)
        let held = try state(store)
        #expect(held["1"] == nil, "read a month ago: gone")
        #expect(held["2"] == "read" && held["3"] == "read starred" && held["4"] == "unread")
        let report = try engine(api).run(store: store, now: now)
        #expect(report.newEntries == 0, "a read entry that went is not fetched again")
    }

    @Test func aRefusedSignInChangesNothing() throws {
        let api = server()
        let store = try FeedStore(inMemory: ())
        _ = try engine(api).run(store: store, now: now)
        let before = try state(store)
        api.given = "wrong"
        #expect(throws: SyncError(.authentication, "authentication failed (HTTP 401)")) {
            try engine(api).run(store: store, now: now)
        }
        #expect(try state(store) == before)
    }

    @Test func feedsTheServerDropsGoWithTheirEntriesAndAnotherAccountStartsAfresh() throws {
        let api = server()
        let store = try FeedStore(inMemory: ())
        _ = try engine(api).run(store: store, now: now)
        api.feeds.removeLast()
        api.feeds[0].title = "One, renamed"
        api.feeds[0].folder = "Elsewhere"
        let report = try engine(api).run(store: store, now: now)
        #expect(report.feeds == 1)
        #expect(try store.feeds().map(\.title) == ["One, renamed"])
        #expect(try store.feeds().map(\.category) == ["Elsewhere"])
        #expect(try store.entryStates().allSatisfy { $0.feed == (try store.feeds())[0].id })
        #expect(try store.entryStates().count == 5)

        // Another account that refuses the panel (a mistyped address, say) changes nothing.
        let refusing = server(items: 2)
        refusing.given = "wrong"
        #expect(throws: SyncError.self) {
            try SyncEngine(account: SyncAccount(kind: .greader, url: "http://other/", user: "bo", password: "wrong"),
                           api: refusing).run(store: store, now: now)
        }
        #expect(try store.entryStates().count == 5)
        #expect(try store.syncedAccount() == account.identity)

        // Another account's ids must not mix with these: the store is emptied and mirrored again.
        let other = SyncEngine(account: SyncAccount(kind: .greader, url: "http://other/", user: "bo", password: "right"),
                               api: server(items: 2))
        _ = try other.run(store: store, now: now)
        #expect(try store.entryStates().count == 2)
        #expect(try store.syncedAccount() == "greader http://other/ bo")
    }

    @Test func anEntryOnTwoServerFeedsIsKeptOnceAndAnUnknownFeedsEntryIsSkipped() throws {
        let store = try FeedStore(inMemory: ())
        let feeds = try store.mirrorSubscriptions([RemoteFeed(id: "1", title: nil, url: "https://a/", siteURL: nil, folder: nil)], at: now)
        let entry = RemoteEntry(id: RemoteItemID("7")!, feedID: "1", title: "T", link: nil, author: nil, html: nil,
                                published: nil, isRead: false, isStarred: false)
        var stray = entry
        stray.id = RemoteItemID("8")!
        stray.feedID = "9"
        #expect(try store.storeSynced([entry, entry, stray], feeds: feeds, at: now) == [feeds["1"]!: 1])
        #expect(try store.storeSynced([entry], feeds: feeds, at: now) == [:])
        #expect(try store.entryStates().map(\.remoteID) == ["7"])
    }
}
