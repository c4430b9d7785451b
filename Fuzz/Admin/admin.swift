// libFuzzer entry for `lectern admin`'s request handlers, after HTTP parsing: any method, path, query, headers and
// body (hostile JSON, OPML, cookies, Hosts) through AdminRouter over an in-memory store and a state directory
// holding one paired phone and the kiosk's `wifi.state` (the hotspot up, two networks). The first byte picks the
// method, whether the phone's cookie, CSRF token and Origin are added, and whether the request came over the
// panel's hotspot (0x40); then a path line, `name: value` header lines, an empty line, and the body. Every answer
// must be a real status, every failure one line of JSON, a redirect only ever to the set-up page, and no answer
// may carry the phone's session token.
import Admin
import Feeds
import Pairing
import System
import Wireless

/// Settings in memory, every key taking any one-line value but `theme`, which takes three.
final class FuzzSettings: AdminSettings {
    var values: [String: String] = ["theme": "light", "text-size": "19", "sync": "local", "sync-url": "", "sync-user": "",
                                    "sync-password-file": "", "night": "off"]
    func entries() -> [AdminSetting] {
        values.keys.sorted().map { AdminSetting(key: $0, value: values[$0]!, source: .phone) }
    }
    func change(_ changes: [(key: String, value: String)]) -> AdminSettingsOutcome {
        for (key, value) in changes {
            guard values[key] != nil else { return .refused(key: key, message: "no setting \(key)") }
            if key == "theme", !["light", "sepia", "dark"].contains(value) { return .refused(key: key, message: "light, sepia or dark") }
        }
        for (key, value) in changes { values[key] = value }
        return .ok
    }
}

let state = try! TemporaryFolder.make(prefix: "lectern-fuzz-admin")
let book = PairingBook(directory: state)
/// The hotspot up, so `GET /api/wifi` and the page's Wi-Fi section have something to show.
let wifiState: Void = {
    var status = WiFiStatus()
    status.radio = true
    status.step = .hotspot
    status.networks = [WiFiStatus.Network(name: "Home", signal: -42, security: "psk", known: true),
                       WiFiStatus.Network(name: "Café", signal: -71, security: "open", known: false)]
    try! AtomicFile.write(Array(status.json(updated: 1_800_000_000).text.utf8), to: state + "/" + WiFiStatus.fileName, durable: false)
}()
nonisolated(unsafe) var phone: PairedPhone?

/// The phone the inputs act as, paired again when an input forgot it.
func pairedPhone() -> PairedPhone {
    if let phone, book.phone(session: phone.session) != nil { return phone }
    let window = try! book.open(now: 1_800_000_000)
    guard case .paired(let paired) = try! book.pair(code: window.code, name: "fuzz", now: 1_800_000_000) else { fatalError("pairing failed") }
    phone = paired
    return paired
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let me = pairedPhone()
    _ = wifiState
    let methods = ["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH", "OPTIONS", "get"]
    var rest = bytes.dropFirst()
    func line() -> String {
        let end = rest.firstIndex(of: 0x0A) ?? rest.endIndex
        defer { rest = end < rest.endIndex ? rest[(end + 1)...] : rest[end...] }
        return String(decoding: rest[..<end], as: UTF8.self)
    }
    let target = line()
    var path = target, query: [String: String] = [:]
    if let mark = target.firstIndex(of: "?") {
        path = String(target[..<mark])
        for pair in target[target.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            query[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
    }
    var headers = ["host": "192.168.1.20"]
    if first & 0x08 != 0 { headers["cookie"] = "lectern-session=" + me.session }
    if first & 0x10 != 0 { headers["x-lectern-csrf"] = me.csrf }
    if first & 0x20 != 0 { headers["origin"] = "http://192.168.1.20" }
    while !rest.isEmpty {
        let header = line()
        if header.isEmpty { break }
        guard let colon = header.firstIndex(of: ":") else { continue }
        headers[header[..<colon].lowercased()] = String(header[header.index(after: colon)...].drop { $0 == " " })
    }
    let store = try! FeedStore(inMemory: ())
    let context = AdminContext(stateDirectory: state, store: store, settings: FuzzSettings(), clock: { 1_800_000_100 },
                               verifyAccount: { _ in "refused" }, fetch: { AdminFetched(finalURL: $0, failure: "no network here") },
                               hostNames: ["panel.local"])
    let request = AdminRequest(method: methods[Int(first & 0x07)], path: path, query: query, headers: headers, body: Array(rest),
                               overHotspot: first & 0x40 != 0)
    let answer = AdminRouter(context: context).respond(to: request)
    check((100...599).contains(answer.status), "status \(answer.status)")
    let text = String(decoding: answer.body, as: UTF8.self)
    check(!text.contains(me.session), "the session token in an answer")
    check(answer.header("Cache-Control") == "no-store", "an answer without no-store")
    if (300...399).contains(answer.status) {
        check(request.overHotspot && answer.header("Location") == Hotspot.pageAddress, "a redirect elsewhere: \(answer.status)")
    }
    if answer.status >= 400 {
        let json = try? JSONDocument.parse(answer.body)
        check(json?["error"]?.string.map { !$0.contains("\n") } == true, "a failure that is not one line of JSON: \(text)")
    }
    if answer.header("Content-Type") == "application/json" {
        check((try? JSONDocument.parse(answer.body)) != nil, "an answer that is not JSON: \(text)")
    }
    return 0
}
