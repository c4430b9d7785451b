import Admin
import Feeds
import Pairing
import System
import Wireless

/// Settings kept in memory, with the sources the tests give them; one key fixed by the environment.
final class MemorySettings: AdminSettings {
    var values: [String: (value: String, source: AdminSetting.Source)] = [
        "theme": ("light", .default), "text-size": ("19", .default), "idle-minutes": ("10", .environment),
        "night": ("off", .file), "sync": ("local", .default), "sync-url": ("", .default), "sync-user": ("", .default),
        "sync-password-file": ("", .default),
    ]
    let order = ["theme", "text-size", "idle-minutes", "night", "sync", "sync-url", "sync-user", "sync-password-file"]

    func entries() -> [AdminSetting] {
        order.map { AdminSetting(key: $0, value: values[$0]!.value, source: values[$0]!.source) }
    }

    func change(_ changes: [(key: String, value: String)]) -> AdminSettingsOutcome {
        for (key, value) in changes {
            guard let current = values[key] else { return .refused(key: key, message: "no setting is called \(key)") }
            if current.source == .environment { return .refused(key: key, message: "\(key) is fixed by the environment") }
            if key == "theme", !["light", "sepia", "dark"].contains(value) {
                return .refused(key: key, message: "theme takes light, sepia or dark, not \(value)")
            }
        }
        for (key, value) in changes { values[key] = (value, .phone) }
        return .ok
    }
}

/// A router over an in-memory store and a fresh state directory, its clock set by the test, its fetches served
/// from `pages`, its aggregator taking one password.
final class Harness {
    var now: Int64 = 1_800_000_000
    var pages: [String: AdminFetched] = [:]
    var accepted = "right password"
    var verified: [SyncAccount] = []
    let settings = MemorySettings()
    let state: String
    let store: FeedStore
    var router: AdminRouter!

    init() throws {
        state = try TemporaryFolder.make(prefix: "lectern-admin")
        store = try FeedStore(inMemory: ())
        let context = AdminContext(
            stateDirectory: state, store: store, settings: settings, clock: { [unowned self] in now },
            verifyAccount: { [unowned self] account in
                verified.append(account)
                return account.password == accepted ? nil : "the aggregator refused the sign-in (auth 0)"
            },
            fetch: { [unowned self] url in pages[url] ?? AdminFetched(finalURL: url, failure: "no answer") },
            hostNames: ["panel.local"])
        router = AdminRouter(context: context)
    }

    var book: PairingBook { router.context.book }

    func request(_ method: String, _ path: String, body: String = "", headers: [String: String] = [:],
                 query: [String: String] = [:], overHotspot: Bool = false) -> AdminResponse {
        var all = ["host": "192.168.1.20"]
        for (name, value) in headers { all[name.lowercased()] = value }
        return router.respond(to: AdminRequest(method: method, path: path, query: query, headers: all, body: Array(body.utf8),
                                               overHotspot: overHotspot))
    }

    /// A phone paired through the API: its cookie header and CSRF token.
    func pairPhone(agent: String = "Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile") throws -> (cookie: String, csrf: String) {
        let window = try book.open(now: now)
        let answer = request("POST", "/api/pair", body: "{\"code\": \"\(window.code)\"}", headers: ["user-agent": agent])
        let cookie = answer.header("Set-Cookie") ?? ""
        let csrf = (try? JSONDocument.parse(answer.body))?["csrf"]?.string ?? ""
        return (String(cookie.prefix { $0 != ";" }), csrf)
    }

    /// As a paired phone; writes carry its CSRF token.
    func asPhone(_ phone: (cookie: String, csrf: String), _ method: String, _ path: String, body: String = "",
                 query: [String: String] = [:], overHotspot: Bool = false) -> AdminResponse {
        request(method, path, body: body, headers: ["cookie": phone.cookie, "x-lectern-csrf": phone.csrf], query: query,
                overHotspot: overHotspot)
    }

    /// The kiosk's `wifi.state`, as it writes it.
    func writeWiFiState(_ status: WiFiStatus, updated: Int64 = 1_800_000_000) throws {
        try AtomicFile.write(Array(status.json(updated: updated).text.utf8), to: state + "/" + WiFiStatus.fileName, durable: false)
    }
}

extension AdminResponse {
    var json: JSONDocument? { try? JSONDocument.parse(body) }
    var text: String { String(decoding: body, as: UTF8.self) }
}
