import Feeds
import Glibc
import Pairing
import Platform
import Raster
import Testing
import Touch
@testable import Reader

/// Pairing a phone from the panel, over the bundled samples on the virtual clock (noon UTC, 2026-11-24): the
/// menu's Phone, the card with its code and its time left, and each way the card ends; the phones listed in
/// settings, and Forget.
@Suite struct PairingJourneyTests {
    let reader: HeadlessReader
    let folder: String
    var time = 0.0
    static let start = Timestamp(year: 2026, month: 11, day: 24, hour: 12)

    init() throws {
        var template = Array("/tmp/lectern-pairing-XXXXXX".utf8CString)
        folder = String(cString: mkdtemp(&template)!)
        reader = try HeadlessReader.overSamples()
        reader.context.pairing = PanelPairing(book: PairingBook(directory: folder), address: "192.0.2.7")
        try reader.loop.frame(at: 0)
    }

    var book: PairingBook { PairingBook(directory: folder) }
    var app: ReaderApp { reader.app }
    var wallNow: Int64 { Self.start.secondsSince1970 + Int64(time.rounded(.down)) }

    func field(_ name: String) -> JSONValue? { app.inspection().first { $0.0 == name }?.1 }

    /// Runs the loop until `end`: frames while something moves, else straight to the next deadline.
    mutating func run(until end: Double) throws {
        while time < end {
            let next = reader.loop.needsFrame ? time + 1.0 / 60 : (reader.loop.wakeTime ?? end)
            time = min(end, max(next, time + 1.0 / 60))
            try reader.loop.frame(at: time)
            reader.loop.prepareAhead()
        }
    }

    mutating func tap(_ x: Double, _ y: Double) throws {
        app.handle(TouchFrame([TouchEvent(slot: 0, phase: .down, x: x, y: y, time: time)]))
        try run(until: time + 0.06)
        app.handle(TouchFrame([TouchEvent(slot: 0, phase: .up, x: x, y: y, time: time)]))
        try run(until: time + 0.5)
    }

    /// Phone, chosen from the menu as a person does.
    mutating func openFromTheMenu() throws {
        app.presentMenu(at: time)
        try run(until: time + 0.5)
        let items = app.menuPanel?.items ?? []
        guard let phone = items.first(where: { $0.name == "Phone" }) else {
            Issue.record("the menu has no Phone: \(items.map(\.name))")
            return
        }
        try tap(phone.frame.midX, phone.frame.midY)
    }

    @Test mutating func phoneInTheMenuShowsTheCodeAndTheTimeLeft() throws {
        defer { _ = system("rm -rf '\(folder)'") }
        try openFromTheMenu()
        let window = try #require(book.window())
        #expect(window.state == .open && window.expires - window.opened == 300)
        #expect(field("overlay") == .string("qr"))
        #expect(field("qr") == .object([("text", .string("http://192.0.2.7/pair#\(window.code)"))]))
        #expect(field("pairing") == .object([("expires", .integer(300 - Int(wallNow - window.opened))), ("state", .string("open"))]))
        // The time left is drawn again each second, and only while the card shows.
        try run(until: time + 23)
        let card = try #require(app.pairingCard)
        #expect(card.shownLeft == window.expires - wallNow)
        #expect(PairingCard.timeLeft(card.shownLeft) == "4:\(card.shownLeft - 240 < 10 ? "0" : "")\(card.shownLeft - 240) left")
        #expect(app.pairingTick.map { $0 > time && $0 <= time + 1 } == true)
        #expect(PairingCard.timeLeft(277) == "4:37 left" && PairingCard.timeLeft(5) == "0:05 left")
    }

    @Test mutating func aPhoneThatPairsClosesTheCardAndThePanelSaysWhich() throws {
        defer { _ = system("rm -rf '\(folder)'") }
        try openFromTheMenu()
        let window = try #require(book.window())
        guard case .paired = try book.pair(code: window.code, name: "Chrome on Android", now: wallNow) else {
            Issue.record("the code did not pair"); return
        }
        // What the kiosk does when it sees the window's file change.
        app.pairingWindowChanged(book.window())
        try run(until: time + 1)
        #expect(field("overlay") == .null && field("pairing") == .null)
        #expect(field("notice") == .string("Paired: Chrome on Android"))
        #expect(app.pairingTick == nil)
        try run(until: time + ReaderApp.footNoteSeconds + 1)
        #expect(field("notice") == .null, "the line goes after a few seconds")
    }

    @Test mutating func tenWrongCodesAreSaidOnTheCard() throws {
        defer { _ = system("rm -rf '\(folder)'") }
        try openFromTheMenu()
        for _ in 0..<PairingWindow.wrongCodeLimit { _ = try book.pair(code: "WRONG", name: "x", now: wallNow) }
        app.pairingWindowChanged(book.window())
        try run(until: time + 1)
        #expect(field("overlay") == .string("qr"))
        #expect(app.pairingCard?.window.state == .refused)
        #expect(app.pairingTick == nil, "nothing counts down on a closed window")
        try tap(400, 240)
        #expect(field("overlay") == .null)
        #expect(book.window()?.state == .refused, "a tap does not reopen what wrong codes closed")
    }

    @Test mutating func theCardClosesWhenTheTimeRunsOut() throws {
        defer { _ = system("rm -rf '\(folder)'") }
        try openFromTheMenu()
        let expires = Double(try #require(book.window()).expires - Self.start.secondsSince1970)
        try run(until: expires - 0.5)
        #expect(field("overlay") == .string("qr"))
        #expect(field("pairing") == .object([("expires", .integer(1)), ("state", .string("open"))]))
        try run(until: expires + 0.01)
        #expect(field("overlay") == .null && app.pairingTick == nil)
    }

    @Test mutating func aTapOnTheCardCancelsTheWindow() throws {
        defer { _ = system("rm -rf '\(folder)'") }
        try openFromTheMenu()
        try tap(400, 240)
        #expect(field("overlay") == .null)
        #expect(book.window()?.state == .cancelled)
        let code = try #require(book.window()?.code)
        #expect(try book.pair(code: code, name: "late", now: wallNow) == .noWindow, "the code is no use afterwards")
        // The file's change, heard after the tap, brings nothing back.
        app.pairingWindowChanged(book.window())
        #expect(field("overlay") == .null)
    }

    @Test mutating func aWindowOpenedFromAShellShowsTheSameCard() throws {
        defer { _ = system("rm -rf '\(folder)'") }
        let window = try book.open(now: wallNow)
        app.pairingWindowChanged(book.window())
        try run(until: time + 1)
        #expect(field("qr") == .object([("text", .string("http://192.0.2.7/pair#\(window.code)"))]))
        try tap(400, 240)
        // Heard again (the cancel's own write): not shown a second time.
        app.pairingWindowChanged(book.window())
        #expect(field("overlay") == .null)
    }

    @Test mutating func settingsListThePhonesAndForgetEndsASession() throws {
        defer { _ = system("rm -rf '\(folder)'") }
        let window = try book.open(now: wallNow - 3 * 86_400)
        guard case .paired(let phone) = try book.pair(code: window.code, name: "Chrome on Android", now: wallNow - 3 * 86_400) else {
            Issue.record("not paired"); return
        }
        app.perform(.showSettings)
        try run(until: time + 0.5)
        let settings = try #require(app.screen as? NoticeScreen)
        #expect(settings.lines.contains { line in
            if case .phone(let label, let value, let id) = line { label == "Chrome on Android" && value == "paired 3 d ago" && id == phone.id } else { false }
        })
        #expect(settings.targets.contains { $0.name == "Phone" })
        let forget = try #require(settings.targets.first { $0.name == "Forget" })
        try tap(forget.frame.midX, forget.frame.midY)
        #expect(book.phones().isEmpty && book.phone(session: phone.session) == nil)
        let after = try #require(app.screen as? NoticeScreen)
        #expect(!after.targets.contains { $0.name == "Forget" }, "the list is drawn again without it")
    }

    @Test mutating func phoneOnTheSettingsScreenOpensTheCard() throws {
        defer { _ = system("rm -rf '\(folder)'") }
        app.perform(.showSettings)
        try run(until: time + 0.5)
        let settings = try #require(app.screen as? NoticeScreen)
        let phone = try #require(settings.targets.first { $0.name == "Phone" })
        try tap(phone.frame.midX, phone.frame.midY)
        #expect(field("overlay") == .string("qr") && book.window()?.state == .open)
    }

    @Test mutating func withoutAStateDirectoryThePanelSaysSo() throws {
        defer { _ = system("rm -rf '\(folder)'") }
        reader.context.pairing = nil
        app.perform(.showPairing)
        try run(until: time + 0.5)
        #expect(field("overlay") == .null)
        #expect(field("notice")?.text.contains("no state directory") == true)
    }
}

/// The wall and the card: ambient waits while a person pairs, and a window opened from a shell brings the panel
/// out of ambient to show its code.
@Suite struct PairingWallTests {
    @Test func ambientWaitsForTheCardAndGivesWayToAShellsWindow() throws {
        var template = Array("/tmp/lectern-pairing-XXXXXX".utf8CString)
        let folder = String(cString: mkdtemp(&template)!)
        defer { _ = system("rm -rf '\(folder)'") }
        var settings = ReaderSettings()
        settings.idleMinutes = 1
        let reader = try HeadlessReader.overSamples(settings: settings)
        let book = PairingBook(directory: folder)
        reader.context.pairing = PanelPairing(book: book, address: "192.0.2.7")
        var time = 0.0
        func run(until end: Double) throws {
            while time < end {
                let next = reader.loop.needsFrame ? time + 1.0 / 60 : (reader.loop.wakeTime ?? end)
                time = min(end, max(next, time + 1.0 / 60))
                try reader.loop.frame(at: time)
            }
        }
        try run(until: 0.1)
        reader.app.perform(.showPairing)
        try run(until: 90)
        #expect(reader.app.screenName == "list" && reader.app.pairingCard != nil, "ambient held off while the card shows")
        try reader.app.closePairingCard(#require(reader.app.pairingCard))
        try run(until: 151)
        #expect(reader.app.screenName == "ambient")
        // `lectern pair` from a shell, heard by the kiosk.
        let start = Timestamp(year: 2026, month: 11, day: 24, hour: 12).secondsSince1970
        try book.open(now: start + Int64(time))
        reader.app.pairingWindowChanged(book.window())
        try run(until: time + 1)
        #expect(reader.app.screenName == "list" && reader.app.pairingCard?.window.code == book.window()?.code)
    }
}
