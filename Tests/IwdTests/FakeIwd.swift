#if canImport(Glibc)
import Glibc
#endif
import CSystemd
import Platform
@testable import Iwd

/// A stand-in for iwd on the server end of a socketpair (sd-bus in server mode, anonymous authentication): it
/// keeps iwd's objects in the shapes iwd 2.3 sends them (as `busctl` shows them), answers the client's
/// calls from them or from a test's own handler, emits iwd's signals, and calls the client's agent. Everything it
/// sends and receives is a real sd-bus message on a real socket.
final class FakeIwd {
    struct Call {
        let path: String
        let interface: String
        let member: String
        let arguments: [BusValue]
    }

    static let device = "/net/connman/iwd/0/4"
    static let home = "/net/connman/iwd/0/4/486f6d65_psk"
    static let lab = "/net/connman/iwd/0/4/4c6162_psk"
    static let cafe = "/net/connman/iwd/0/4/436166c3a9_open"
    static let knownLab = "/net/connman/iwd/4c6162_psk"
    static let knownAttic = "/net/connman/iwd/4174746963_psk"

    var connection: BusConnection?
    private var slot: BusSlot?
    /// path → interface → properties, in the order iwd lists them.
    var objects: [String: [(String, [(String, BusValue)])]] = [:]
    /// GetOrderedNetworks' answer: (network path, 100 × dBm).
    var ordered: [(String, Int16)] = []
    private(set) var calls: [Call] = []
    /// Replaces the default answer to `interface.member`; the handler must reply (now or later).
    var handlers: [String: (BusMessage, Call) -> Void] = [:]

    /// Peer to peer there is no bus daemon to stamp senders on signals or to route by name.
    let peerToPeer: Bool
    /// Who registered the agent (its unique name, on a bus), where RequestPassphrase goes.
    private(set) var agentOwner: String?

    convenience init(socket: Int32, loop: EventLoop) throws {
        try self.init(connection: BusConnection.peer(socket: socket, server: true, loop: loop), peerToPeer: true)
    }

    init(connection: BusConnection, peerToPeer: Bool) throws {
        self.connection = connection
        self.peerToPeer = peerToPeer
        slot = try connection.exportObject(path: "/", subtree: true) { [unowned self] call in self.handle(call) }
        objects = [
            "/net/connman/iwd": [("net.connman.iwd.AgentManager", []), ("net.connman.iwd.Daemon", [])],
            "/net/connman/iwd/0": [("net.connman.iwd.Adapter", [("Powered", .boolean(true)), ("Name", .string("phy0"))])],
            Self.device: [
                ("net.connman.iwd.Device", [("Name", .string("wlan0")), ("Address", .string("02:00:00:00:04:00")),
                                            ("Powered", .boolean(true)), ("Adapter", .objectPath("/net/connman/iwd/0")),
                                            ("Mode", .string("station"))]),
                ("net.connman.iwd.Station", [("Scanning", .boolean(false)), ("State", .string("disconnected"))]),
                ("net.connman.iwd.StationDiagnostic", []),
            ],
            Self.home: [("net.connman.iwd.Network", [("Name", .string("Home")), ("Connected", .boolean(false)),
                                                     ("Device", .objectPath(Self.device)), ("Type", .string("psk"))])],
            Self.lab: [("net.connman.iwd.Network", [("Name", .string("Lab")), ("Connected", .boolean(false)),
                                                    ("Device", .objectPath(Self.device)), ("Type", .string("psk")),
                                                    ("KnownNetwork", .objectPath(Self.knownLab))])],
            Self.cafe: [("net.connman.iwd.Network", [("Name", .string("Café")), ("Connected", .boolean(false)),
                                                     ("Device", .objectPath(Self.device)), ("Type", .string("open"))])],
            Self.knownLab: [("net.connman.iwd.KnownNetwork", [("Name", .string("Lab")), ("Type", .string("psk")),
                                                              ("Hidden", .boolean(false)), ("AutoConnect", .boolean(true)),
                                                              ("LastConnectedTime", .string("2026-11-27T10:00:00Z"))])],
            Self.knownAttic: [("net.connman.iwd.KnownNetwork", [("Name", .string("Attic")), ("Type", .string("psk")),
                                                                ("Hidden", .boolean(true)), ("AutoConnect", .boolean(true))])],
        ]
        ordered = [(Self.home, -4200), (Self.lab, -7100), (Self.cafe, -8050)]
    }

    func calls(_ member: String) -> [Call] { calls.filter { $0.member == member } }

    /// The a{oa{sa{sv}}} of GetManagedObjects.
    var managedObjects: BusValue {
        .array(element: "{oa{sa{sv}}}", objects.keys.sorted().map { path in
            .dictEntry(.objectPath(path), interfaces(objects[path]!))
        })
    }

    private func interfaces(_ list: [(String, [(String, BusValue)])]) -> BusValue {
        .array(element: "{sa{sv}}", list.map { .dictEntry(.string($0.0), .properties($0.1)) })
    }

    private func handle(_ message: BusMessage) -> Bool {
        guard let path = message.path, let interface = message.interface, let member = message.member,
              let arguments = try? message.arguments() else { return false }
        let call = Call(path: path, interface: interface, member: member, arguments: arguments)
        calls.append(call)
        if member == "RegisterAgent" { agentOwner = message.sender }
        // Like iwd, an object answers only on the interfaces it has now (Station goes in ap mode).
        if interface.hasPrefix("net.connman.iwd."), objects[path]?.contains(where: { $0.0 == interface }) != true {
            fail(message, "org.freedesktop.DBus.Error.UnknownInterface", "Unknown interface \(interface)")
            return true
        }
        if let handler = handlers["\(interface).\(member)"] {
            handler(message, call)
            return true
        }
        switch "\(interface).\(member)" {
        case "org.freedesktop.DBus.ObjectManager.GetManagedObjects":
            try! connection!.reply(to: message, managedObjects)
        case "net.connman.iwd.Station.GetOrderedNetworks":
            try! connection!.reply(to: message, .array(element: "(on)", ordered.map {
                .structure([.objectPath($0.0), .int16($0.1)])
            }))
        case "org.lectern.Test.Hold":
            break  // Never answered: for timeouts and calls pending when a connection goes.
        case "org.lectern.Test.Echo":
            // Sends back what it decoded, re-encoded: the writer and the reader checked against each other.
            let reply = try! replyMessage(to: message)
            for argument in arguments { try! reply.append(argument) }
            try! connection!.send(reply)
        default:
            try! connection!.reply(to: message)
        }
        return true
    }

    private func replyMessage(to call: BusMessage) throws -> BusMessage {
        var reply: OpaquePointer?
        try busCheck(sd_bus_message_new_method_return(call.pointer, &reply), "reply")
        return BusMessage(owning: reply!)
    }

    func reply(to call: BusMessage, _ values: BusValue...) {
        let message = try! replyMessage(to: call)
        for value in values { try! message.append(value) }
        try! connection!.send(message)
    }

    func fail(_ call: BusMessage, _ name: String, _ text: String) {
        try! connection!.replyError(to: call, name: name, message: text)
    }

    /// Emits a signal as iwd would (its sender set, since no bus daemon fills it in on a socketpair).
    func emit(_ path: String, _ interface: String, _ member: String, _ values: BusValue...,
              sender: String = "net.connman.iwd") {
        let signal = try! connection!.signal(path: path, interface: interface, member: member)
        if peerToPeer { try! signal.setSender(sender) }
        for value in values { try! signal.append(value) }
        try! connection!.send(signal)
    }

    func propertiesChanged(_ path: String, _ interface: String, _ changed: [(String, BusValue)], invalidated: [String] = []) {
        setProperties(path, interface, changed)
        emit(path, "org.freedesktop.DBus.Properties", "PropertiesChanged",
             .string(interface), .properties(changed), .strings(invalidated))
    }

    func interfacesAdded(_ path: String, _ list: [(String, [(String, BusValue)])]) {
        objects[path, default: []].append(contentsOf: list)
        emit("/", "org.freedesktop.DBus.ObjectManager", "InterfacesAdded", .objectPath(path), interfaces(list))
    }

    func interfacesRemoved(_ path: String, _ names: [String]) {
        objects[path]?.removeAll { names.contains($0.0) }
        if objects[path]?.isEmpty == true { objects[path] = nil }
        emit("/", "org.freedesktop.DBus.ObjectManager", "InterfacesRemoved", .objectPath(path), .strings(names))
    }

    /// NameOwnerChanged as the bus daemon sends it when iwd starts or stops.
    func ownerChanged(old: String, new: String) {
        emit("/org/freedesktop/DBus", "org.freedesktop.DBus", "NameOwnerChanged",
             .string("net.connman.iwd"), .string(old), .string(new), sender: "org.freedesktop.DBus")
    }

    private func setProperties(_ path: String, _ interface: String, _ changed: [(String, BusValue)]) {
        guard let index = objects[path]?.firstIndex(where: { $0.0 == interface }) else { return }
        for (name, value) in changed {
            if let at = objects[path]![index].1.firstIndex(where: { $0.0 == name }) {
                objects[path]![index].1[at].1 = value
            } else {
                objects[path]![index].1.append((name, value))
            }
        }
    }

    /// Calls the client's agent as iwd does; `answer` gets the passphrase, or the error name it was refused with.
    func requestPassphrase(for network: String, answer: @escaping (Result<String, AgentRefusal>) -> Void) {
        let call = try! connection!.methodCall(destination: agentOwner, path: "/org/lectern/agent",
                                              interface: "net.connman.iwd.Agent", member: "RequestPassphrase")
        try! call.append(.objectPath(network))
        try! connection!.call(call, timeout: 120) { reply in
            guard let reply else { return answer(.failure(AgentRefusal(name: "connection ended"))) }
            if let error = reply.error { return answer(.failure(AgentRefusal(name: error.name))) }
            answer(.success((try? reply.arguments())?.first?.string ?? "<not a string>"))
        }
    }

    struct AgentRefusal: Error, Equatable { let name: String }
}
