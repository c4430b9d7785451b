import Feeds

/// Where the panel's Wi-Fi stands, as the kiosk (the only process that talks to iwd) last saw it: drawn on the
/// panel, and written to the state directory as `wifi.state` for the phone's page and for anyone checking the
/// panel from a shell. Nothing secret is in it: the hotspot's passphrase is only ever drawn on the panel.
public struct WiFiStatus: Equatable, Sendable {
    public enum Step: String, Sendable {
        /// A station that is not connected and not trying a network it had (a new panel, or after Forget).
        case idle
        /// Joining a network it knows (from the card, or a phone's earlier set-up).
        case connecting
        case connected
        /// Lost the network it was on: iwd and the kiosk keep trying; never a hotspot on its own.
        case retrying
        /// The hotspot is up, waiting for a phone.
        case hotspot
        /// Trying the network a phone named; the hotspot is down meanwhile (one radio, one mode).
        case joining
    }

    /// How a join a phone or the card asked for ended.
    public struct Outcome: Equatable, Sendable {
        public enum Result: String, Sendable {
            case joined
            case wrongPassword = "wrong-password"
            case notFound = "not-found"
            case noAddress = "no-address"
            case failed
        }
        public var network: String
        public var result: Result
        public var address: String?
        /// Wall-clock seconds since 1970.
        public var at: Int64
        public init(network: String, result: Result, address: String? = nil, at: Int64) {
            self.network = network; self.result = result; self.address = address; self.at = at
        }
    }

    /// A network the last scan found.
    public struct Network: Equatable, Sendable {
        public var name: String
        /// dBm.
        public var signal: Int
        /// iwd's words: psk, open, 8021x, wep.
        public var security: String
        /// Whether the panel has its password (a known network).
        public var known: Bool
        public init(name: String, signal: Int, security: String, known: Bool) {
            self.name = name; self.signal = signal; self.security = security; self.known = known
        }
    }

    /// false: no Wi-Fi here (no radio, or no iwd): everything below is empty.
    public var radio = false
    public var step = Step.idle
    /// The network connected, being joined, or lost.
    public var network: String?
    /// The wireless link's IPv4 address (the hotspot's own while it is up).
    public var address: String?
    /// dBm of the connected network.
    public var signal: Int?
    /// The hotspot's name while it is up.
    public var hotspot: String?
    /// Phones on the hotspot.
    public var phones = 0
    /// The last scan, strongest first.
    public var networks: [Network] = []
    /// The networks the panel has passwords for.
    public var known: [String] = []
    public var outcome: Outcome?

    public init() {}

    public static let fileName = "wifi.state"

    /// One line of JSON, `updated` being the wall-clock seconds it was written.
    public func json(updated: Int64) -> JSONValue {
        guard radio else { return .object([("radio", false), ("updated", .integer(Int(updated)))]) }
        let outcome: JSONValue = self.outcome.map { outcome in
            .object([("network", .string(outcome.network)), ("result", .string(outcome.result.rawValue)),
                     ("address", outcome.address.map { .string($0) } ?? .null), ("at", .integer(Int(outcome.at)))])
        } ?? .null
        return .object([
            ("radio", true), ("step", .string(step.rawValue)),
            ("network", network.map { .string($0) } ?? .null), ("address", address.map { .string($0) } ?? .null),
            ("signal", signal.map { .integer($0) } ?? .null), ("hotspot", hotspot.map { .string($0) } ?? .null),
            ("phones", .integer(phones)),
            ("networks", .array(networks.map { network in
                .object([("ssid", .string(network.name)), ("signal", .integer(network.signal)),
                         ("security", .string(network.security)), ("known", .bool(network.known))])
            })),
            ("known", .array(known.map { .string($0) })),
            ("outcome", outcome), ("updated", .integer(Int(updated))),
        ])
    }

    /// The status a `wifi.state` file holds; nil when it is not one (a damaged file is no Wi-Fi).
    public init?(reading bytes: [UInt8]) {
        guard let document = try? JSONDocument.parse(bytes), case .object = document else { return nil }
        radio = document["radio"] == .bool(true)
        guard radio else { return }
        guard let step = document["step"]?.string.flatMap(Step.init(rawValue:)) else { return nil }
        self.step = step
        network = document["network"]?.string
        address = document["address"]?.string
        signal = document["signal"]?.integer
        hotspot = document["hotspot"]?.string
        phones = document["phones"]?.integer ?? 0
        networks = (document["networks"]?.array ?? []).compactMap { item in
            guard let name = item["ssid"]?.string else { return nil }
            return Network(name: name, signal: item["signal"]?.integer ?? -100, security: item["security"]?.string ?? "psk",
                           known: item["known"] == .bool(true))
        }
        known = (document["known"]?.array ?? []).compactMap(\.string)
        if let item = document["outcome"], let name = item["network"]?.string,
           let result = item["result"]?.string.flatMap(Outcome.Result.init(rawValue:)) {
            outcome = Outcome(network: name, result: result, address: item["address"]?.string, at: Int64(item["at"]?.integer ?? 0))
        }
    }
}
