/// The one Wi-Fi radio as the set-up sees it: iwd's device, station and access point, reduced to what the panel
/// decides on. The kiosk's is iwd over D-Bus; tests script one. Every operation is asynchronous (iwd answers a
/// join only after the whole handshake) and calls `done` on the kiosk's thread; `onChange` follows iwd's own
/// changes (a network lost, a scan finished, the mode switched).
public protocol WiFiRadio: AnyObject {
    var view: RadioView { get }
    var onChange: (() -> Void)? { get set }
    func scan(_ done: @escaping (RadioFailure?) -> Void)
    /// Joins `network` (a hidden one by name); the passphrase is handed over when iwd asks for it, nil for a
    /// network iwd already knows or an open one.
    func join(_ network: String, passphrase: String?, hidden: Bool, _ done: @escaping (RadioFailure?) -> Void)
    func setMode(_ mode: RadioMode, _ done: @escaping (RadioFailure?) -> Void)
    func startHotspot(_ hotspot: Hotspot, _ done: @escaping (RadioFailure?) -> Void)
    func stopHotspot(_ done: @escaping (RadioFailure?) -> Void)
    func forget(_ network: String, _ done: @escaping (RadioFailure?) -> Void)
    /// The connected network's signal, dBm.
    func readSignal(_ done: @escaping (Int?) -> Void)
    /// How many phones are on the hotspot.
    func countPhones(_ done: @escaping (Int?) -> Void)
}

public enum RadioMode: String, Sendable { case station, ap }

/// What iwd shows at one moment.
public struct RadioView: Equatable, Sendable {
    /// Whether there is a radio at all (iwd running, with a device).
    public var present = false
    /// The link's name, e.g. wlan0: where the address is read.
    public var interface: String?
    public var mode = RadioMode.station
    /// iwd's station state: connected, connecting, disconnected, disconnecting, roaming.
    public var state = "disconnected"
    public var connected: String?
    public var scanning = false
    /// The networks of the last scan, strongest first (station mode only).
    public var networks: [WiFiStatus.Network] = []
    public var known: [String] = []
    public var hotspotUp = false
    public init() {}
}

/// Why iwd refused or ended an operation, reduced to what the panel tells apart.
public struct RadioFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// iwd's Failed: after a network was found, a wrong password (the handshake failed).
        case failed
        case notFound
        /// Aborted by a newer request, or iwd busy (InProgress): nothing to tell the person.
        case interrupted
        case other
    }
    public var kind: Kind
    public var description: String
    public init(_ kind: Kind, _ description: String) { self.kind = kind; self.description = description }
}
