import Testing
@testable import Wireless

/// A radio whose every operation finishes at once, as scripted, and which records what it was asked.
private final class ScriptedRadio: WiFiRadio {
    var view = RadioView()
    var onChange: (() -> Void)?
    var calls: [String] = []
    /// What the next joins end with (nil: joined), in turn; the last one repeats.
    var joins: [RadioFailure?] = [nil]
    var phones = 0

    init() {
        view.present = true
        view.interface = "wlan0"
        view.networks = [.init(name: "Home", signal: -42, security: "psk", known: false)]
    }

    func change(_ edit: (inout RadioView) -> Void) { edit(&view); onChange?() }

    /// true: a scan is asked for and never ends (a radio that keeps scanning).
    var scanHangs = false
    /// true: iwd's way just after a switch to station: the reply to Scan comes at once, the list later.
    var replyBeforeList = false
    func scan(_ done: @escaping (RadioFailure?) -> Void) {
        calls.append("scan")
        if replyBeforeList { return done(nil) }
        view.scanning = true
        onChange?()
        guard !scanHangs else { return }
        view.scanning = false
        onChange?()
        done(nil)
    }
    func join(_ network: String, passphrase: String?, hidden: Bool, _ done: @escaping (RadioFailure?) -> Void) {
        calls.append("join \(network) \(passphrase ?? "-")\(hidden ? " hidden" : "")")
        let result = joins.count > 1 ? joins.removeFirst() : joins[0]
        if result == nil { view.state = "connected"; view.connected = network; view.known.append(network) }
        done(result)
    }
    func setMode(_ mode: RadioMode, _ done: @escaping (RadioFailure?) -> Void) {
        calls.append("mode \(mode.rawValue)")
        view.mode = mode
        if mode == .ap || replyBeforeList { view.networks = [] } else { view.networks = [.init(name: "Home", signal: -42, security: "psk", known: false)] }
        done(nil)
    }
    func startHotspot(_ hotspot: Hotspot, _ done: @escaping (RadioFailure?) -> Void) {
        calls.append("start \(hotspot.network) \(hotspot.passphrase)")
        view.hotspotUp = true
        done(nil)
    }
    func stopHotspot(_ done: @escaping (RadioFailure?) -> Void) { calls.append("stop"); view.hotspotUp = false; done(nil) }
    func forget(_ network: String, _ done: @escaping (RadioFailure?) -> Void) {
        calls.append("forget \(network)")
        view.known.removeAll { $0 == network }
        done(nil)
    }
    func readSignal(_ done: @escaping (Int?) -> Void) { done(-55) }
    func countPhones(_ done: @escaping (Int?) -> Void) { done(phones) }
}

private final class Rig {
    let radio = ScriptedRadio()
    var now = 100.0
    var address: String?
    var changes = 0
    let hotspot = Hotspot(network: "Lectern-7F3A", passphrase: "abcd-efgh-jkmn")
    lazy var setup: WiFiSetup = {
        let setup = WiFiSetup(radio: radio, hotspot: hotspot, address: { [unowned self] interface in
            interface == "wlan0" ? self.address : nil
        }, clock: { [unowned self] in self.now }, wallClock: { [unowned self] in Int64(self.now) + 1_764_300_000 })
        setup.onChange = { [unowned self] in
            self.changes += 1
            self.scheduled = self.setup.nextDeadline
        }
        scheduled = setup.nextDeadline
        return setup
    }()
    /// The deadline as the kiosk knows it: read when the set-up says it changed and after each tick, never else.
    var scheduled: Double?

    /// Moves the clock to `seconds` later, ticking at every deadline on the way, as the kiosk's loop does.
    func pass(_ seconds: Double) {
        let end = now + seconds
        while let next = scheduled, next <= end {
            now = max(now, next)
            setup.tick()
            scheduled = setup.nextDeadline
        }
        now = end
    }
}

@Suite struct WiFiSetupTests {
    @Test func setUpFromPhoneScansThenOpensTheHotspot() {
        let rig = Rig()
        #expect(rig.setup.status.radio && rig.setup.status.step == .idle && rig.setup.needsSetUp)
        rig.setup.handle(.hotspot)
        #expect(rig.radio.calls == ["scan", "mode ap", "start Lectern-7F3A abcd-efgh-jkmn"])
        let status = rig.setup.status
        #expect(status.step == .hotspot && status.hotspot == "Lectern-7F3A" && status.address == "10.42.0.1")
        // The page lists what the station saw before the radio turned access point.
        #expect(status.networks.map(\.name) == ["Home"])
        #expect(rig.changes > 0)
    }

    @Test func aJoinFromThePhoneTakesTheHotspotDownAndEndsJoinedWithAnAddress() {
        let rig = Rig()
        rig.setup.handle(.hotspot)
        rig.radio.calls = []
        rig.setup.handle(.join(network: "Home", password: "correct horse", hidden: false))
        #expect(rig.radio.calls == ["stop", "mode station", "scan", "join Home correct horse"])
        #expect(rig.setup.status.step == .joining && rig.setup.status.network == "Home")
        // DHCP answers after three seconds.
        rig.pass(3)
        rig.address = "192.168.50.23"
        rig.pass(1)
        let status = rig.setup.status
        #expect(status.outcome == .init(network: "Home", result: .joined, address: "192.168.50.23", at: 1_764_300_104))
        #expect(status.step == .connected && status.network == "Home" && status.address == "192.168.50.23" && status.hotspot == nil)
        #expect(!rig.radio.calls.contains { $0.hasPrefix("start") })
    }

    @Test func aWrongPasswordBringsTheSameHotspotBackAndSaysSo() {
        let rig = Rig()
        rig.setup.handle(.hotspot)
        rig.radio.joins = [RadioFailure(.failed, "Operation failed"), nil]
        rig.radio.calls = []
        rig.setup.handle(.join(network: "Home", password: "wrong horse", hidden: false))
        #expect(rig.radio.calls == ["stop", "mode station", "scan", "join Home wrong horse", "mode ap", "start Lectern-7F3A abcd-efgh-jkmn"])
        #expect(rig.setup.status.outcome?.result == .wrongPassword && rig.setup.status.outcome?.network == "Home")
        #expect(rig.setup.status.step == .hotspot && rig.setup.status.hotspot == "Lectern-7F3A")
        // The retry from the phone works.
        rig.address = "192.168.50.23"
        rig.setup.handle(.join(network: "Home", password: "correct horse", hidden: false))
        rig.pass(1)
        #expect(rig.setup.status.outcome?.result == .joined && rig.setup.status.step == .connected)
    }

    @Test func aNetworkOutOfSightIsNotFoundAndAHiddenOneIsAskedForByName() {
        let rig = Rig()
        rig.setup.handle(.hotspot)
        rig.radio.calls = []
        rig.setup.handle(.join(network: "Elsewhere", password: "secretpass", hidden: false))
        // Three scans for it, then "not found", and the hotspot back.
        #expect(rig.radio.calls.filter { $0 == "scan" }.count == 3)
        #expect(rig.setup.status.outcome?.result == .notFound && rig.setup.status.step == .hotspot)
        #expect(!rig.radio.calls.contains { $0.hasPrefix("join") })
        rig.radio.joins = [RadioFailure(.notFound, "Object not found")]
        rig.setup.handle(.join(network: "Attic", password: "secretpass", hidden: true))
        #expect(rig.radio.calls.contains("join Attic secretpass hidden"))
        #expect(rig.setup.status.outcome?.result == .notFound && rig.setup.status.step == .hotspot)
    }

    @Test func noAddressWithinHalfAMinuteIsSaid() {
        let rig = Rig()
        rig.setup.handle(.hotspot)
        rig.setup.handle(.join(network: "Home", password: "correct horse", hidden: false))
        rig.pass(29)
        #expect(rig.setup.status.step == .joining)
        rig.pass(2)
        #expect(rig.setup.status.outcome?.result == .noAddress && rig.setup.status.step == .hotspot)
    }

    @Test func theHotspotClosesAfterAQuarterHourWithoutAPhone() {
        let rig = Rig()
        rig.setup.handle(.hotspot)
        rig.radio.phones = 1
        rig.pass(10 * 60)
        #expect(rig.setup.status.phones == 1)
        rig.radio.phones = 0
        rig.pass(14 * 60)
        #expect(rig.setup.status.step == .hotspot)
        rig.pass(2 * 60)
        #expect(rig.setup.status.step == .idle && rig.setup.status.hotspot == nil)
        #expect(rig.radio.calls.suffix(2) == ["stop", "mode station"])
        #expect(rig.setup.nextDeadline == nil)
    }

    @Test func aScanThatNeverEndsHoldsTheHotspotBackAQuarterMinuteAtMost() {
        let rig = Rig()
        rig.radio.scanHangs = true
        rig.setup.handle(.hotspot)
        #expect(rig.radio.calls == ["scan"] && rig.setup.status.hotspot == nil)
        rig.pass(14)
        #expect(rig.radio.calls == ["scan"])
        rig.pass(2)
        #expect(rig.radio.calls == ["scan", "mode ap", "start Lectern-7F3A abcd-efgh-jkmn"])
        #expect(rig.setup.status.hotspot == "Lectern-7F3A")
    }

    @Test func aJoinWaitsForTheListThatComesAfterTheScansReply() {
        let rig = Rig()
        rig.setup.handle(.hotspot)
        rig.radio.replyBeforeList = true
        rig.radio.change { $0.networks = [] }
        rig.radio.calls = []
        rig.setup.handle(.join(network: "Home", password: "correct horse", hidden: false))
        #expect(rig.radio.calls == ["stop", "mode station", "scan"] && rig.setup.status.step == .joining)
        rig.pass(3)
        // The list arrives: the join goes ahead, no "not found".
        rig.radio.change { $0.networks = [.init(name: "Home", signal: -42, security: "psk", known: false)] }
        #expect(rig.radio.calls.last == "join Home correct horse")
        #expect(rig.setup.status.outcome?.result != .notFound)
    }

    @Test func aPasswordTypedAnewReplacesTheKeptOne() {
        let rig = Rig()
        rig.radio.view.known = ["Home"]
        rig.setup.handle(.hotspot)
        rig.radio.calls = []
        rig.radio.joins = [RadioFailure(.failed, "Operation failed")]
        rig.setup.handle(.join(network: "Home", password: "wrong horse", hidden: false))
        #expect(rig.radio.calls.prefix(4) == ["stop", "mode station", "forget Home", "scan"])
        #expect(rig.setup.status.outcome?.result == .wrongPassword && rig.setup.status.step == .hotspot)
    }

    @Test func cancelClosesTheHotspot() {
        let rig = Rig()
        rig.setup.handle(.hotspot)
        rig.setup.handle(.cancel)
        #expect(rig.radio.calls.suffix(2) == ["stop", "mode station"] && rig.setup.status.step == .idle)
    }

    @Test func aLostNetworkIsRetriedWithScansAndNeverAHotspot() {
        let rig = Rig()
        rig.radio.change { $0.state = "connected"; $0.connected = "Home"; $0.known = ["Home"] }
        _ = rig.setup
        rig.address = "192.168.50.23"
        rig.pass(1)
        #expect(rig.setup.status.step == .connected && rig.setup.status.address == "192.168.50.23" && rig.setup.status.signal == -55)
        #expect(!rig.setup.needsSetUp)
        rig.radio.change { $0.state = "disconnected"; $0.connected = nil }
        #expect(rig.setup.status.step == .retrying && rig.setup.status.network == "Home" && rig.setup.status.address == nil)
        rig.radio.calls = []
        rig.pass(61)
        #expect(rig.radio.calls == ["scan", "scan", "scan"])
        rig.radio.change { $0.state = "connected"; $0.connected = "Home" }
        #expect(rig.setup.status.step == .connected)
        #expect(!rig.radio.calls.contains { $0.hasPrefix("mode") || $0.hasPrefix("start") })
    }

    @Test func aKnownNetworkIsTriedOnceForAVerdictWhenIwdDoesNotJoinIt() {
        let rig = Rig()
        rig.radio.view.known = ["Home"]
        rig.radio.view.networks = [.init(name: "Home", signal: -42, security: "psk", known: true)]
        rig.radio.joins = [RadioFailure(.failed, "Operation failed")]
        _ = rig.setup
        rig.pass(9)
        #expect(rig.radio.calls.isEmpty)
        rig.pass(2)
        #expect(rig.radio.calls == ["join Home -"])
        #expect(rig.setup.status.outcome?.result == .wrongPassword && rig.setup.status.step == .idle)
        rig.pass(60)
        #expect(rig.radio.calls == ["join Home -"])
    }

    @Test func noRadioNoWiFi() {
        let rig = Rig()
        rig.radio.view = RadioView()
        rig.setup.handle(.hotspot)
        #expect(!rig.setup.status.radio && rig.radio.calls.isEmpty && !rig.setup.needsSetUp)
        #expect(WiFiStatus(reading: Array(rig.setup.status.json(updated: 1).text.utf8))?.radio == false)
    }
}
