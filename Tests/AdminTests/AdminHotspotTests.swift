import Testing
import Admin
import Feeds
import Pairing
import Wireless

/// A phone on the panel's own hotspot: the address rule, the redirect that makes it open the set-up page, and
/// pairing without a code, none of which reaches a phone anywhere else.
@Suite struct AdminHotspotTests {
    @Test func overTheHotspotIsTheHotspotsAddressToAClientOnItsNetwork() {
        #expect(AdminHotspot.isHotspotLink(local: "10.42.0.1", client: "10.42.0.17"))
        #expect(AdminHotspot.isHotspotLink(local: "10.42.0.1", client: "10.42.0.254"))
        // What a dual-stack socket (systemd's [::]:80) says for the same connection.
        #expect(AdminHotspot.isHotspotLink(local: "::ffff:10.42.0.1", client: "::ffff:10.42.0.23"))
        for (local, client) in [("192.168.1.20", "10.42.0.17"), ("10.42.0.2", "10.42.0.17"), ("10.42.0.1", "10.42.1.17"),
                                ("10.42.0.1", "192.168.1.5"), ("127.0.0.1", "127.0.0.1"), ("10.42.0.1", "fe80::1"),
                                ("::1", "::1"), ("10.42.0.1", ""), ("", "10.42.0.17"), ("10.42.0.1", "::10.42.0.17"),
                                ("::ffff:10.42.0.1", "::ffff:10.43.0.17")] {
            #expect(!AdminHotspot.isHotspotLink(local: local, client: client), "\(local) ← \(client)")
        }
        var status = WiFiStatus()
        #expect(!AdminHotspot.isUp(nil) && !AdminHotspot.isUp(status))
        status.radio = true
        for step in [WiFiStatus.Step.idle, .connecting, .connected, .retrying] {
            status.step = step
            #expect(!AdminHotspot.isUp(status), "\(step)")
        }
        for step in [WiFiStatus.Step.hotspot, .joining] {
            status.step = step
            #expect(AdminHotspot.isUp(status), "\(step)")
        }
    }

    @Test func overTheHotspotAnotherNameIsSentToTheSetUpPageOnEveryPath() throws {
        let harness = try Harness()
        let phone = try harness.pairPhone()
        let probes = [("connectivitycheck.gstatic.com", "/generate_204"), ("captive.apple.com", "/hotspot-detect.html"),
                      ("www.msftconnecttest.com", "/connecttest.txt"), ("detectportal.firefox.com", "/canonical.html"),
                      ("evil.example", "/api/pair"), ("evil.example", "/api/feeds"), ("evil.example", "/api/wifi"), ("evil.example", "/")]
        for (host, path) in probes {
            for method in ["GET", "POST", "DELETE"] {
                let answer = harness.request(method, path, body: "{}", headers: ["host": host, "cookie": phone.cookie,
                                                                                "x-lectern-csrf": phone.csrf], overHotspot: true)
                #expect(answer.status == 302, "\(method) \(host)\(path)")
                #expect(answer.header("Location") == "http://10.42.0.1/")
                #expect(answer.header("Cache-Control") == "no-store")
                #expect(answer.headers.filter { $0.name == "Cache-Control" }.count == 1)
                #expect(answer.body.isEmpty)
            }
            // Before its body too: the server answers it from the headers alone.
            let early = harness.router.refusalBeforeBody(AdminRequest(method: "POST", path: path, headers: ["host": host], overHotspot: true))
            #expect(early?.status == 302 && early?.header("Location") == "http://10.42.0.1/" && early?.header("Cache-Control") == "no-store")
        }
        #expect(harness.book.phones().count == 1, "nothing reached pairing")
        // The panel's own names are answered over the hotspot as anywhere.
        for host in ["10.42.0.1", "10.42.0.1:80", "panel.local", "localhost"] {
            #expect(harness.request("GET", "/", headers: ["host": host], overHotspot: true).status == 200, "\(host)")
            #expect(harness.router.refusalBeforeBody(AdminRequest(method: "GET", path: "/", headers: ["host": host], overHotspot: true)) == nil)
        }
        #expect(harness.asPhone(phone, "GET", "/api/feeds", overHotspot: true).status == 200)
    }

    @Test func offTheHotspotAnotherNameIsStill421() throws {
        let harness = try Harness()
        for (host, path) in [("connectivitycheck.gstatic.com", "/generate_204"), ("captive.apple.com", "/hotspot-detect.html"),
                             ("evil.example", "/api/pair")] {
            let answer = harness.request("GET", path, headers: ["host": host])
            #expect(answer.status == 421 && answer.header("Location") == nil, "\(host)")
            #expect(harness.router.refusalBeforeBody(AdminRequest(method: "GET", path: path, headers: ["host": host]))?.status == 421)
        }
    }

    @Test func overTheHotspotAnEmptyPairingPairsWithoutACode() throws {
        let harness = try Harness()
        let agent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1"
        for body in ["{}", "", " { } "] {
            let answer = harness.request("POST", "/api/pair", body: body, headers: ["user-agent": agent], overHotspot: true)
            #expect(answer.status == 200, "\(body)")
            let cookie = try #require(answer.header("Set-Cookie"))
            #expect(cookie.hasPrefix("lectern-session=") && cookie.hasSuffix("; HttpOnly; SameSite=Strict; Path=/"))
            let session = String(cookie.dropFirst("lectern-session=".count).prefix { $0 != ";" })
            let phone = try #require(harness.book.phone(session: session))
            #expect(answer.json?["csrf"]?.string == phone.csrf && phone.name == "Safari on iPhone")
            // A paired phone like any other: it reads, writes with its token, and is listed.
            let me = (cookie: "lectern-session=" + session, csrf: phone.csrf)
            #expect(harness.asPhone(me, "GET", "/api/feeds", overHotspot: true).status == 200)
            #expect(harness.asPhone(me, "GET", "/api/phones").json?["phones"]?.array?.contains { $0["you"] == .bool(true) } == true)
        }
        #expect(harness.book.phones().count == 3)
        #expect(harness.book.window() == nil, "no window was opened or used")
        // A page from another site still cannot pair.
        #expect(harness.request("POST", "/api/pair", body: "{}", headers: ["origin": "http://evil.example"], overHotspot: true).status == 403)
        // A code is still a code there: a wrong one is refused.
        #expect(harness.request("POST", "/api/pair", body: "{\"code\": \"AAAA\"}", overHotspot: true).status == 403)
        #expect(harness.book.phones().count == 3)
    }

    @Test func offTheHotspotAnEmptyPairingIsRefusedAsBefore() throws {
        let harness = try Harness()
        try harness.book.open(now: harness.now)
        #expect(harness.request("POST", "/api/pair", body: "{}").status == 400)
        #expect(harness.request("POST", "/api/pair", body: "").status == 400)
        #expect(harness.request("POST", "/api/pair", body: "{\"code\": \"\"}").status == 400)
        #expect(harness.book.phones().isEmpty && harness.book.window()?.state == .open)
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// The addresses the server judges a connection by come from its socket, as the kernel says them.
@Suite struct AdminHotspotSocketTests {
    /// A connection accepted on a listener bound to `listen` (port 0: any), and the client's socket.
    func connection(_ listen: String, family: Int32) throws -> (accepted: Int32, client: Int32) {
        let listener = try AdminListener.bind(listen)
        defer { close(listener) }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        let client = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        let connected = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, length) } }
        #expect(connected == 0)
        return (accept(listener, nil, nil), client)
    }

    @Test func theAddressesAreTheSockets() throws {
        let four = try connection("127.0.0.1:0", family: AF_INET)
        defer { close(four.accepted); close(four.client) }
        let link = try #require(AdminHotspot.addresses(socket: four.accepted))
        #expect(link.local == "127.0.0.1" && link.client == "127.0.0.1")
        #expect(!AdminHotspot.isHotspotLink(local: link.local, client: link.client))
        // IPv6 where the machine has it (a container may not).
        if let six = try? connection("[::1]:0", family: AF_INET6) {
            defer { close(six.accepted); close(six.client) }
            let link = AdminHotspot.addresses(socket: six.accepted)
            #expect(link?.local == "::1" && link?.client == "::1")
        }
        #expect(AdminHotspot.addresses(socket: -1) == nil)
    }
}
