import Testing
import Admin
import Feeds
import Pairing

/// The rules every request meets before its route: Host, session, CSRF and Origin.
@Suite struct AdminRulesTests {
    @Test func onlyThePanelsOwnNamesAreAnswered() {
        let names = ["panel.local"]
        for host in ["192.168.1.20", "192.168.1.20:8080", "127.0.0.1", "[::1]", "[::1]:80", "[fe80::1]:8080", "localhost",
                     "localhost:80", "LOCALHOST", "panel.local", "Panel.Local:80", "panel.local."] {
            #expect(AdminHostRule.allows(host, names: names), "\(host) is the panel's")
        }
        for host in [nil, "", "evil.example", "evil.example:80", "127.0.0.1.evil.example", "192.168.1.300", "1.2.3",
                     "other.local", "localhost.evil.example", "[::1", "[::1]x", "[evil.example]", "127.0.0.1:99999",
                     "127.0.0.1:", "127.0.0.1:8o", "panel.local@evil.example", "::1"] {
            #expect(!AdminHostRule.allows(host, names: names), "\(host ?? "nil") is not the panel's")
        }
    }

    @Test func aForeignHostIs421OnEveryPathPairingIncluded() throws {
        let harness = try Harness()
        let phone = try harness.pairPhone()
        for path in ["/", "/pair", "/api/pair", "/api/feeds", "/api/phones", "/nothing"] {
            for method in ["GET", "POST"] {
                let answer = harness.request(method, path, body: "{}", headers: ["host": "evil.example", "cookie": phone.cookie,
                                                                                "x-lectern-csrf": phone.csrf])
                #expect(answer.status == 421, "\(method) \(path)")
                #expect(answer.json?["error"]?.string?.isEmpty == false)
            }
        }
        #expect(harness.request("GET", "/", headers: ["host": "panel.local:80"]).status == 200)
    }

    @Test func withoutASessionTheAPIIs401() throws {
        let harness = try Harness()
        for (method, path) in [("GET", "/api/feeds"), ("POST", "/api/feeds"), ("DELETE", "/api/feeds"), ("GET", "/api/opml"),
                               ("POST", "/api/opml"), ("GET", "/api/settings"), ("PUT", "/api/settings"), ("GET", "/api/account"),
                               ("PUT", "/api/account"), ("GET", "/api/phones"), ("DELETE", "/api/phones/x"), ("GET", "/api/nothing")] {
            #expect(harness.request(method, path).status == 401, "\(method) \(path)")
            #expect(harness.request(method, path, headers: ["cookie": "lectern-session=" + String(repeating: "0", count: 64)]).status == 401)
        }
        // The page is served to anyone, without the feeds or a token.
        let page = harness.request("GET", "/")
        #expect(page.status == 200 && !page.text.contains("<meta name=\"lectern-csrf\""))
        #expect(page.header("Content-Security-Policy")?.hasPrefix("default-src 'self'") == true)
        #expect(page.header("Cache-Control") == "no-store" && page.header("X-Content-Type-Options") == "nosniff")
    }

    @Test func aForeignHostOrNoSessionIsAnsweredBeforeTheBody() throws {
        let harness = try Harness()
        func early(_ method: String, _ path: String, _ headers: [String: String]) -> Int? {
            harness.router.refusalBeforeBody(AdminRequest(method: method, path: path, query: [:], headers: headers, body: []))?.status
        }
        #expect(early("POST", "/api/opml", ["host": "rebound.example"]) == 421)
        #expect(early("POST", "/api/pair", ["host": "rebound.example"]) == 421)
        #expect(early("POST", "/api/opml", ["host": "127.0.0.1"]) == 401)
        // Pairing reads its body (the code); the page has none.
        #expect(early("POST", "/api/pair", ["host": "127.0.0.1"]) == nil)
        #expect(early("GET", "/", ["host": "127.0.0.1"]) == nil)
        let phone = try harness.pairPhone()
        #expect(early("POST", "/api/opml", ["host": "127.0.0.1", "cookie": phone.cookie]) == nil)
        // A browser leaves port 80 out of its Origin.
        #expect(AdminHostRule.originMatches("http://192.168.1.5", host: "192.168.1.5:80"))
        #expect(!AdminHostRule.originMatches("http://192.168.1.5:8080", host: "192.168.1.5"))
    }

    @Test func writesNeedTheTokenAndTheirOwnOrigin() throws {
        let harness = try Harness()
        let phone = try harness.pairPhone()
        let body = "{\"theme\": \"dark\"}"
        #expect(harness.request("PUT", "/api/settings", body: body, headers: ["cookie": phone.cookie]).status == 403)
        #expect(harness.request("PUT", "/api/settings", body: body,
                                headers: ["cookie": phone.cookie, "x-lectern-csrf": String(phone.csrf.dropLast()) + "x"]).status == 403)
        for origin in ["http://evil.example", "null", "https://192.168.1.20", "http://192.168.1.20:81"] {
            #expect(harness.request("PUT", "/api/settings", body: body,
                                    headers: ["cookie": phone.cookie, "x-lectern-csrf": phone.csrf, "origin": origin]).status == 403, "\(origin)")
        }
        #expect(harness.settings.values["theme"]?.value == "light")
        #expect(harness.request("PUT", "/api/settings", body: body,
                                headers: ["cookie": phone.cookie, "x-lectern-csrf": phone.csrf, "origin": "http://192.168.1.20"]).status == 200)
        // Another phone's token is not this one's.
        let other = try harness.pairPhone()
        #expect(harness.request("PUT", "/api/settings", body: body, headers: ["cookie": phone.cookie, "x-lectern-csrf": other.csrf]).status == 403)
        // Reads need no token.
        #expect(harness.request("GET", "/api/settings", headers: ["cookie": phone.cookie]).status == 200)
        // The paired page carries the token for its script.
        #expect(harness.request("GET", "/", headers: ["cookie": phone.cookie]).text.contains("<meta name=\"lectern-csrf\" content=\"\(phone.csrf)\">"))
    }
}
