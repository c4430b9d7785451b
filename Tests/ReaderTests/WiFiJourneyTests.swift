import Feeds
import Raster
import Testing
import Touch
import Wireless
@testable import Reader

/// Wi-Fi from the panel over a radio that does at once what it is asked (no iwd): the menu's Wi-Fi, the card's
/// "Set up from phone", the hotspot's two codes, a phone's join ending joined or with a wrong password, Cancel,
/// and the settings' line with Forget.
@Suite struct WiFiJourneyTests {
    let reader: HeadlessReader
    let radio = StillRadio()
    let setup: WiFiSetup
    var time = 0.0
    var address: String?

    init() throws {
        reader = try HeadlessReader.overSamples()
        let hotspot = Hotspot(network: "Lectern-7F3A", passphrase: "q7mw-k2xd-9hpa")
        let box = AddressBox()
        setup = WiFiSetup(radio: radio, hotspot: hotspot, address: { _ in box.address }, clock: { 0 }, wallClock: { 1_764_300_000 })
        self.box = box
        reader.context.wifi = setup
        let app = reader.app
        setup.onChange = { app.wifiChanged() }
        try reader.loop.frame(at: 0)
    }

    final class AddressBox { var address: String? }
    let box: AddressBox

    var app: ReaderApp { reader.app }
    func field(_ name: String) -> JSONValue? { app.inspection().first { $0.0 == name }?.1 }

    mutating func run(until end: Double) throws {
        while time < end {
            let next = reader.loop.needsFrame ? time + 1.0 / 60 : (reader.loop.wakeTime ?? end)
            time = min(end, max(next, time + 1.0 / 60))
            try reader.loop.frame(at: time)
        }
    }

    mutating func tap(_ point: Point) throws {
        app.handle(TouchFrame([TouchEvent(slot: 0, phase: .down, x: point.x, y: point.y, time: time)]))
        try run(until: time + 0.06)
        app.handle(TouchFrame([TouchEvent(slot: 0, phase: .up, x: point.x, y: point.y, time: time)]))
        try run(until: time + 0.5)
    }

    mutating func tapTarget(_ target: WiFiCard.Target) throws {
        guard let frame = app.wifiCard?.targets.first(where: { $0.target == target })?.frame else {
            Issue.record("the Wi-Fi card has no \(target): \(app.wifiCard?.targets.map(\.target) ?? [])")
            return
        }
        try tap(Point(x: frame.midX, y: frame.midY))
    }

    @Test mutating func setUpFromPhoneShowsBothCodesThenTheJoinAndItsEnd() throws {
        app.presentMenu(at: time)
        try run(until: time + 0.5)
        guard let item = app.menuPanel?.items.first(where: { $0.name == "Wi-Fi" }) else {
            Issue.record("the menu has no Wi-Fi: \(app.menuPanel?.items.map(\.name) ?? [])")
            return
        }
        try tap(Point(x: item.frame.midX, y: item.frame.midY))
        #expect(field("overlay") == "wifi")
        #expect(field("wifi")?["step"] == "idle")
        try tapTarget(.setUpFromPhone)
        #expect(radio.asked == ["scan", "mode ap", "start Lectern-7F3A"])
        #expect(field("wifi")?["hotspot"] == "Lectern-7F3A")
        #expect(field("qr")?["text"] == "WIFI:T:WPA;S:Lectern-7F3A;P:q7mw-k2xd-9hpa;;")
        #expect(field("qr")?["page"] == "http://10.42.0.1/")
        // A stray tap keeps the codes up; only Cancel takes them down.
        try tap(Point(x: 640, y: 60))
        #expect(field("overlay") == "wifi")

        // A phone asks for Home with a wrong password: the same hotspot comes back and the card says so.
        radio.joins = [RadioFailure(.failed, "Operation failed"), nil]
        setup.handle(.join(network: "Home", password: "wrong horse", hidden: false))
        try run(until: time + 0.5)
        #expect(field("wifi")?["outcome"] == "wrong-password" && field("wifi")?["hotspot"] == "Lectern-7F3A")
        #expect(WiFiCard.words(for: setup.status, hotspot: setup.hotspot).lines.first?.hasPrefix("Wrong password for Home") == true)

        // Then the right one: joined, with the address DHCP gave.
        box.address = "192.168.50.23"
        setup.handle(.join(network: "Home", password: "correct horse", hidden: false))
        setup.tick()
        try run(until: time + 0.5)
        #expect(field("wifi")?["step"] == "connected" && field("wifi")?["outcome"] == "joined")
        #expect(field("wifi")?["hotspot"] == .null && field("qr") == .null)
        #expect(WiFiCard.words(for: setup.status, hotspot: setup.hotspot).lines.last == "Connected to Home, address 192.168.50.23, signal -48 dBm.")
        try tapTarget(.close)
        #expect(field("overlay") == .null)

        // Settings: the network, where it stands, and Forget.
        app.perform(.showSettings)
        try run(until: time + 0.5)
        guard let settings = app.screen as? NoticeScreen else { Issue.record("no settings screen"); return }
        #expect(settings.listedWiFi?.hasPrefix("Home: connected") == true)
        guard let forget = settings.targets.first(where: { $0.name == "Forget" && $0.action.map { if case .forgetWiFi = $0 { true } else { false } } == true })
        else { Issue.record("no Forget for the Wi-Fi network"); return }
        try tap(Point(x: forget.frame.midX, y: forget.frame.midY))
        #expect(radio.asked.last == "forget Home")
    }

    @Test mutating func cancelTakesTheHotspotDown() throws {
        app.perform(.showWiFi)
        try run(until: time + 0.3)
        try tapTarget(.setUpFromPhone)
        try tapTarget(.cancel)
        #expect(radio.asked.suffix(2) == ["stop", "mode station"])
        #expect(field("overlay") == .null && field("wifi")?["step"] == "idle")
    }
}
