#if canImport(Glibc)
import LoopbackServer
import Glibc
#endif
import Testing
@testable import Feeds

/// Both APIs against canned answers on loopback, as real servers give them: the forms sent, ids in every form
/// servers use, refusals, garbage, a server gone, and Google Reader's paging and expired edit tokens.
@Suite struct AggregatorAPITests {
    static func json(_ text: String, status: Int = 200) -> LoopbackHTTPServer.Reply {
        .http(status: status, headers: [("Content-Type", "application/json")], body: Array(text.utf8))
    }

    static func call() -> APICall {
        var configuration = FeedFetcher.Configuration()
        configuration.connectTimeout = 2
        configuration.totalTimeout = 5
        return APICall(fetcher: FeedFetcher(userAgent: "Lectern/test", configuration: configuration), isCancelled: nil)
    }

    static func form(_ request: LoopbackHTTPServer.Request) -> String { String(decoding: request.body, as: UTF8.self) }

    // MARK: Fever

    @Test func feverTakesIdsAsNumbersOrStringsAndFilesFeedsInTheirGroups() throws {
        let server = try LoopbackHTTPServer(routes: [
            "/fever/?api&groups": { _ in Self.json(#"{"auth":1,"groups":[{"id":"3","title":"Tech"}],"feeds_groups":[{"group_id":3,"feed_ids":"11,12"}]}"#) },
            "/fever/?api&feeds": { _ in Self.json(#"{"auth":1,"feeds":[{"id":11,"title":"A","url":"https://a/feed","site_url":"https://a/"},{"id":"12","title":"B","url":"https://b/feed"},{"id":13,"title":"C","url":"https://c/feed"},{"id":14,"title":"no url"}]}"#) },
            "/fever/?api&unread_item_ids": { _ in Self.json(#"{"auth":1,"unread_item_ids":"5,6, 7"}"#) },
            "/fever/?api&saved_item_ids": { _ in Self.json(#"{"auth":1,"saved_item_ids":""}"#) },
            "/fever/?api&items&with_ids=7,6": { _ in Self.json(#"{"auth":1,"items":[{"id":"7","feed_id":"12","title":"Seven","html":"<p>x</p>","url":"https://b/7","is_read":0,"is_saved":1,"created_on_time":1700000000},{"id":6,"feed_id":11,"title":"Six","author":"","is_read":1,"is_saved":0}]}"#) },
        ])
        defer { server.stop() }
        let api = FeverAPI(account: SyncAccount(kind: .fever, url: server.url("/fever/"), user: "ana@example.org", password: "pw"),
                           call: Self.call())
        let feeds = try api.subscriptions()
        #expect(feeds.map(\.id) == ["11", "12", "13"])
        #expect(feeds.map(\.folder) == ["Tech", "Tech", nil])
        #expect(feeds[0].siteURL == "https://a/")
        #expect(try api.unreadIDs() == Set(["5", "6", "7"].compactMap(RemoteItemID.init)))
        #expect(try api.starredIDs().isEmpty)
        let entries = try api.entries([RemoteItemID("7")!, RemoteItemID("6")!])
        #expect(entries.map(\.id.text) == ["7", "6"])
        #expect(entries.map(\.feedID) == ["12", "11"])
        #expect(entries[0].isStarred && !entries[0].isRead && entries[0].published == Timestamp(secondsSince1970: 1_700_000_000))
        #expect(entries[1].isRead && entries[1].author == nil)
        // Every call POSTs the key, md5("ana@example.org:pw"), as the form.
        #expect(server.requests.allSatisfy { $0.method == "POST" && Self.form($0) == "api_key=" + MD5.hex("ana@example.org:pw") })
    }

    @Test func feverMarksOneItemPerCallAndAnItemTheServerDroppedIsNoError() throws {
        let server = try LoopbackHTTPServer(routes: [
            "/fever/?api": { request in
                Self.form(request).hasSuffix("id=404") ? Self.json("not found", status: 404) : Self.json(#"{"auth":1}"#)
            },
        ])
        defer { server.stop() }
        let api = FeverAPI(account: SyncAccount(kind: .fever, url: server.url("/fever/"), user: nil, password: "KEY"),
                           call: Self.call())
        try api.send(.star, [RemoteItemID("1")!, RemoteItemID("404")!, RemoteItemID("2")!])
        // A whole feed read: `before` in seconds.
        try api.markFeedRead("11", before: Timestamp(secondsSince1970: 1_700_000_000))
        #expect(server.requests.map(Self.form) == ["api_key=key&mark=item&as=saved&id=1", "api_key=key&mark=item&as=saved&id=404",
                                                    "api_key=key&mark=item&as=saved&id=2",
                                                    "api_key=key&mark=feed&as=read&id=11&before=1700000000"])
    }

    @Test func feverRefusalsGarbageAndAServerGoneAreNamed() throws {
        let server = try LoopbackHTTPServer(routes: [
            "/refused/?api": { _ in Self.json(#"{"api_version":3,"auth":0}"#) },
            "/html/?api": { _ in .http(status: 200, headers: [("Content-Type", "text/html")], body: Array("<html>login</html>".utf8)) },
            "/noauth/?api": { _ in Self.json(#"{"api_version":3}"#) },
            "/broken/?api": { _ in Self.json("oops", status: 502) },
        ])
        defer { server.stop() }
        func signIn(_ path: String) throws(SyncError) {
            try FeverAPI(account: SyncAccount(kind: .fever, url: server.url(path), user: "a", password: "b"), call: Self.call()).signIn()
        }
        let host = "http://127.0.0.1:\(server.port)"
        #expect(throws: SyncError(.authentication, "authentication failed (Fever auth: 0)")) { try signIn("/refused/") }
        #expect(throws: SyncError(.malformed, "server \(host) answered something that is not Fever JSON")) { try signIn("/html/") }
        #expect(throws: SyncError(.malformed, "server \(host) answered something that is not Fever JSON")) { try signIn("/noauth/") }
        #expect(throws: SyncError(.status(502), "server \(host) answered HTTP 502")) { try signIn("/broken/") }
        server.stop()
        #expect(throws: SyncError.self) { try signIn("/refused/") }
        do {
            try signIn("/refused/")
        } catch {
            #expect(error.kind == .unreachable && error.message.hasPrefix("server \(host) did not answer"))
        }
    }

    // MARK: Google Reader

    static let auth = "GoogleLogin auth=ana/0123"

    @Test func googleReaderSignsInPagesIdsAndTakesHexIdsFromContents() throws {
        let server = try LoopbackHTTPServer(routes: [
            "/api/accounts/ClientLogin": { request in
                Self.form(request) == "Email=ana&Passwd=api%20pw"
                    ? .http(status: 200, body: Array("SID=ana/0123\nLSID=null\nAuth=ana/0123\n".utf8))
                    : .http(status: 401, body: Array("Error=BadAuthentication".utf8))
            },
            "/api/reader/api/0/subscription/list?output=json": { request in
                request.headers["authorization"] == Self.auth
                    ? Self.json(#"{"subscriptions":[{"id":"feed/1","title":"One","categories":[{"id":"user/-/label/News","label":"News"}],"url":"https://one/feed","htmlUrl":"https://one/","iconUrl":"https://one/i.png"},{"id":"feed/https://two/feed","title":"Two","categories":[]}]}"#)
                    : .http(status: 401, body: [])
            },
            "/api/reader/api/0/stream/items/ids?output=json&n=10000&s=user%2F-%2Fstate%2Fcom.google%2Freading-list&xt=user%2F-%2Fstate%2Fcom.google%2Fread": { _ in
                Self.json(#"{"itemRefs":[{"id":"1700000000000001"},{"id":"-2"}],"continuation":"page2"}"#)
            },
            "/api/reader/api/0/stream/items/ids?output=json&n=10000&s=user%2F-%2Fstate%2Fcom.google%2Freading-list&xt=user%2F-%2Fstate%2Fcom.google%2Fread&c=page2": { _ in
                Self.json(#"{"itemRefs":[{"id":"3"}]}"#)
            },
            "/api/reader/api/0/stream/items/contents?output=json": { request in
                #expect(Self.form(request) == "i=tag%3Agoogle.com%2C2005%3Areader%2Fitem%2F00060a24181e4001")
                return Self.json(#"{"items":[{"id":"tag:google.com,2005:reader/item/00060a24181e4001","title":"T","published":1700000000,"canonical":[{"href":"https://one/1"}],"summary":{"content":"<p>S</p>"},"origin":{"streamId":"feed/1"},"categories":["user/1005/state/com.google/reading-list","user/1005/state/com.google/starred"]}]}"#)
            },
        ])
        defer { server.stop() }
        let api = GoogleReaderAPI(account: SyncAccount(kind: .greader, url: server.url("/api/"), user: "ana", password: "api pw"),
                                  call: Self.call())
        try api.signIn()
        let feeds = try api.subscriptions()
        #expect(feeds.map(\.url) == ["https://one/feed", "https://two/feed"])
        #expect(feeds.map(\.folder) == ["News", nil])
        #expect(feeds[0].iconURL == "https://one/i.png")
        #expect(try api.unreadIDs() == Set(["1700000000000001", "-2", "3"].compactMap(RemoteItemID.init)))
        let entries = try api.entries([RemoteItemID("1700000000000001")!])
        #expect(entries.map(\.id.text) == ["1700000000000001"])
        #expect(entries.first?.isStarred == true && entries.first?.isRead == false)
        #expect(entries.first?.link == "https://one/1" && entries.first?.html == "<p>S</p>" && entries.first?.feedID == "feed/1")

        let refused = GoogleReaderAPI(account: SyncAccount(kind: .greader, url: server.url("/api"), user: "ana", password: "login pw"),
                                      call: Self.call())
        #expect(throws: SyncError(.authentication, "authentication failed (HTTP 401)")) { try refused.signIn() }
    }

    @Test func googleReaderTakesANewEditTokenWhenTheOldOneExpired() throws {
        let tokens = LoopbackTokens()
        let server = try LoopbackHTTPServer(routes: [
            "/accounts/ClientLogin": { _ in .http(status: 200, body: Array("Auth=ana/0123\n".utf8)) },
            "/reader/api/0/token": { _ in .http(status: 200, body: Array((tokens.next() + "\n").utf8)) },
            "/reader/api/0/mark-all-as-read": { request in
                Self.form(request).hasSuffix("T=" + tokens.current()) && tokens.current() != "t1"
                    ? .http(status: 200, body: Array("OK".utf8)) : .http(status: 401, body: Array("Unauthorized!".utf8))
            },
            "/reader/api/0/edit-tag": { request in
                // Only the newest token is good: the first edit after a new token goes through.
                Self.form(request).hasSuffix("T=" + tokens.current()) && tokens.current() != "t1"
                    ? .http(status: 200, body: Array("OK".utf8)) : .http(status: 401, body: Array("Unauthorized!".utf8))
            },
        ])
        defer { server.stop() }
        let api = GoogleReaderAPI(account: SyncAccount(kind: .greader, url: server.url(""), user: "ana", password: "pw"),
                                  call: Self.call())
        try api.signIn()
        try api.send(.read, [RemoteItemID("31")!, RemoteItemID("32")!])
        let edits = server.requests(to: "/reader/api/0/edit-tag").map(Self.form)
        // Mark-all-as-read takes its moment in microseconds, with the token that now works.
        try api.markFeedRead("feed/1", before: Timestamp(secondsSince1970: 1_700_000_000))
        #expect(server.requests(to: "/reader/api/0/mark-all-as-read").map(Self.form)
                == ["s=feed%2F1&ts=1700000000000000&T=t2"])
        #expect(edits == ["i=tag%3Agoogle.com%2C2005%3Areader%2Fitem%2F000000000000001f&i=tag%3Agoogle.com%2C2005%3Areader%2Fitem%2F0000000000000020&a=user%2F-%2Fstate%2Fcom.google%2Fread&T=t1",
                          "i=tag%3Agoogle.com%2C2005%3Areader%2Fitem%2F000000000000001f&i=tag%3Agoogle.com%2C2005%3Areader%2Fitem%2F0000000000000020&a=user%2F-%2Fstate%2Fcom.google%2Fread&T=t2"])
    }
}

/// Edit tokens handed out in turn: t1, t2, …
final class LoopbackTokens: @unchecked Sendable {
    private let lock = LoopbackLock()
    private var count = 0
    func next() -> String { lock.locked { count += 1; return "t\(count)" } }
    func current() -> String { lock.locked { "t\(count)" } }
}
