import Feeds
import Pairing
import System
#if canImport(Glibc)
import Glibc
#endif

extension AdminRouter {
    /// The account's keys: only `PUT /api/account` writes them, after the aggregator took the sign-in.
    public static let accountKeys: Set<String> = ["sync", "sync-url", "sync-user", "sync-password-file"]

    /// `GET /api/settings`: every key, its value and where it came from.
    func listSettings() -> AdminResponse {
        let members = context.settings.entries().map { entry -> (String, JSONValue) in
            (entry.key, .object([("value", .string(entry.value)), ("source", .string(entry.source.rawValue))]))
        }
        return .json(200, .object([("settings", .object(members))]))
    }

    /// `PUT /api/settings {"key": value, …}`: strings or numbers; all or nothing.
    func changeSettings(_ request: AdminRequest) -> AdminResponse {
        let members: [(String, JSONDocument)]
        switch jsonObject(request) {
        case .success(.object(let pairs)): members = pairs
        case .success: return .error(400, "the body must be a JSON object")
        case .failure(let response): return response
        }
        var values: [(key: String, value: String)] = []
        for (key, value) in members {
            // The account is changed only where it is signed in with first: a new sync-url here would send the
            // kept password to a server nobody checked.
            if Self.accountKeys.contains(key) {
                return .error(400, "\(key) is set through /api/account, which signs in first", [("key", .string(key))])
            }
            switch value {
            case .bool(let on): values.append((key, on ? "on" : "off"))
            default:
                guard let text = Self.text(value) else {
                    return .error(400, "\(key) takes a string or a number", [("key", .string(key))])
                }
                values.append((key, text))
            }
        }
        switch context.settings.change(values) {
        case .ok: return listSettings()
        case .refused(let key, let message): return .error(400, message, [("key", .string(key))])
        }
    }

    /// `GET /api/account`: the aggregator account, the password only as "set" or "none".
    func account() -> AdminResponse {
        let entries = context.settings.entries()
        func value(_ key: String) -> String { entries.first { $0.key == key }?.value ?? "" }
        let file = value("sync-password-file")
        let password = AtomicFile.exists(file.isEmpty ? context.passwordPath : file)
        return .json(200, .object([("sync", .string(value("sync").isEmpty ? "local" : value("sync"))),
                                   ("sync-url", .string(value("sync-url"))), ("sync-user", .string(value("sync-user"))),
                                   ("password", .string(password ? "set" : "none")),
                                   ("last", .string(lastSync()))]))
    }

    /// When the kiosk last synced, from the note it leaves in the state directory; empty when never.
    func lastSync() -> String {
        guard let bytes = try? AtomicFile.read(context.stateDirectory + "/" + SharedState.lastSyncName, limit: 64),
              let seconds = Int64(String(decoding: bytes, as: UTF8.self).split(separator: "\n").first ?? "") else { return "" }
        return Timestamp(secondsSince1970: seconds).iso8601
    }

    /// `PUT /api/account {"sync", "sync-url", "sync-user", "password"}`: signs in first, then saves. A refused
    /// sign-in saves nothing and says the aggregator's words; the password never comes back in any answer.
    func changeAccount(_ request: AdminRequest) -> AdminResponse {
        let body: JSONDocument
        switch jsonObject(request) {
        case .success(let document): body = document
        case .failure(let response): return response
        }
        // An account the kiosk's environment or flags fix is said so before anything is tried or kept.
        if let fixed = context.settings.entries().first(where: {
            ["sync", "sync-url", "sync-user"].contains($0.key) && ($0.source == .environment || $0.source == .flag)
        }) {
            return .error(400, "\(fixed.key) is fixed by the kiosk's \(fixed.source.rawValue) and is not changed from a phone",
                          [("key", .string(fixed.key))])
        }
        let kindText = body["sync"]?.string ?? ""
        if kindText == "local" || kindText == "off" {
            return settingsAnswer(context.settings.change([("sync", "local")]))
        }
        guard let kind = SyncAccount.Kind(rawValue: kindText) else {
            return .error(400, "sync takes local, fever or greader", [("key", .string("sync"))])
        }
        guard let url = body["sync-url"]?.string, WebAddress.isWeb(url) else {
            return .error(400, "sync-url takes an http or https URL", [("key", .string("sync-url"))])
        }
        let user = body["sync-user"]?.string ?? ""
        if kind == .greader, user.isEmpty { return .error(400, "greader needs sync-user", [("key", .string("sync-user"))]) }
        var password = body["password"]?.string ?? ""
        let typed = !password.isEmpty
        // The kept password signs in again only to the account it was given for: a session (or a stolen cookie)
        // cannot send it to a server of its choosing.
        if !typed, sameAccount(kind: kind, url: url, user: user), let kept = try? PasswordFile.read(context.passwordPath) {
            password = kept
        }
        guard !password.isEmpty, password.utf8.count <= 1024 else {
            return .error(400, "the account needs its password", [("key", .string("password"))])
        }
        let account = SyncAccount(kind: kind, url: url, user: user.isEmpty ? nil : user, password: password)
        if let refusal = context.verifyAccount(account) {
            return .error(422, Self.withoutSecret(refusal, password))
        }
        if typed {
            do { try savePassword(password) } catch {
                return .error(500, "the password could not be kept: \(Self.withoutSecret("\(error)", password))")
            }
        }
        return settingsAnswer(context.settings.change([("sync", kind.rawValue), ("sync-url", url), ("sync-user", user),
                                                       ("sync-password-file", context.passwordPath)]))
    }

    /// Whether `kind`, `url` and `user` are the account the panel has now.
    func sameAccount(kind: SyncAccount.Kind, url: String, user: String) -> Bool {
        let entries = context.settings.entries()
        func value(_ key: String) -> String { entries.first { $0.key == key }?.value ?? "" }
        return value("sync") == kind.rawValue && value("sync-url") == url && value("sync-user") == user
    }

    func settingsAnswer(_ outcome: AdminSettingsOutcome) -> AdminResponse {
        switch outcome {
        case .ok: account()
        case .refused(let key, let message): .error(400, message, [("key", .string(key))])
        }
    }

    /// The password file, as `lectern card import` keeps one: one line, the service's alone.
    func savePassword(_ password: String) throws {
        try SharedState.keepPassword(Array((password + "\n").utf8), directory: context.stateDirectory)
    }

    /// A server's words with the password taken out, should it have echoed it.
    static func withoutSecret(_ text: String, _ secret: String) -> String {
        guard secret.count >= 1, text.contains(secret) else { return text }
        return text.split(separator: secret, omittingEmptySubsequences: false).joined(separator: "…")
    }
}
