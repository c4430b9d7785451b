import Testing
import Admin
import Feeds
import Pairing

/// Pairing through the API, and the phones it let in.
@Suite struct AdminPairingTests {
    func pair(_ harness: Harness, _ code: String, origin: String? = nil) -> AdminResponse {
        var headers = ["user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1"]
        if let origin { headers["origin"] = origin }
        return harness.request("POST", "/api/pair", body: "{\"code\": \"\(code)\"}", headers: headers)
    }

    @Test func theRightCodePairsOnceWithACookieThatLastsUntilForgotten() throws {
        let harness = try Harness()
        let window = try harness.book.open(now: harness.now)
        let answer = pair(harness, window.code, origin: "http://192.168.1.20")
        #expect(answer.status == 200)
        let cookie = try #require(answer.header("Set-Cookie"))
        #expect(cookie.hasPrefix("lectern-session=") && cookie.hasSuffix("; HttpOnly; SameSite=Strict; Path=/"))
        #expect(!cookie.lowercased().contains("max-age") && !cookie.lowercased().contains("expires"))
        let phone = try #require(harness.book.phones().first)
        #expect(answer.json?["csrf"]?.string == phone.csrf && phone.name == "Safari on iPhone")
        #expect(pair(harness, window.code).status == 403, "a used code")
    }

    @Test func wrongExpiredAndForeignCodesAre403() throws {
        let harness = try Harness()
        #expect(pair(harness, "AAAAAAAAAAAAAAAAAAAAAAAAAA").status == 403, "no window")
        let window = try harness.book.open(minutes: 1, now: harness.now)
        #expect(pair(harness, "AAAAAAAAAAAAAAAAAAAAAAAAAA").status == 403, "wrong")
        #expect(pair(harness, window.code, origin: "http://evil.example").status == 403, "from another site")
        harness.now += 61
        #expect(pair(harness, window.code).status == 403, "expired")
        #expect(harness.book.phones().isEmpty)
        #expect(harness.request("POST", "/api/pair", body: "not json").status == 400)
        #expect(harness.request("POST", "/api/pair", body: "{\"code\": 12}").status == 400)
        #expect(harness.request("GET", "/api/pair").status == 405)
    }

    @Test func tenWrongCodesCloseTheWindow() throws {
        let harness = try Harness()
        let window = try harness.book.open(now: harness.now)
        for attempt in 1...10 {
            let answer = pair(harness, "BBBBBBBBBBBBBBBBBBBBBBBBBB")
            #expect(answer.status == 403)
            if attempt == 10 { #expect(answer.json?["error"]?.string?.contains("closed") == true) }
        }
        #expect(pair(harness, window.code).status == 403)
        #expect(harness.book.window()?.state == .refused)
    }

    @Test func aForgottenPhonesCookieIsRefusedAtOnce() throws {
        let harness = try Harness()
        let first = try harness.pairPhone()
        let second = try harness.pairPhone(agent: "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0")
        let list = harness.asPhone(first, "GET", "/api/phones")
        let phones = try #require(list.json?["phones"]?.array)
        #expect(phones.count == 2)
        #expect(phones.allSatisfy { $0["id"] != nil && $0["name"] != nil && $0["paired"]?.string?.hasSuffix("Z") == true && $0["lastSeen"] != nil })
        #expect(phones.filter { $0["you"] == .bool(true) }.map { $0["name"]?.string } == ["Chrome on Android"])
        // No token of any phone is listed.
        for phone in harness.book.phones() {
            #expect(!list.text.contains(phone.session) && !list.text.contains(phone.csrf))
        }
        let secondID = try #require(phones.first { $0["you"] == .bool(false) }?["id"]?.string)
        #expect(harness.asPhone(second, "GET", "/api/feeds").status == 200)
        #expect(harness.asPhone(first, "DELETE", "/api/phones/" + secondID).status == 204)
        #expect(harness.asPhone(second, "GET", "/api/feeds").status == 401)
        #expect(harness.asPhone(first, "DELETE", "/api/phones/" + secondID).status == 404)
        #expect(harness.asPhone(first, "GET", "/api/feeds").status == 200)
    }

    @Test func aRequestNotesWhenThePhoneWasSeen() throws {
        let harness = try Harness()
        let phone = try harness.pairPhone()
        harness.now += 3600
        _ = harness.asPhone(phone, "GET", "/api/feeds")
        #expect(harness.book.phones().first?.lastSeen == harness.now)
    }
}
