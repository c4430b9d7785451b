import Platform

/// iwd, the Wi-Fi daemon, seen from the kiosk: the device and its mode, the station's state, the last scan, the
/// known networks and the hotspot, kept current from iwd's signals; and the operations Wi-Fi set-up needs.
///
/// Single-threaded: everything runs on the `EventLoop` the connection is attached to, and every completion is
/// called there (a request that cannot even be sent, such as one with no device, completes before it returns).
/// No call ever blocks the loop: a join's reply comes after association and the handshake, tens of seconds on.
public final class IwdClient {
    /// Called after anything above changed (iwd's signals, a rediscovery, a new scan's results).
    public var onChange: (() -> Void)?

    let connection: BusConnection
    /// Where the agent that hands iwd a join's passphrase is served on this connection.
    let agentPath: String
    var tree = IwdObjectTree()
    /// The last scan's order and signal strengths (path, 100 × dBm) from GetOrderedNetworks.
    var orderedNetworks: [(path: String, signal: Int)] = []
    /// Bumped when iwd goes or comes back, so that answers to questions asked of the previous iwd are dropped.
    var generation = 0
    var slots: [BusSlot] = []
    /// Whether iwd accepted the agent; set again after each rediscovery.
    var agentRegistered = false
    /// The join in progress, whose passphrase the agent gives when iwd asks.
    var join: PendingJoin?
    var nextJoinID = 0

    /// The system bus's iwd. Throws (one line: the bus socket and why) when there is no system bus, so a panel
    /// without D-Bus runs on without Wi-Fi set-up. iwd itself not running is not an error: `device` is nil until
    /// it appears on the bus.
    public static func system(loop: EventLoop) throws -> IwdClient {
        try IwdClient(connection: BusConnection.system(loop: loop))
    }

    init(connection: BusConnection, agentPath: String = "/org/lectern/agent") throws {
        self.connection = connection
        self.agentPath = agentPath
        try listen()
        connection.onClose = { [weak self] in self?.connectionClosed() }
        discover()
    }

    deinit {
        // Drop the matches and the agent object before the connection goes, so their closures go with them.
        slots.removeAll()
    }

    /// The first Wi-Fi device, nil when iwd has none or is not running.
    public var device: IwdDevice? {
        guard let path = tree.paths(with: Iwd.device).first, let properties = tree.properties(path, Iwd.device) else {
            return nil
        }
        return IwdDevice(path: path, name: properties["Name"]?.string ?? "", mode: properties["Mode"]?.string ?? "",
                         powered: properties["Powered"]?.bool ?? false)
    }

    /// The device's station side, nil unless the device is in station mode.
    public var station: IwdStation? {
        guard let path = device?.path, let properties = tree.properties(path, Iwd.station) else { return nil }
        let connected = properties["ConnectedNetwork"]?.string.flatMap { tree.properties($0, Iwd.network)?["Name"]?.string }
        return IwdStation(state: properties["State"]?.string ?? "", connectedNetwork: connected,
                          scanning: properties["Scanning"]?.bool ?? false)
    }

    /// The last scan's networks, strongest first: refreshed when a scan ends and at discovery.
    public var networks: [IwdNetwork] {
        orderedNetworks.compactMap { entry in
            guard let properties = tree.properties(entry.path, Iwd.network), let name = properties["Name"]?.string else {
                return nil
            }
            return IwdNetwork(path: entry.path, name: name, signal: entry.signal / 100,
                              type: properties["Type"]?.string ?? "", known: properties["KnownNetwork"] != nil,
                              connected: properties["Connected"]?.bool ?? false)
        }
    }

    /// The networks iwd has profiles for, by path.
    public var knownNetworks: [IwdKnownNetwork] {
        tree.paths(with: Iwd.knownNetwork).compactMap { path in
            guard let properties = tree.properties(path, Iwd.knownNetwork) else { return nil }
            return IwdKnownNetwork(path: path, name: properties["Name"]?.string ?? "",
                                   type: properties["Type"]?.string ?? "", hidden: properties["Hidden"]?.bool ?? false)
        }
    }

    /// The device's access-point side, nil unless the device is in ap mode.
    public var accessPoint: IwdAccessPoint? {
        guard let path = device?.path, let properties = tree.properties(path, Iwd.accessPoint) else { return nil }
        let started = properties["Started"]?.bool ?? false
        return IwdAccessPoint(started: started, name: started ? properties["Name"]?.string : nil)
    }

    func changed() { onChange?() }
}

/// A join waiting for iwd's answer: the agent gives its passphrase to iwd's RequestPassphrase for its network.
struct PendingJoin {
    let id: Int
    /// The network's path for a visible network; nil for a hidden one, whose path iwd makes only while joining.
    let network: String?
    let passphrase: String?
}
