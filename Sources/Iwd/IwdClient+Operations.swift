/// What Wi-Fi set-up asks of iwd. Each completes once, on the event loop, with nil on success.
extension IwdClient {
    /// A join's reply comes after association and the handshake (with retries), well past the usual 25 s.
    static let joinTimeout = 120.0

    /// Starts a scan; `networks` is refreshed when it ends (Scanning true → false).
    public func scan(completion: @escaping (IwdError?) -> Void) {
        guard let path = device?.path else { return completion(.noDevice) }
        perform(path, Iwd.station, "Scan", completion: completion)
    }

    /// Joins the visible network called `name` (from the last scan). iwd asks the agent for the passphrase when it
    /// has no profile; nil for an open network or a known one.
    public func connect(network name: String, passphrase: String?, completion: @escaping (IwdError?) -> Void) {
        guard device != nil else { return completion(.noDevice) }
        guard let path = networks.first(where: { $0.name == name })?.path
            ?? tree.paths(with: Iwd.network).first(where: { tree.properties($0, Iwd.network)?["Name"]?.string == name })
        else { return completion(.notFound) }
        let id = beginJoin(network: path, passphrase: passphrase)
        perform(path, Iwd.network, "Connect", timeout: Self.joinTimeout) { [weak self] error in
            self?.endJoin(id)
            completion(error)
        }
    }

    /// Joins a hidden network by name (`NotFound` when nothing answers to it).
    public func connectHidden(network name: String, passphrase: String?, completion: @escaping (IwdError?) -> Void) {
        guard let path = device?.path else { return completion(.noDevice) }
        let id = beginJoin(network: nil, passphrase: passphrase)
        perform(path, Iwd.station, "ConnectHiddenNetwork", [.string(name)], timeout: Self.joinTimeout) { [weak self] error in
            self?.endJoin(id)
            completion(error)
        }
    }

    /// Switches the device between `station` and `ap` (iwd is one mode at a time per radio).
    public func setMode(_ mode: String, completion: @escaping (IwdError?) -> Void) {
        guard let path = device?.path else { return completion(.noDevice) }
        perform(path, DBus.properties, "Set", [.string(Iwd.device), .string("Mode"), .variant(.string(mode))],
                completion: completion)
    }

    /// Starts a WPA2 hotspot (the device must be in `ap` mode); the passphrase has 8 to 63 characters.
    public func startAccessPoint(name: String, passphrase: String, completion: @escaping (IwdError?) -> Void) {
        guard let path = device?.path else { return completion(.noDevice) }
        perform(path, Iwd.accessPoint, "Start", [.string(name), .string(passphrase)], completion: completion)
    }

    /// Stops the hotspot; the mode stays `ap` until `setMode("station")`.
    public func stopAccessPoint(completion: @escaping (IwdError?) -> Void) {
        guard let path = device?.path else { return completion(.noDevice) }
        perform(path, Iwd.accessPoint, "Stop", completion: completion)
    }

    /// Deletes iwd's profile for the known network `name` (and disconnects from it).
    public func forget(network name: String, completion: @escaping (IwdError?) -> Void) {
        guard let known = knownNetworks.first(where: { $0.name == name }) else { return completion(.notFound) }
        perform(known.path, Iwd.knownNetwork, "Forget", completion: completion)
    }

    /// The connected network's signal in dBm, nil when not connected or not known.
    public func signal(completion: @escaping (Int?) -> Void) {
        guard let path = device?.path else { return completion(nil) }
        call(path, Iwd.stationDiagnostic, "GetDiagnostics") { result in
            guard case .success(let arguments) = result else { return completion(nil) }
            completion(arguments.first?.dictionary?["RSSI"]?.int)
        }
    }

    /// How many phones are associated with the hotspot, nil when it is not running.
    public func accessPointClients(completion: @escaping (Int?) -> Void) {
        guard let path = device?.path else { return completion(nil) }
        call(path, Iwd.accessPointDiagnostic, "GetDiagnostics") { result in
            guard case .success(let arguments) = result else { return completion(nil) }
            completion(arguments.first?.items?.count)
        }
    }
}
