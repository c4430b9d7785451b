/// The first Wi-Fi interface iwd manages (the panel has one radio).
public struct IwdDevice: Equatable, Sendable {
    /// The D-Bus path, which changes whenever iwd restarts (a new ifindex).
    public let path: String
    /// The interface name, e.g. `wlan0`.
    public let name: String
    /// `station` or `ap` (iwd can also say `ad-hoc`).
    public let mode: String
    public let powered: Bool
}

/// The device's station side, present while the mode is `station`.
public struct IwdStation: Equatable, Sendable {
    /// `connected`, `disconnected`, `connecting`, `disconnecting` or `roaming`.
    public let state: String
    /// The name (SSID) of the network connected or being connected to.
    public let connectedNetwork: String?
    public let scanning: Bool
}

/// A network from the last scan, strongest first.
public struct IwdNetwork: Equatable, Sendable {
    public let path: String
    /// The SSID.
    public let name: String
    /// dBm (iwd reports 100 × dBm; rounded toward zero here).
    public let signal: Int
    /// `psk`, `open`, `8021x` or `wep`.
    public let type: String
    /// Whether iwd has a profile for it (it joins without asking for a passphrase).
    public let known: Bool
    public let connected: Bool
}

/// A network iwd has a profile for.
public struct IwdKnownNetwork: Equatable, Sendable {
    public let path: String
    public let name: String
    public let type: String
    public let hidden: Bool
}

/// The device's access-point side, present while the mode is `ap`.
public struct IwdAccessPoint: Equatable, Sendable {
    public let started: Bool
    /// The SSID being served, while started.
    public let name: String?
}
