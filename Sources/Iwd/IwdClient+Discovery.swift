/// Finding iwd's objects and following them: one GetManagedObjects, then the ObjectManager and Properties signals;
/// and iwd coming and going on the bus, after which every path is new (iwd re-creates its interfaces at start).
extension IwdClient {
    /// Matches and the agent object, for the client's lifetime.
    func listen() throws {
        slots.append(try connection.matchSignal(sender: Iwd.service, path: "/", interface: DBus.objectManager,
                                                member: "InterfacesAdded") { [weak self] in self?.interfacesAdded($0) })
        slots.append(try connection.matchSignal(sender: Iwd.service, path: "/", interface: DBus.objectManager,
                                                member: "InterfacesRemoved") { [weak self] in self?.interfacesRemoved($0) })
        slots.append(try connection.matchSignal(sender: Iwd.service, path: nil, interface: DBus.properties,
                                                member: "PropertiesChanged") { [weak self] in self?.propertiesChanged($0) })
        let owner = "type='signal',sender='\(DBus.service)',path='\(DBus.path)',interface='\(DBus.service)',"
            + "member='NameOwnerChanged',arg0='\(Iwd.service)'"
        slots.append(try connection.match(rule: owner) { [weak self] in self?.ownerChanged($0) })
        slots.append(try connection.exportObject(path: agentPath) { [weak self] in self?.agentCall($0) ?? false })
    }

    /// Asks for every object, registers the agent, and reads the scan results: at start and whenever iwd
    /// (re)appears.
    func discover() {
        generation += 1
        let current = generation
        call("/", DBus.objectManager, "GetManagedObjects") { [weak self] result in
            guard let self, current == self.generation else { return }
            switch result {
            case .success(let arguments):
                self.tree.replaceAll(with: arguments.first)
                self.registerAgent()
                self.refreshNetworks()
            case .failure:
                // iwd is not running (or not allowed to us): nothing to show until NameOwnerChanged says it came.
                self.tree = IwdObjectTree()
                self.orderedNetworks = []
            }
            self.changed()
        }
    }

    /// Re-reads the last scan's networks in iwd's order (strongest first).
    func refreshNetworks() {
        guard let path = device?.path, station != nil else {
            orderedNetworks = []
            return
        }
        let current = generation
        call(path, Iwd.station, "GetOrderedNetworks") { [weak self] result in
            guard let self, current == self.generation, case .success(let arguments) = result else { return }
            self.orderedNetworks = (arguments.first?.items ?? []).compactMap { item in
                guard let fields = item.fields, fields.count == 2, let path = fields[0].string,
                      let signal = fields[1].int else { return nil }
                return (path, signal)
            }
            self.changed()
        }
    }

    private func interfacesAdded(_ message: BusMessage) {
        guard let arguments = try? message.arguments(), arguments.count == 2, let path = arguments[0].string else { return }
        let hadStation = station != nil
        tree.add(path: path, interfaces: arguments[1])
        // Back in station mode: the previous list belonged to another mode's life.
        if !hadStation, station != nil { refreshNetworks() }
        changed()
    }

    private func interfacesRemoved(_ message: BusMessage) {
        guard let arguments = try? message.arguments(), arguments.count == 2, let path = arguments[0].string else { return }
        tree.remove(path: path, interfaces: (arguments[1].items ?? []).compactMap(\.string))
        if station == nil { orderedNetworks = [] }
        changed()
    }

    private func propertiesChanged(_ message: BusMessage) {
        guard let path = message.path, let arguments = try? message.arguments(), arguments.count == 3,
              let interface = arguments[0].string else { return }
        let wasScanning = station?.scanning ?? false
        tree.change(path: path, interface: interface, changed: arguments[1],
                    invalidated: (arguments[2].items ?? []).compactMap(\.string))
        // iwd refreshes its Network objects when Scanning goes true → false: the new results are ready.
        if wasScanning, station?.scanning == false { refreshNetworks() }
        changed()
    }

    /// NameOwnerChanged(name, old owner, new owner) for iwd: gone (new owner empty), or (re)started.
    private func ownerChanged(_ message: BusMessage) {
        guard let arguments = try? message.arguments(), arguments.count == 3, arguments[0].string == Iwd.service else {
            return
        }
        if arguments[2].string?.isEmpty ?? true {
            forgetIwd()
            changed()
        } else {
            forgetIwd()
            discover()
        }
    }

    /// The bus connection ended: nothing is known any more, and every later call reports `busGone`.
    func connectionClosed() {
        forgetIwd()
        changed()
    }

    private func forgetIwd() {
        generation += 1
        tree = IwdObjectTree()
        orderedNetworks = []
        agentRegistered = false
    }
}
