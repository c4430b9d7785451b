import Wireless

/// A radio with a fixed neighbourhood that does at once whatever it is asked: what the tour's pictures and the
/// reader's tests show the Wi-Fi card over, without iwd. Joins end as `joins` says, in turn (nil: joined).
final class StillRadio: WiFiRadio {
    var view = RadioView()
    var onChange: (() -> Void)?
    var joins: [RadioFailure?] = [nil]
    private(set) var asked: [String] = []
    private let neighbourhood: [WiFiStatus.Network]

    init(networks: [WiFiStatus.Network] = [.init(name: "Home", signal: -48, security: "psk", known: false),
                                           .init(name: "Neighbours", signal: -77, security: "psk", known: false)]) {
        neighbourhood = networks
        view.present = true
        view.interface = "wlan0"
        view.networks = networks
    }

    func scan(_ done: @escaping (RadioFailure?) -> Void) {
        asked.append("scan")
        // Under way, then over, as iwd's Scanning property goes.
        view.scanning = true
        onChange?()
        view.scanning = false
        onChange?()
        done(nil)
    }
    func join(_ network: String, passphrase: String?, hidden: Bool, _ done: @escaping (RadioFailure?) -> Void) {
        asked.append("join \(network)")
        let result = joins.count > 1 ? joins.removeFirst() : joins[0]
        if result == nil {
            view.state = "connected"
            view.connected = network
            if !view.known.contains(network) { view.known.append(network) }
        }
        done(result)
    }
    func setMode(_ mode: RadioMode, _ done: @escaping (RadioFailure?) -> Void) {
        asked.append("mode \(mode.rawValue)")
        view.mode = mode
        view.networks = mode == .ap ? [] : neighbourhood
        done(nil)
    }
    func startHotspot(_ hotspot: Hotspot, _ done: @escaping (RadioFailure?) -> Void) {
        asked.append("start \(hotspot.network)")
        view.hotspotUp = true
        done(nil)
    }
    func stopHotspot(_ done: @escaping (RadioFailure?) -> Void) { asked.append("stop"); view.hotspotUp = false; done(nil) }
    func forget(_ network: String, _ done: @escaping (RadioFailure?) -> Void) {
        asked.append("forget \(network)")
        view.known.removeAll { $0 == network }
        if view.connected == network { view.connected = nil; view.state = "disconnected" }
        done(nil)
    }
    func readSignal(_ done: @escaping (Int?) -> Void) { done(-48) }
    func countPhones(_ done: @escaping (Int?) -> Void) { done(view.hotspotUp ? 1 : 0) }
}
