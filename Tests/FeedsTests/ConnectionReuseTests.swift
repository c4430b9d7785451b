#if canImport(Glibc)
import LoopbackServer
import Glibc
#endif
import Testing
import System
@testable import Feeds

/// Many feeds on one host over one connection: the server counts the connections it accepted, curl counts the
/// ones it opened, and both must say one, not one per feed.
@Suite struct ConnectionReuseTests {
    static let feedCount = 12

    static func routes() -> [String: LoopbackHTTPServer.Route] {
        var routes: [String: LoopbackHTTPServer.Route] = [:]
        for index in 0..<feedCount {
            routes["/feed\(index)"] = { _ in
                .http(status: 200, headers: [("Content-Type", "application/rss+xml"), ("ETag", "\"\(index)\"")],
                      body: FeedRefresherTests.rss(items: ["item \(index)"]))
            }
        }
        return routes
    }

    @Test func fetchesThroughASharedConnectionOpenOneConnectionToAHost() throws {
        let server = try LoopbackHTTPServer(routes: Self.routes(), keepAlive: true)
        defer { server.stop() }
        let fetcher = FetchWorkerTests.fetcher().sharing(try #require(SharedConnections()))
        var opened = 0
        for index in 0..<Self.feedCount {
            let response = try fetcher.fetch(FetchRequest(url: server.url("/feed\(index)")))
            #expect(response.status == 200 && response.etag == "\"\(index)\"")
            opened += response.connectionsOpened
        }
        #expect(opened == 1)
        #expect(server.connectionCount == 1)
        #expect(server.requests.count == Self.feedCount)
    }

    @Test func fetchesWithoutAShareOpenOneConnectionEach() throws {
        let server = try LoopbackHTTPServer(routes: Self.routes(), keepAlive: true)
        defer { server.stop() }
        let fetcher = FetchWorkerTests.fetcher()
        var opened = 0
        for index in 0..<Self.feedCount {
            opened += try fetcher.fetch(FetchRequest(url: server.url("/feed\(index)"))).connectionsOpened
        }
        #expect(opened == Self.feedCount)
        #expect(server.connectionCount == Self.feedCount)
    }

    /// A server that closes after each answer (as the default loopback server does) is still fetched from:
    /// curl sees `Connection: close` and opens the next connection itself.
    @Test func aServerThatClosesEachConnectionIsStillFetched() throws {
        let server = try LoopbackHTTPServer(routes: Self.routes())
        defer { server.stop() }
        let fetcher = FetchWorkerTests.fetcher().sharing(try #require(SharedConnections()))
        for index in 0..<3 {
            #expect(try fetcher.fetch(FetchRequest(url: server.url("/feed\(index)"))).status == 200)
        }
        #expect(server.connectionCount == 3)
    }

    @Test func aRefreshOfManyFeedsOnOneHostUsesOneConnection() throws {
        let server = try LoopbackHTTPServer(routes: Self.routes(), keepAlive: true)
        defer { server.stop() }
        let setup = try FeedRefresherTests.Setup()
        for index in 0..<Self.feedCount {
            _ = try setup.store.addFeed(url: server.url("/feed\(index)"), at: FeedRefresherTests.now)
        }
        #expect(try setup.refresher.refresh(dueAt: FeedRefresherTests.now) == Self.feedCount)
        let reports = setup.settle()
        #expect(reports.count == Self.feedCount)
        #expect(reports.allSatisfy { $0.outcome == .updated(added: 1, updated: 0) })
        #expect(server.connectionCount == 1)

        // The next refresh is conditional on the same kept-alive connection.
        let later = Timestamp(secondsSince1970: FeedRefresherTests.now.secondsSince1970 + 2 * 3_600)
        #expect(try setup.refresher.refresh(dueAt: later) == Self.feedCount)
        #expect(setup.settle().count == Self.feedCount)
        #expect(server.requests(to: "/feed3").last?.headers["if-none-match"] == "\"3\"")
        #expect(server.connectionCount == 1)
    }

    @Test func theReferenceRefreshOpensAConnectionPerFeed() throws {
        let server = try LoopbackHTTPServer(routes: Self.routes(), keepAlive: true)
        defer { server.stop() }
        let directory = TemporaryDirectory()
        let store = try FeedStore(path: directory.file("feeds.sqlite"))
        for index in 0..<Self.feedCount {
            _ = try store.addFeed(url: server.url("/feed\(index)"), at: FeedRefresherTests.now)
        }
        let refresher = try FeedRefresher(store: store, fetcher: FetchWorkerTests.fetcher(), reusingConnections: false)
        #expect(try refresher.refresh(dueAt: FeedRefresherTests.now) == Self.feedCount)
        let deadline = MonotonicClock.seconds() + 10
        var reports = 0
        while refresher.pendingCount > 0, MonotonicClock.seconds() < deadline {
            var watched = pollfd(fd: refresher.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&watched, 1, 200) == 1 { reports += refresher.collect().count }
        }
        #expect(reports == Self.feedCount)
        #expect(server.connectionCount == Self.feedCount)
    }
}
