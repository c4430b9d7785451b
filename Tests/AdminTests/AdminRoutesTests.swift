import Testing
import Admin
import Feeds
import Pairing
import System

/// The routes behind the rules: settings, the account, feeds and OPML.
@Suite struct AdminRoutesTests {
    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Loopback news</title>
        <item><title>One</title><guid>one</guid></item><item><title>Two</title><guid>two</guid></item></channel></rss>
        """

    @Test func settingsSayTheirValueAndSourceAnd400NamesTheKey() throws {
        let harness = try Harness()
        let phone = try harness.pairPhone()
        let answer = harness.asPhone(phone, "GET", "/api/settings")
        #expect(answer.text.hasPrefix("{\"settings\":{\"theme\":{\"value\":\"light\",\"source\":\"default\"},"))
        #expect(answer.json?["settings"]?["idle-minutes"]?["source"]?.string == "environment")
        #expect(answer.json?["settings"]?["night"]?["source"]?.string == "file")

        let changed = harness.asPhone(phone, "PUT", "/api/settings", body: "{\"theme\": \"dark\", \"text-size\": 22}")
        #expect(changed.status == 200)
        #expect(changed.json?["settings"]?["theme"]?["source"]?.string == "phone")
        #expect(harness.settings.values["text-size"]?.value == "22")

        let refused = harness.asPhone(phone, "PUT", "/api/settings", body: "{\"theme\": \"purple\"}")
        #expect(refused.status == 400 && refused.json?["key"]?.string == "theme")
        #expect(refused.json?["error"]?.string?.contains("light, sepia or dark") == true)
        let fixed = harness.asPhone(phone, "PUT", "/api/settings", body: "{\"idle-minutes\": 3}")
        #expect(fixed.status == 400 && fixed.json?["key"]?.string == "idle-minutes")
        #expect(harness.settings.values["idle-minutes"]?.value == "10")
        for body in ["{\"theme\": [1]}", "{\"sync-url\": \"http://evil.example/\"}", "[1]", "{"] {
            #expect(harness.asPhone(phone, "PUT", "/api/settings", body: body).status == 400, "\(body)")
        }
        #expect(harness.asPhone(phone, "PUT", "/api/settings", body: "{\"theme\": [1]}").json?["key"]?.string == "theme")
    }

    @Test func theKeptPasswordSignsInOnlyToItsOwnAccount() throws {
        let harness = try Harness()
        let phone = try harness.pairPhone()
        let first = harness.asPhone(phone, "PUT", "/api/account", body: """
            {"sync": "fever", "sync-url": "https://rss.example/fever/", "sync-user": "ana", "password": "right password"}
            """)
        #expect(first.status == 200)
        // Signing in again to the same account may leave the password out: the kept one is used.
        let again = harness.asPhone(phone, "PUT", "/api/account", body: """
            {"sync": "fever", "sync-url": "https://rss.example/fever/", "sync-user": "ana"}
            """)
        #expect(again.status == 200 && harness.verified.last?.password == "right password")
        // Another server (or user) without a password: refused before anything is sent anywhere.
        let tries = harness.verified.count
        for body in [#"{"sync": "fever", "sync-url": "https://attacker.example/fever/", "sync-user": "ana"}"#,
                     #"{"sync": "fever", "sync-url": "https://rss.example/fever/", "sync-user": "eve"}"#] {
            let moved = harness.asPhone(phone, "PUT", "/api/account", body: body)
            #expect(moved.status == 400 && moved.json?["key"]?.string == "password")
        }
        #expect(harness.verified.count == tries)
    }

    @Test func theAccountIsCheckedBeforeSavingAndItsPasswordNeverComesBack() throws {
        let harness = try Harness()
        let phone = try harness.pairPhone()
        #expect(harness.asPhone(phone, "GET", "/api/account").json?["password"]?.string == "none")
        #expect(harness.asPhone(phone, "GET", "/api/account").json?["last"]?.string == "")
        try AtomicFile.write(Array("1800000000\n".utf8), to: harness.state + "/" + SharedState.lastSyncName)
        #expect(harness.asPhone(phone, "GET", "/api/account").json?["last"]?.string == "2027-01-15T08:00:00Z")
        let wrong = harness.asPhone(phone, "PUT", "/api/account", body: """
            {"sync": "fever", "sync-url": "https://rss.example/fever/", "sync-user": "ana", "password": "wrong password"}
            """)
        #expect(wrong.status == 422 && wrong.json?["error"]?.string?.contains("refused") == true)
        #expect(!AtomicFile.exists(harness.router.context.passwordPath) && harness.settings.values["sync"]?.value == "local")

        let right = harness.asPhone(phone, "PUT", "/api/account", body: """
            {"sync": "fever", "sync-url": "https://rss.example/fever/", "sync-user": "ana", "password": "right password"}
            """)
        #expect(right.status == 200)
        #expect(harness.verified.last == SyncAccount(kind: .fever, url: "https://rss.example/fever/", user: "ana", password: "right password"))
        #expect(harness.settings.values["sync"]?.value == "fever" && harness.settings.values["sync-user"]?.value == "ana")
        #expect(harness.settings.values["sync-password-file"]?.value == harness.router.context.passwordPath)
        #expect(try PasswordFile.read(harness.router.context.passwordPath) == "right password")
        let account = harness.asPhone(phone, "GET", "/api/account")
        #expect(account.json?["password"]?.string == "set" && account.json?["sync"]?.string == "fever")
        for answer in [wrong, right, account, harness.asPhone(phone, "GET", "/api/settings"), harness.asPhone(phone, "GET", "/")] {
            #expect(!answer.text.contains("right password") && !answer.text.contains("wrong password"))
        }
        // An aggregator that echoes the password gets it blanked out.
        harness.accepted = "nothing"
        let echoed = harness.asPhone(phone, "PUT", "/api/account", body: """
            {"sync": "greader", "sync-url": "https://rss.example/api/", "sync-user": "ana", "password": "refused"}
            """)
        #expect(echoed.status == 422 && !echoed.text.contains("\"refused\""))
        // Bad fields say which.
        #expect(harness.asPhone(phone, "PUT", "/api/account", body: "{\"sync\": \"ftp\"}").json?["key"]?.string == "sync")
        #expect(harness.asPhone(phone, "PUT", "/api/account", body: "{\"sync\": \"fever\", \"sync-url\": \"file:///x\"}").json?["key"]?.string == "sync-url")
        #expect(harness.asPhone(phone, "PUT", "/api/account", body: "{\"sync\": \"local\"}").status == 200)
        #expect(harness.settings.values["sync"]?.value == "local")
    }

    @Test func aSitesAddressIsDiscoveredToItsFeed() throws {
        let harness = try Harness()
        let phone = try harness.pairPhone()
        harness.pages["https://site.example"] = AdminFetched(
            finalURL: "https://site.example/", contentType: "text/html",
            body: Array("<html><head><link rel=alternate type=application/rss+xml href=/feed.xml></head></html>".utf8))
        harness.pages["https://site.example/feed.xml"] = AdminFetched(finalURL: "https://site.example/feed.xml",
                                                                      contentType: "application/rss+xml", body: Array(Self.rss.utf8))
        harness.pages["https://plain.example"] = AdminFetched(finalURL: "https://plain.example/", contentType: "text/html",
                                                              body: Array("<html><body>hi</body></html>".utf8))
        let added = harness.asPhone(phone, "POST", "/api/feeds", body: "{\"url\": \"site.example\"}")
        #expect(added.status == 201)
        #expect(added.json?["url"]?.string == "https://site.example/feed.xml" && added.json?["title"]?.string == "Loopback news")
        #expect(added.json?["unread"] == .number("2") && added.json?["muted"] == .bool(false))
        #expect(AtomicFile.exists(harness.state + "/store.changed"))

        let none = harness.asPhone(phone, "POST", "/api/feeds", body: "{\"url\": \"https://plain.example\"}")
        #expect(none.status == 422 && none.json?["error"]?.string?.hasPrefix("no feed found at https://plain.example") == true)
        #expect(harness.asPhone(phone, "POST", "/api/feeds", body: "{\"url\": \"https://down.example\"}").status == 422)
        for url in ["ftp://x.example/", "javascript:alert(1)", "", "http://", "a b"] {
            #expect(harness.asPhone(phone, "POST", "/api/feeds", body: "{\"url\": \"\(url)\"}").status == 400, "\(url)")
        }

        let list = harness.asPhone(phone, "GET", "/api/feeds").json?["feeds"]?.array ?? []
        #expect(list.count == 1 && list.first?["status"]?.string == "not fetched yet")
        #expect(harness.asPhone(phone, "PUT", "/api/feeds", body: "{\"url\": \"https://site.example/feed.xml\", \"muted\": true}").json?["muted"] == .bool(true))
        #expect(harness.asPhone(phone, "DELETE", "/api/feeds", query: ["url": "https://site.example/feed.xml"]).status == 204)
        #expect(harness.asPhone(phone, "DELETE", "/api/feeds", query: ["url": "https://site.example/feed.xml"]).status == 404)
    }

    @Test func opmlGoesInAndComesBackOut() throws {
        let harness = try Harness()
        let phone = try harness.pairPhone()
        let opml = """
            <?xml version="1.0"?><opml version="2.0"><head><title>mine</title></head><body>
            <outline text="A &amp; B" xmlUrl="https://a.example/feed"/>
            <outline text="Tech"><outline text="C" xmlUrl="https://c.example/rss"/></outline>
            <outline text="Local" xmlUrl="file:///etc/passwd"/></body></opml>
            """
        let imported = harness.asPhone(phone, "POST", "/api/opml", body: opml)
        #expect(imported.status == 200 && imported.json?["added"] == .number("2"))
        #expect(harness.asPhone(phone, "POST", "/api/opml", body: opml).json?["added"] == .number("0"))
        #expect(harness.asPhone(phone, "POST", "/api/opml", body: "<html>").status == 400)

        let exported = harness.asPhone(phone, "GET", "/api/opml")
        #expect(exported.status == 200 && exported.header("Content-Type") == "text/x-opml; charset=utf-8")
        #expect(exported.header("Content-Disposition")?.hasPrefix("attachment") == true)
        let again = try OPML.subscriptions(from: exported.body)
        #expect(Set(again.map(\.url)) == ["https://a.example/feed", "https://c.example/rss"])
        #expect(again.first { $0.url == "https://c.example/rss" }?.category == "Tech")
        #expect(again.first { $0.url == "https://a.example/feed" }?.title == "A & B")
    }

    @Test func everyFailureIsOneLineOfJSON() throws {
        let harness = try Harness()
        let phone = try harness.pairPhone()
        for (method, path) in [("GET", "/nothing"), ("GET", "/api/nothing"), ("PATCH", "/api/feeds"), ("POST", "/api/settings"),
                               ("DELETE", "/api/phones/"), ("POST", "/")] {
            let answer = harness.asPhone(phone, method, path, body: "{}")
            #expect(answer.status >= 400 && answer.header("Content-Type") == "application/json", "\(method) \(path)")
            #expect(answer.json?["error"]?.string.map { !$0.isEmpty && !$0.contains("\n") } == true)
        }
        // A path with a NUL and markup in it comes back inside one line of JSON, never as a page: JSON's own
        // Content-Type and nosniff keep a browser from reading markup in it.
        let hostile = harness.request("GET", "/\u{0}<script>")
        #expect(hostile.header("Content-Type") == "application/json" && hostile.header("X-Content-Type-Options") == "nosniff")
        #expect(hostile.json?["error"]?.string == "no such page: / <script>" && !hostile.text.unicodeScalars.contains { $0.value < 0x20 })
    }
}
