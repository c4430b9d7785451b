/// The panel's side of setting up Wi-Fi: it keeps `status` (what the panel draws and `wifi.state` says) and
/// carries out what a person asks, on the panel or from a phone, through the radio. One radio does one thing at
/// a time, so a join from the hotspot takes the hotspot down first; if the join fails, the same hotspot (same
/// name, same passphrase) comes back so the phone rejoins by itself, and the outcome stays on the panel and in
/// the page. A panel that loses a network it had never opens a hotspot on its own: it asks iwd to scan every
/// `retryScanSeconds` so the network is found again as soon as it is back.
///
/// Time is a parameter: `clock` gives monotonic seconds, `wallClock` seconds since 1970 for outcomes, and the
/// owner calls `tick()` at `nextDeadline`.
public final class WiFiSetup {
    /// How long a joined network may take to give an address before the panel calls it "no address from DHCP".
    public static let addressSeconds = 30.0
    /// How often the panel asks for a scan while it retries a lost network (iwd alone backs off to 5 minutes).
    public static let retryScanSeconds = 20.0
    /// How long iwd gets to join a known network by itself before the panel tries once, for a verdict.
    public static let autoconnectGraceSeconds = 10.0
    static let hotspotLookSeconds = 10.0
    static let addressLookSeconds = 1.0
    static let signalLookSeconds = 30.0

    public private(set) var status = WiFiStatus()
    /// Called after every change of `status` or of `nextDeadline`: redraw, rewrite `wifi.state`, schedule `tick()`.
    public var onChange: (() -> Void)?
    public let hotspot: Hotspot

    private let radio: WiFiRadio
    private let address: (String) -> String?
    private let clock: () -> Double
    private let wallClock: () -> Int64

    private enum Phase: Equatable {
        case station
        /// Scanning, switching to access-point mode, starting it.
        case openingHotspot
        case hotspot
        case closingHotspot
        /// Trying `network`; `fromHotspot`: on failure the hotspot comes back.
        case joining(network: String, fromHotspot: Bool)
        /// Joined; waiting for DHCP until `until`.
        case awaitingAddress(network: String, fromHotspot: Bool, until: Double)
    }
    private var phase = Phase.station
    private var lastPhoneAt = 0.0
    private var nextHotspotLook = 0.0
    private var nextRetryScan: Double?
    private var nextAddressLook: Double?
    private var nextSignalLook: Double?
    /// The network the panel was last on: lost, it is retried, never replaced by a hotspot.
    private var hadNetwork: String?
    private var radioSince: Double?
    /// Known networks already tried once for a verdict in this run.
    private var triedKnown: Set<String> = []

    public init(radio: WiFiRadio, hotspot: Hotspot, address: @escaping (String) -> String?,
                clock: @escaping () -> Double, wallClock: @escaping () -> Int64) {
        self.radio = radio
        self.hotspot = hotspot
        self.address = address
        self.clock = clock
        self.wallClock = wallClock
        radio.onChange = { [weak self] in self?.radioChanged() }
        radioChanged()
    }

    /// Whether the panel should offer Wi-Fi set-up by itself: a radio, no network it knows, not on one.
    public var needsSetUp: Bool {
        status.radio && status.known.isEmpty && status.step == .idle && hadNetwork == nil
    }

    /// Whether the hotspot is up or being opened.
    public var hotspotShown: Bool { phase == .openingHotspot || phase == .hotspot || isJoiningFromHotspot }

    private var isJoiningFromHotspot: Bool {
        switch phase {
        case .joining(_, let fromHotspot), .awaitingAddress(_, let fromHotspot, _): return fromHotspot
        default: return false
        }
    }

    // MARK: What a person asks

    public func handle(_ request: WiFiRequest) {
        guard status.radio else { return }
        switch request {
        case .hotspot: openHotspot()
        case .cancel: closeHotspot()
        case .join(let network, let password, let hidden): join(network, passphrase: password.isEmpty ? nil : password, hidden: hidden)
        case .forget(let network):
            radio.forget(network) { [weak self] _ in
                guard let self else { return }
                if self.hadNetwork == network { self.hadNetwork = nil }
                self.radioChanged()
            }
        }
    }

    private func openHotspot() {
        guard phase == .station else { return }
        phase = .openingHotspot
        status.outcome = nil
        radioChanged()
        // Scan first, as a station: the page lists what the panel saw (a scan while serving depends on the driver).
        scanThen { [weak self] in
            guard let self, self.phase == .openingHotspot else { return }
            self.raiseHotspot()
        }
    }

    /// Access-point mode and the hotspot started; used again after a failed join.
    private func raiseHotspot() {
        phase = .openingHotspot
        radio.setMode(.ap) { [weak self] failure in
            guard let self else { return }
            if let failure { return self.hotspotFailed(failure) }
            self.radio.startHotspot(self.hotspot) { [weak self] failure in
                guard let self else { return }
                if let failure { return self.hotspotFailed(failure) }
                self.phase = .hotspot
                self.lastPhoneAt = self.clock()
                self.nextHotspotLook = self.lastPhoneAt + Self.hotspotLookSeconds
                self.radioChanged()
            }
        }
    }

    private func hotspotFailed(_ failure: RadioFailure) {
        status.outcome = WiFiStatus.Outcome(network: hotspot.network, result: .failed, at: wallClock())
        phase = .station
        radio.setMode(.station) { [weak self] _ in self?.radioChanged() }
        radioChanged()
    }

    private func closeHotspot() {
        guard phase == .hotspot || phase == .openingHotspot else { return }
        phase = .closingHotspot
        radioChanged()
        radio.stopHotspot { [weak self] _ in
            self?.radio.setMode(.station) { [weak self] _ in
                guard let self else { return }
                self.phase = .station
                self.radioChanged()
            }
        }
    }

    private func join(_ network: String, passphrase: String?, hidden: Bool) {
        let fromHotspot = hotspotShown
        phase = .joining(network: network, fromHotspot: fromHotspot)
        status.outcome = nil
        radioChanged()
        let attempt = { [weak self] in
            guard let self else { return }
            let listed = { [weak self] in hidden || (self?.radio.view.networks.contains { $0.name == network } ?? true) }
            self.scanThen(until: listed) { [weak self] in self?.connect(network, passphrase: passphrase, hidden: hidden, fromHotspot: fromHotspot) }
        }
        // A password typed anew replaces the one the panel keeps: else iwd would join with the old one and never
        // ask for it, and a wrong new password would look like success.
        let replacing = passphrase != nil && radio.view.known.contains(network)
        let start = { [weak self] in
            guard let self else { return }
            if replacing { self.radio.forget(network) { _ in attempt() } } else { attempt() }
        }
        if radio.view.mode == .ap {
            radio.stopHotspot { [weak self] _ in self?.radio.setMode(.station) { _ in start() } }
        } else {
            start()
        }
    }

    /// How many scans a visible network gets to show up in before it is "not found": just back from access-point
    /// mode, iwd has no list yet, and a first scan may end before the network answered.
    static let scansForANetwork = 3

    private func connect(_ network: String, passphrase: String?, hidden: Bool, fromHotspot: Bool, scans: Int = 1) {
        guard phase == .joining(network: network, fromHotspot: fromHotspot) else { return }
        if !hidden && !radio.view.networks.contains(where: { $0.name == network }) {
            guard scans < Self.scansForANetwork else { return ended(network, .notFound, fromHotspot: fromHotspot) }
            return scanThen(until: { [weak self] in self?.radio.view.networks.contains { $0.name == network } ?? true }) { [weak self] in
                self?.connect(network, passphrase: passphrase, hidden: hidden, fromHotspot: fromHotspot, scans: scans + 1)
            }
        }
        radio.join(network, passphrase: passphrase, hidden: hidden) { [weak self] failure in
            guard let self, self.phase == .joining(network: network, fromHotspot: fromHotspot) else { return }
            guard let failure else {
                let now = self.clock()
                self.phase = .awaitingAddress(network: network, fromHotspot: fromHotspot, until: now + Self.addressSeconds)
                self.nextAddressLook = now
                self.tick()
                // Waiting for DHCP is a deadline the owner must hear of.
                self.publish()
                return
            }
            switch failure.kind {
            case .failed: self.ended(network, passphrase == nil && !self.isSecured(network) ? .failed : .wrongPassword, fromHotspot: fromHotspot)
            case .notFound: self.ended(network, .notFound, fromHotspot: fromHotspot)
            case .interrupted where !fromHotspot && passphrase == nil:
                // iwd was joining it by itself meanwhile: no verdict yet; the next look tries again.
                self.triedKnown.remove(network)
                self.phase = .station
                self.radioChanged()
            case .interrupted, .other: self.ended(network, .failed, fromHotspot: fromHotspot)
            }
        }
    }

    private func isSecured(_ network: String) -> Bool {
        radio.view.networks.first { $0.name == network }.map { $0.security != "open" } ?? true
    }

    /// A join ended: say how, and bring the hotspot back if it came from there and did not work.
    private func ended(_ network: String, _ result: WiFiStatus.Outcome.Result, address: String? = nil, fromHotspot: Bool) {
        status.outcome = WiFiStatus.Outcome(network: network, result: result, address: address, at: wallClock())
        if result == .joined {
            hadNetwork = network
            phase = .station
            radioChanged()
        } else if fromHotspot {
            raiseHotspot()
            radioChanged()
        } else {
            phase = .station
            radioChanged()
        }
    }

    /// Asks iwd for a scan and runs `then` once a scan has run its course (seen under way, then ended: iwd's
    /// reply to Scan comes before its list does), as soon as `enough` holds (the network sought is listed), or once
    /// `scanWaitSeconds` have passed: a scan that never ends (a radio that keeps scanning, a reply that never
    /// comes) must not leave a person waiting.
    private func scanThen(until enough: @escaping () -> Bool = { false }, _ then: @escaping () -> Void) {
        afterScan = then
        afterScanEnough = enough
        sawScanning = radio.view.scanning
        afterScanDeadline = clock() + Self.scanWaitSeconds
        // The owner schedules `tick()` when it hears a change: a new deadline is one.
        publish()
        radio.scan { [weak self] _ in self?.runAfterScanIfIdle() }
    }
    /// The longest the set-up waits for a scan before it goes on with what it has.
    public static let scanWaitSeconds = 15.0
    private var afterScan: (() -> Void)?
    private var afterScanEnough: () -> Bool = { false }
    private var sawScanning = false
    private var afterScanDeadline: Double?
    private func runAfterScanIfIdle(force: Bool = false) {
        guard let then = afterScan else { return }
        if radio.view.scanning { sawScanning = true }
        guard force || afterScanEnough() || (sawScanning && !radio.view.scanning) else { return }
        afterScan = nil
        afterScanDeadline = nil
        then()
    }

    // MARK: Following the radio and the time

    private func radioChanged() {
        let view = radio.view
        let now = clock()
        if view.present && radioSince == nil { radioSince = now }
        if !view.present { radioSince = nil }
        status.radio = view.present
        status.known = view.known
        // In access-point mode iwd lists no networks: the page keeps showing the last station scan.
        if view.mode == .station && (!view.networks.isEmpty || (!view.scanning && phase == .station)) {
            status.networks = view.networks
        }
        switch phase {
        case .station, .closingHotspot:
            status.hotspot = nil
            status.phones = 0
            if view.mode == .station, view.state == "connected", let network = view.connected {
                if hadNetwork != network { status.address = nil; nextAddressLook = now }
                hadNetwork = network
                status.step = .connected
                status.network = network
                nextRetryScan = nil
                if nextSignalLook == nil { nextSignalLook = now }
            } else if let lost = hadNetwork {
                status.step = .retrying
                status.network = lost
                status.address = nil
                status.signal = nil
                nextSignalLook = nil
                if nextRetryScan == nil { nextRetryScan = now + Self.retryScanSeconds }
            } else {
                status.step = view.state == "connecting" ? .connecting : .idle
                status.network = view.state == "connecting" ? view.connected : nil
                status.address = nil
                status.signal = nil
            }
        case .openingHotspot, .hotspot:
            status.step = .hotspot
            status.hotspot = phase == .hotspot ? hotspot.network : nil
            status.network = nil
            status.address = phase == .hotspot ? Hotspot.address : nil
            status.signal = nil
        case .joining(let network, _), .awaitingAddress(let network, _, _):
            status.step = .joining
            status.network = network
            status.hotspot = nil
            status.address = nil
        }
        runAfterScanIfIdle()
        publish()
    }

    private func publish() { onChange?() }

    /// When `tick()` wants calling next (monotonic seconds), nil when nothing waits on time.
    public var nextDeadline: Double? {
        var deadlines: [Double] = []
        if afterScan != nil, let deadline = afterScanDeadline { deadlines.append(deadline) }
        switch phase {
        case .hotspot: deadlines.append(nextHotspotLook)
        case .awaitingAddress(_, _, let until): deadlines += [until, nextAddressLook ?? until]
        case .station:
            if status.step == .retrying, let next = nextRetryScan { deadlines.append(next) }
            if status.step == .connected {
                if status.address == nil, let next = nextAddressLook { deadlines.append(next) }
                if let next = nextSignalLook { deadlines.append(next) }
            }
            if let since = radioSince, verdictCandidate != nil { deadlines.append(since + Self.autoconnectGraceSeconds) }
        default: break
        }
        return deadlines.min()
    }

    /// A known network in sight that iwd has not joined by itself: tried once for a verdict (a wrong password
    /// from the card shows only this way: iwd's own attempts report nothing).
    private var verdictCandidate: String? {
        // One view: iwd's radio builds it afresh (sorted, mapped) each time it is asked.
        let view = radio.view
        guard phase == .station, hadNetwork == nil, view.mode == .station, view.state == "disconnected", !view.scanning
        else { return nil }
        return view.networks.first { $0.known && !triedKnown.contains($0.name) }?.name
    }

    /// Does what is due: looks for the address, counts phones, closes an unused hotspot, scans for a lost network.
    public func tick() {
        let now = clock()
        if afterScan != nil, let deadline = afterScanDeadline, now >= deadline { return runAfterScanIfIdle(force: true) }
        switch phase {
        case .awaitingAddress(let network, let fromHotspot, let until):
            if let interface = radio.view.interface, let address = address(interface) {
                status.address = address
                return ended(network, .joined, address: address, fromHotspot: fromHotspot)
            }
            if now >= until { return ended(network, .noAddress, fromHotspot: fromHotspot) }
            nextAddressLook = now + Self.addressLookSeconds
        case .hotspot where now >= nextHotspotLook:
            nextHotspotLook = now + Self.hotspotLookSeconds
            radio.countPhones { [weak self] count in
                guard let self, self.phase == .hotspot else { return }
                let phones = count ?? 0
                if phones > 0 { self.lastPhoneAt = self.clock() }
                if phones != self.status.phones { self.status.phones = phones; self.publish() }
                if self.clock() - self.lastPhoneAt >= Hotspot.idleMinutes * 60 { self.closeHotspot() }
            }
        case .station:
            if status.step == .retrying, let next = nextRetryScan, now >= next {
                nextRetryScan = now + Self.retryScanSeconds
                radio.scan { _ in }
            }
            if status.step == .connected {
                if status.address == nil, let next = nextAddressLook, now >= next, let interface = radio.view.interface {
                    status.address = address(interface)
                    nextAddressLook = status.address == nil ? now + Self.addressLookSeconds : nil
                    if status.address != nil { publish() }
                }
                if let next = nextSignalLook, now >= next {
                    nextSignalLook = now + Self.signalLookSeconds
                    radio.readSignal { [weak self] signal in
                        guard let self, signal != self.status.signal else { return }
                        self.status.signal = signal
                        self.publish()
                    }
                }
            }
            if let since = radioSince, now >= since + Self.autoconnectGraceSeconds, let network = verdictCandidate {
                triedKnown.insert(network)
                phase = .joining(network: network, fromHotspot: false)
                radioChanged()
                connect(network, passphrase: nil, hidden: false, fromHotspot: false)
            }
        default: break
        }
    }
}
