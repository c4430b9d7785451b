import Iwd
import Platform
import Wireless

/// iwd, through its D-Bus client, as the set-up's radio: the first device iwd manages, its station's networks
/// and its access point, and iwd's errors reduced to what the panel tells apart.
final class IwdRadio: WiFiRadio {
    private let client: IwdClient
    private let events: EventLoop
    var onChange: (() -> Void)?
    /// A hotspot asked for before iwd's access point appeared: started when it does.
    private var waitingStart: (hotspot: Hotspot, done: (RadioFailure?) -> Void, timer: EventLoop.Timer)?
    /// How long iwd gets to show its access point after the mode changed.
    static let accessPointWait = 5.0

    init(client: IwdClient, events: EventLoop) {
        self.client = client
        self.events = events
        client.onChange = { [weak self] in
            guard let self else { return }
            if let waiting = self.waitingStart, self.client.accessPoint != nil {
                self.waitingStart = nil
                self.events.cancel(waiting.timer)
                self.startHotspot(waiting.hotspot, waiting.done)
            }
            self.onChange?()
        }
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
        // Already there: iwd would answer the same, after a round trip.
        if client.device?.mode == mode.rawValue { return done(nil) }
        client.setMode(mode.rawValue) { done($0.map(Self.failure)) }
    }

    func startHotspot(_ hotspot: Hotspot, _ done: @escaping (RadioFailure?) -> Void) {
        // iwd may answer the mode's change before the access point's interface is on the bus.
        guard client.accessPoint != nil else {
            let timer = events.schedule(after: Self.accessPointWait) { [weak self] in
                guard let self, let waiting = self.waitingStart else { return }
                self.waitingStart = nil
                waiting.done(RadioFailure(.other, "iwd showed no access point after switching to it"))
            }
            waitingStart = (hotspot, done, timer)
            return
        }
        client.startAccessPoint(name: hotspot.network, passphrase: hotspot.passphrase) { done($0.map(Self.failure)) }
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
