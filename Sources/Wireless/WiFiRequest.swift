#if canImport(Glibc)
import Glibc
#endif
import Feeds
import System

/// What the phone's page (or `lectern wifi`) asks of the kiosk, which alone talks to iwd: written to the state
/// directory as `wifi.request`, readable by the service alone since it may hold a password, and taken (read,
/// then removed) by the kiosk, which watches the directory. One request at a time: a newer one replaces it.
public enum WiFiRequest: Equatable, Sendable {
    /// Join a network, leaving the hotspot for it; an empty password for an open network.
    case join(network: String, password: String, hidden: Bool)
    /// Open the hotspot, as "Set up from phone" on the panel does.
    case hotspot
    /// Close the hotspot.
    case cancel
    /// Forget a network's password; the panel leaves it if it is on it.
    case forget(network: String)

    public static let fileName = "wifi.request"

    /// What it asks, for a log: never the password.
    public var summary: String {
        switch self {
        case .join(let network, _, let hidden): "join \(network)\(hidden ? " (hidden)" : "")"
        case .hotspot: "open the hotspot"
        case .cancel: "close the hotspot"
        case .forget(let network): "forget \(network)"
        }
    }

    /// What iwd and WPA accept: a name of 1 to 32 bytes, a passphrase of 8 to 63 characters (or none).
    public static func problem(network: String, password: String) -> String? {
        if network.isEmpty || network.utf8.count > 32 { return "network: a Wi-Fi network's name has 1 to 32 bytes" }
        if !password.isEmpty && (password.count < 8 || password.count > 63 || !password.unicodeScalars.allSatisfy({ $0.value >= 32 && $0.value < 127 })) {
            return "password: a WPA password has 8 to 63 letters, digits or signs (none for an open network)"
        }
        return nil
    }

    public var json: JSONValue {
        switch self {
        case .join(let network, let password, let hidden):
            return .object([("action", "join"), ("network", .string(network)), ("password", .string(password)), ("hidden", .bool(hidden))])
        case .hotspot: return .object([("action", "hotspot")])
        case .cancel: return .object([("action", "cancel")])
        case .forget(let network): return .object([("action", "forget"), ("network", .string(network))])
        }
    }

    /// The request a file holds; nil for anything else, including a join that iwd would refuse.
    public init?(reading bytes: [UInt8]) {
        guard let document = try? JSONDocument.parse(bytes) else { return nil }
        switch document["action"]?.string {
        case "join":
            guard let network = document["network"]?.string else { return nil }
            let password = document["password"]?.string ?? ""
            guard Self.problem(network: network, password: password) == nil else { return nil }
            self = .join(network: network, password: password, hidden: document["hidden"] == .bool(true))
        case "hotspot": self = .hotspot
        case "cancel": self = .cancel
        case "forget":
            guard let network = document["network"]?.string, !network.isEmpty else { return nil }
            self = .forget(network: network)
        default: return nil
        }
    }

    /// Leaves the request for the kiosk: the service's alone from its first byte.
    public func leave(directory: String) throws(SystemCallError) {
        try AtomicFile.write(Array(json.text.utf8), to: directory + "/" + Self.fileName, durable: false, permissions: 0o600)
    }

    /// Takes the waiting request, if any: read, then removed, so it is carried out once.
    public static func take(directory: String) -> WiFiRequest? {
        let path = directory + "/" + fileName
        guard let bytes = try? AtomicFile.read(path, limit: 4096) else { return nil }
        _ = path.withCString { unlink($0) }
        return WiFiRequest(reading: bytes)
    }
}
