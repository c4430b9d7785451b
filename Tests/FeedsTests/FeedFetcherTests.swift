#if canImport(Glibc)
import LoopbackServer
import Glibc
#endif
import Testing
import System
@testable import Feeds

/// The fetcher against a real HTTP server on loopback: every case is a real libcurl transfer.
@Suite struct FeedFetcherTests {
    static let feed = Array("<rss version=\"2.0\"><channel><title>Loopback</title></channel></rss>".utf8)
    static let userAgent = FeedFetcher.userAgent(version: "0.1.0-test")

    func fetcher(_ adjust: (inout FeedFetcher.Configuration) -> Void = { _ in }) -> FeedFetcher {
        var configuration = FeedFetcher.Configuration()
        configuration.connectTimeout = 2
        configuration.totalTimeout = 5
        adjust(&configuration)
        return FeedFetcher(userAgent: Self.userAgent, configuration: configuration)
    }

    func withServer(_ routes: [String: LoopbackHTTPServer.Route],
                    _ body: (LoopbackHTTPServer) throws -> Void) throws {
        let server = try LoopbackHTTPServer(routes: routes)
        defer { server.stop() }
        try body(server)
    }

    static let fixture: LoopbackHTTPServer.Route = { _ in
        .http(status: 200, headers: [("Content-Type", "application/rss+xml; charset=utf-8"), ("ETag", "\"v1\""),
                                     ("Last-Modified", "Tue, 24 Nov 2026 01:00:00 GMT"),
                                     ("Cache-Control", "public, max-age=7200")], body: feed)
    }

    @Test func userAgentNamesLecternAndItsVersion() {
        #expect(FeedFetcher.userAgent(version: "0.1.0") == "Lectern/0.1.0 (wall-panel feed reader; libcurl)")
        #expect(FeedFetcher.Configuration().maxBodyBytes == 15 * 1024 * 1024)
        #expect(FeedFetcher.Configuration().connectTimeout == 10)
    }

    @Test func fetchesAFeedWithItsValidatorsAndHeaders() throws {
        try withServer(["/feed.xml": Self.fixture]) { server in
            let response = try fetcher().fetch(FetchRequest(url: server.url("/feed.xml")))
            #expect(response.status == 200)
            #expect(response.outcome == .fetched)
            #expect(response.body == Self.feed)
            #expect(response.etag == "\"v1\"")
            #expect(response.lastModified == "Tue, 24 Nov 2026 01:00:00 GMT")
            #expect(response.contentType == "application/rss+xml; charset=utf-8")
            #expect(response.maxAge == 7200)
            #expect(response.finalURL == server.url("/feed.xml"))
            #expect(response.statuses == [200])
            #expect(response.permanentURL == nil)
            let request = try #require(server.requests(to: "/feed.xml").first)
            #expect(request.method == "GET")
            #expect(request.headers["user-agent"] == Self.userAgent)
            #expect(request.headers["accept-encoding"]?.contains("gzip") == true)
            #expect(request.headers["accept-encoding"]?.contains("deflate") == true)
            #expect(request.headers["accept"]?.hasPrefix("application/rss+xml, application/atom+xml") == true)
            #expect(request.headers["if-none-match"] == nil)
            #expect(request.headers["if-modified-since"] == nil)
        }
    }

    @Test func conditionalGetAnswers304WhenTheValidatorsMatch() throws {
        let stamp = "Tue, 24 Nov 2026 01:00:00 GMT"
        try withServer(["/feed.xml": { request in
            if request.headers["if-none-match"] == "\"v1\"" || request.headers["if-modified-since"] == stamp {
                return .http(status: 304, headers: [("ETag", "\"v1\"")])
            }
            return .http(status: 200, headers: [("ETag", "\"v1\"")], body: Self.feed)
        }]) { server in
            let url = server.url("/feed.xml")
            let byETag = try fetcher().fetch(FetchRequest(url: url, etag: "\"v1\""))
            #expect(byETag.outcome == .notModified)
            #expect(byETag.body.isEmpty)
            let byDate = try fetcher().fetch(FetchRequest(url: url, lastModified: stamp))
            #expect(byDate.outcome == .notModified)
            // A stored validator with a line break is not sent: it would forge a header.
            let forged = try fetcher().fetch(FetchRequest(url: url, etag: "\"v1\"\r\nX-Forged: 1"))
            #expect(forged.outcome == .fetched)
            let stale = try fetcher().fetch(FetchRequest(url: url, etag: "\"v0\""))
            #expect(stale.outcome == .fetched)
            #expect(stale.body == Self.feed)
            let requests = server.requests(to: "/feed.xml")
            #expect(requests.count == 4)
            #expect(requests.map { $0.headers["if-none-match"] } == ["\"v1\"", nil, nil, "\"v0\""])
            #expect(requests.map { $0.headers["if-modified-since"] } == [nil, stamp, nil, nil])
            #expect(requests.allSatisfy { $0.headers["x-forged"] == nil })
        }
    }

    static func redirect(_ status: Int, to location: String) -> LoopbackHTTPServer.Route {
        { _ in .http(status: status, headers: [("Location", location)], body: Array("moved".utf8)) }
    }

    @Test func storesTheNewURLOnlyWhenEveryHopWasPermanent() throws {
        try withServer([
            "/feed.xml": Self.fixture,
            "/301": Self.redirect(301, to: "/feed.xml"), "/308": Self.redirect(308, to: "/feed.xml"),
            "/302": Self.redirect(302, to: "/feed.xml"), "/303": Self.redirect(303, to: "/feed.xml"),
            "/307": Self.redirect(307, to: "/feed.xml"),
            "/301-302": Self.redirect(301, to: "/302"), "/302-301": Self.redirect(302, to: "/301"),
            "/301-308": Self.redirect(301, to: "/308"),
            "/dir/relative": Self.redirect(301, to: "../feed.xml"),
            "/301-missing": Self.redirect(301, to: "/missing"),
        ]) { server in
            func fetch(_ path: String) throws -> FetchResponse {
                let response = try fetcher().fetch(FetchRequest(url: server.url(path)))
                #expect(response.status == 200)
                #expect(response.body == Self.feed, "the redirect's own body must not leak into the feed's")
                #expect(response.etag == "\"v1\"")
                #expect(response.finalURL == server.url("/feed.xml"))
                return response
            }
            let final = server.url("/feed.xml")
            #expect(try fetch("/301").permanentURL == final)
            #expect(try fetch("/308").permanentURL == final)
            #expect(try fetch("/302").permanentURL == nil)
            #expect(try fetch("/303").permanentURL == nil)
            #expect(try fetch("/307").permanentURL == nil)
            let mixed = try fetch("/301-302")
            #expect(mixed.statuses == [301, 302, 200])
            #expect(mixed.permanentURL == nil)
            #expect(try fetch("/302-301").permanentURL == nil)
            let permanent = try fetch("/301-308")
            #expect(permanent.statuses == [301, 308, 200])
            #expect(permanent.permanentURL == final)
            #expect(try fetch("/dir/relative").permanentURL == final)
            // Moved for good, but to nothing: the subscription keeps its address.
            let toNothing = try fetcher().fetch(FetchRequest(url: server.url("/301-missing")))
            #expect(toNothing.statuses == [301, 404])
            #expect(toNothing.permanentURL == nil)
        }
    }

    @Test func aRedirectLoopOrAnotherSchemeIsAnError() throws {
        try withServer([
            "/loop-a": Self.redirect(302, to: "/loop-b"), "/loop-b": Self.redirect(301, to: "/loop-a"),
            "/to-ftp": Self.redirect(301, to: "ftp://127.0.0.1/feed.xml"),
            "/to-file": Self.redirect(302, to: "file:///etc/hostname"),
        ]) { server in
            let error = fetchError(fetcher(), server.url("/loop-a"))
            #expect(error?.kind == .tooManyRedirects(limit: 5))
            #expect(error?.description.hasPrefix("fetching \(server.url("/loop-a")): more than 5 redirects") == true)
            #expect(server.requests.count <= 2 * 6 + 1)
            for path in ["/to-ftp", "/to-file"] {
                #expect(fetchErrorKind(fetcher(), server.url(path)) == .invalidURL)
            }
        }
        #expect(fetchErrorKind(fetcher(), "ftp://127.0.0.1/feed.xml") == .invalidURL)
        #expect(fetchErrorKind(fetcher(), "file:///etc/hostname") == .invalidURL)
        #expect(fetchErrorKind(fetcher(), "feed.xml") == .invalidURL)
    }

    @Test func decodesGzipAndDeflateBodies() throws {
        let text = Array(String(repeating: "<item><title>Compressed</title></item>", count: 3_000).utf8)
        try withServer([
            "/gzip": { _ in .http(status: 200, headers: [("Content-Encoding", "gzip")], body: StoredDeflate.gzip(text)) },
            "/deflate": { _ in
                .http(status: 200, headers: [("Content-Encoding", "deflate")], body: StoredDeflate.zlib(text))
            },
            "/broken": { _ in .http(status: 200, headers: [("Content-Encoding", "gzip")], body: Array("plain".utf8)) },
        ]) { server in
            let gzip = try fetcher().fetch(FetchRequest(url: server.url("/gzip")))
            #expect(gzip.body == text)
            let deflate = try fetcher().fetch(FetchRequest(url: server.url("/deflate")))
            #expect(deflate.body == text)
            #expect(fetchErrorKind(fetcher(), server.url("/broken")) == .malformedResponse)
        }
    }

    @Test func aSlowServerTimesOut() throws {
        try withServer(["/slow": { _ in .slow(delay: 3, body: Self.feed) }]) { server in
            let start = MonotonicClock.seconds()
            #expect(fetchErrorKind(fetcher { $0.totalTimeout = 0.5 }, server.url("/slow")) == .timedOut)
            #expect(MonotonicClock.seconds() - start < 2.5)
        }
    }

    @Test func aStalledTransferHitsTheLowSpeedLimit() throws {
        try withServer(["/stalled": { _ in .slow(delay: 4, body: Self.feed) }]) { server in
            let start = MonotonicClock.seconds()
            let trickling = fetcher {
                $0.totalTimeout = 10
                $0.lowSpeedBytesPerSecond = 1_000
                $0.lowSpeedSeconds = 1
            }
            #expect(fetchErrorKind(trickling, server.url("/stalled")) == .timedOut)
            #expect(MonotonicClock.seconds() - start < 3)
        }
    }

    @Test func stopsReadingAtTheCap() throws {
        let cap = 64 * 1024
        try withServer([
            "/endless": { _ in .stream(total: 4 * 1024 * 1024) },
            "/declared": { _ in .stream(total: 4 * 1024 * 1024, declaredLength: 4 * 1024 * 1024) },
            "/exact": { _ in .http(status: 200, body: [UInt8](repeating: 0x61, count: cap)) },
            "/over-by-one": { _ in .http(status: 200, body: [UInt8](repeating: 0x61, count: cap + 1), closeDelimited: true) },
        ]) { server in
            let capped = fetcher { $0.maxBodyBytes = cap }
            let endless = fetchError(capped, server.url("/endless"))
            #expect(endless?.kind == .tooLarge(limit: cap))
            #expect(endless?.description.hasSuffix("body larger than 65536 bytes (stopped reading)") == true)
            #expect(fetchErrorKind(capped, server.url("/declared")) == .tooLarge(limit: cap))
            #expect(fetchErrorKind(capped, server.url("/over-by-one")) == .tooLarge(limit: cap))
            let exact = try capped.fetch(FetchRequest(url: server.url("/exact")))
            #expect(exact.body.count == cap)
        }
    }

    @Test func garbageResetAndRefusalAreTypedErrors() throws {
        try withServer([
            "/garbage": { _ in .raw([0x00, 0x17, 0xff] + Array("this is not HTTP at all\r\n\r\n".utf8)) },
            "/reset": { _ in .reset },
            "/empty": { _ in .raw([]) },
        ]) { server in
            #expect(fetchErrorKind(fetcher(), server.url("/garbage")) == .malformedResponse)
            #expect(fetchErrorKind(fetcher(), server.url("/reset")) == .connectionLost)
            #expect(fetchErrorKind(fetcher(), server.url("/empty")) == .connectionLost)
        }
        // RFC 6761: .invalid never resolves.
        let unresolved = fetchError(fetcher(), "http://feeds.example.invalid/feed.xml")
        #expect(unresolved?.kind == .hostNotFound)
        #expect(unresolved?.description.hasPrefix("fetching http://feeds.example.invalid/feed.xml: host not found") == true)
        // A bound socket that never listens refuses connections.
        let unlistened = try BoundSocket()
        defer { unlistened.close() }
        #expect(fetchErrorKind(fetcher(), "http://127.0.0.1:\(unlistened.port)/feed.xml") == .connectionFailed)
    }

    @Test func statusesReachTheScheduleAsResponses() throws {
        try withServer([
            "/gone": { _ in .http(status: 410) },
            "/busy": { _ in .http(status: 429, headers: [("Retry-After", "7200")]) },
            "/down": { _ in
                .http(status: 503, headers: [("Date", "Tue, 24 Nov 2026 01:00:00 GMT"),
                                             ("Retry-After", "Tue, 24 Nov 2026 04:00:00 GMT")])
            },
            "/broken": { _ in .http(status: 500) },
        ]) { server in
            let now = Timestamp(year: 2026, month: 11, day: 24, hour: 2)
            let gone = try fetcher().fetch(FetchRequest(url: server.url("/gone")))
            #expect(gone.outcome == .gone)
            let busy = try fetcher().fetch(FetchRequest(url: server.url("/busy")))
            #expect(busy.outcome == .throttled)
            #expect(busy.retryAfter == .seconds(7200))
            #expect(busy.retryAfterSeconds(now: now) == 7200)
            let down = try fetcher().fetch(FetchRequest(url: server.url("/down")))
            #expect(down.outcome == .throttled)
            // Measured against the server's Date (three hours), not the panel's clock (two).
            #expect(down.retryAfterSeconds(now: now) == 3 * 3600)
            #expect(PollSchedule.Event(down, now: now) == .throttled(retryAfter: 3 * 3600))
            let broken = try fetcher().fetch(FetchRequest(url: server.url("/broken")))
            #expect(broken.outcome == .failed(status: 500))
            #expect(server.requests(to: "/missing").isEmpty)
            #expect(try fetcher().fetch(FetchRequest(url: server.url("/missing"))).outcome == .failed(status: 404))
        }
    }

    @Test func aSelfSignedCertificateFailsVerification() throws {
        guard let server = try SelfSignedTLSServer.start() else { return }
        defer { server.stop() }
        let error = fetchError(fetcher(), "https://127.0.0.1:\(server.port)/feed.xml")
        #expect(error?.kind == .tls, "\(String(describing: error))")
    }
}

func fetchError(_ fetcher: FeedFetcher, _ url: String) -> FetchError? {
    do {
        let response = try fetcher.fetch(FetchRequest(url: url))
        Issue.record("expected an error, got status \(response.status)")
        return nil
    } catch {
        return error
    }
}

func fetchErrorKind(_ fetcher: FeedFetcher, _ url: String) -> FetchError.Kind? { fetchError(fetcher, url)?.kind }

/// A TCP socket bound to a loopback port that never listens: connecting to it is refused.
struct BoundSocket {
    let fd: Int32
    let port: UInt16

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard fd >= 0, ok else { throw SystemCallError("bind") }
        port = UInt16(bigEndian: address.sin_port)
    }

    func close() { _ = Glibc.close(fd) }
}
