import Iwd
import Platform
import Wireless

/// iwd, through its D-Bus client, as the set-up's radio: the first device iwd manages, its station's networks
/// and its access point, and iwd's errors reduced to what the panel tells apart.
final class IwdRadio: WiFiRadio {
    private let client: IwdClient
    private let events: EventLoop
    var onChange: (() -> Void)?
    /// What waits for iwd to show a change on the bus (a mode's interface), each with its deadline's timer.
    private var waits: [(id: Int, ready: () -> Bool, done: (RadioFailure?) -> Void, timer: EventLoop.Timer)] = []
    private var nextWait = 0
    /// How long iwd gets to show the interface of the mode it was switched to.
    static let interfaceWait = 5.0

    init(client: IwdClient, events: EventLoop) {
        self.client = client
        self.events = events
        client.onChange = { [weak self] in
            guard let self else { return }
            for wait in self.waits where wait.ready() {
                self.waits.removeAll { $0.id == wait.id }
                self.events.cancel(wait.timer)
                wait.done(nil)
            }
            self.onChange?()
        }
    }

    /// Calls `done` once `ready` holds (at once if it does), or with a failure after `interfaceWait` seconds:
    /// iwd may answer a mode's change before the new mode's interface (Station, AccessPoint) is on the bus, and a
    /// call to it before then fails.
    private func when(_ ready: @escaping () -> Bool, _ what: String, _ done: @escaping (RadioFailure?) -> Void) {
        if ready() { return done(nil) }
        nextWait += 1
        let id = nextWait
        let timer = events.schedule(after: Self.interfaceWait) { [weak self] in
            guard let self, let wait = self.waits.first(where: { $0.id == id }) else { return }
            self.waits.removeAll { $0.id == id }
            wait.done(RadioFailure(.other, "iwd showed no \(what) after switching to it"))
        }
        waits.append((id, ready, done, timer))
    }

    var view: RadioView {
        var view = RadioView()
        guard let device = client.device else { return view }
        view.present = true
        view.interface = device.name
        view.mode = device.mode == "ap" ? .ap : .station
        if let station = client.station {
            view.state = station.state
            view.connected = station.connectedNetwork
            view.scanning = station.scanning
        }
        view.networks = client.networks.sorted { $0.signal > $1.signal }.map { network in
            WiFiStatus.Network(name: network.name, signal: network.signal, security: network.type, known: network.known)
        }
        view.known = client.knownNetworks.map(\.name)
        view.hotspotUp = client.accessPoint?.started ?? false
        return view
    }

    func scan(_ done: @escaping (RadioFailure?) -> Void) { client.scan { done($0.map(Self.failure)) } }

    func join(_ network: String, passphrase: String?, hidden: Bool, _ done: @escaping (RadioFailure?) -> Void) {
        if hidden {
            client.connectHidden(network: network, passphrase: passphrase) { done($0.map(Self.failure)) }
        } else {
            client.connect(network: network, passphrase: passphrase) { done($0.map(Self.failure)) }
        }
    }

    func setMode(_ mode: RadioMode, _ done: @escaping (RadioFailure?) -> Void) {
        let client = self.client
        // Done once the mode's own interface is there: a scan or a join right after needs the Station, a start
        // the AccessPoint.
        let ready = { client.device?.mode == mode.rawValue && (mode == .ap ? client.accessPoint != nil : client.station != nil) }
        if ready() { return done(nil) }
        client.setMode(mode.rawValue) { [weak self] error in
            guard let self else { return }
            if let error { return done(Self.failure(error)) }
            self.when(ready, mode == .ap ? "access point" : "station", done)
        }
    }

    func startHotspot(_ hotspot: Hotspot, _ done: @escaping (RadioFailure?) -> Void) {
        let client = self.client
        when({ client.accessPoint != nil }, "access point") { failure in
            if let failure { return done(failure) }
            client.startAccessPoint(name: hotspot.network, passphrase: hotspot.passphrase) { done($0.map(Self.failure)) }
        }
    }

    func stopHotspot(_ done: @escaping (RadioFailure?) -> Void) {
        guard client.accessPoint?.started == true else { return done(nil) }
        client.stopAccessPoint { done($0.map(Self.failure)) }
    }

    func forget(_ network: String, _ done: @escaping (RadioFailure?) -> Void) {
        client.forget(network: network) { done($0.map(Self.failure)) }
    }

    func readSignal(_ done: @escaping (Int?) -> Void) { client.signal(completion: done) }
    func countPhones(_ done: @escaping (Int?) -> Void) { client.accessPointClients(completion: done) }

    /// A wrong password and a handshake that failed for any other reason are both iwd's `Failed`: the set-up
    /// tells them apart by what it knows (the network was in sight, a passphrase was given).
    static func failure(_ error: IwdError) -> RadioFailure {
        switch error {
        case .failed: RadioFailure(.failed, error.description)
        case .notFound: RadioFailure(.notFound, error.description)
        case .aborted, .inProgress: RadioFailure(.interrupted, error.description)
        default: RadioFailure(.other, error.description)
        }
    }
}
