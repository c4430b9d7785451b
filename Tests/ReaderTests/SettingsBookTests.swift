import Glibc
import Pairing
import Platform
import Testing
@testable import Reader

/// The settings the panel and the phones share: where each value came from, a phone's lines marked, a phone's
/// change taken whole or not at all, and what the kiosk's environment and flags fixed left alone.
@Suite struct SettingsBookTests {
    /// A state directory, an image's directory and a card's, each in a new temporary folder.
    struct Folders {
        let root: String
        var state: String { root + "/state" }
        var image: String { root + "/etc" }
        var card: String { root + "/card" }

        init() throws {
            var template = Array("/tmp/lectern-settings-XXXXXX".utf8CString)
            root = String(cString: mkdtemp(&template)!)
            for folder in [state, image, card] { try AtomicFile.makeDirectory(folder) }
        }

        func write(_ text: String, to path: String) throws { try AtomicFile.write(Array(text.utf8), to: path) }

        var book: SettingsBook {
            SettingsBook(stateDirectory: state, configFiles: [image + "/lectern.conf", card + "/lectern.conf"], cardDirectory: card)
        }

        func remove() { _ = system("rm -rf '\(root)'") }
    }

    static func source(_ book: SettingsBook, _ key: String) -> (String, SettingSource)? {
        book.provenance().first { $0.key == key }.map { ($0.value, $0.source) }
    }

    @Test func eachSourceWinsOverTheOnesBeforeIt() throws {
        let folders = try Folders()
        defer { folders.remove() }
        try folders.write("theme = sepia\ntext-size = 19\nnight = 23:00-06:30\nidle-minutes = 9\ncard-seconds = 20\n",
                          to: folders.image + "/lectern.conf")
        try folders.write("text-size = 21\nnight = 22:00-06:00\nidle-minutes = 7\ncard-seconds = 30\n", to: folders.card + "/lectern.conf")
        try folders.book.write([("night", "21:00-07:00"), ("idle-minutes", "3")], origin: .panel)
        try folders.book.write([("idle-minutes", "2"), ("card-seconds", "40")], origin: .phone)
        try folders.book.writeFixed(environment: ["LECTERN_CARD_SECONDS": "50", "LECTERN_DIM_MINUTES": "4"],
                                    flags: [("dim-minutes", "5")])
        let book = folders.book
        let all = book.provenance()
        #expect(all.map(\.key) == ReaderSettings.keys, "every key, in order")
        #expect(Self.source(book, "rotate")! == ("0", .default))
        #expect(Self.source(book, "theme")! == ("sepia", .file))
        #expect(Self.source(book, "text-size")! == ("21", .card))
        #expect(Self.source(book, "night")! == ("21:00-07:00", .panel))
        #expect(Self.source(book, "idle-minutes")! == ("2", .phone), "the phone wrote it last")
        #expect(Self.source(book, "card-seconds")! == ("50", .environment))
        #expect(Self.source(book, "dim-minutes")! == ("5", .flag))
        // The reader's own parser reads the same file as it always did, comments and all.
        let text = String(decoding: try AtomicFile.read(folders.state + "/panel.conf"), as: UTF8.self)
        #expect(text.contains("idle-minutes = 2 # phone\n") && text.contains("night = 21:00-07:00\n"))
        #expect(!text.contains("theme"), "only the keys changed are written")
        let (settings, problems) = try ReaderLaunch.settings(configFiles: [], panelFile: folders.state + "/panel.conf",
                                                             environment: [:], flags: [])
        #expect(problems.isEmpty && settings.idleMinutes == 2 && settings.cardSeconds == 40 && settings.night == "21:00-07:00")
    }

    @Test func thePanelTakesBackAKeyAPhoneWrote() throws {
        let folders = try Folders()
        defer { folders.remove() }
        try folders.book.write([("theme", "dark"), ("night", "off")], origin: .phone)
        try folders.book.write([("theme", "sepia")], origin: .panel)
        #expect(Self.source(folders.book, "theme")! == ("sepia", .panel))
        #expect(Self.source(folders.book, "night")! == ("off", .phone), "what the phone wrote for other keys stays")
    }

    @Test func aPhonesChangeIsTakenWholeOrNotAtAll() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let book = folders.book
        try book.changeFromPhone([("theme", "dark"), ("night", "22:30-06:30")])
        #expect(Self.source(book, "theme")! == ("dark", .phone) && Self.source(book, "night")! == ("22:30-06:30", .phone))
        // One bad value: nothing of the change is written, and the error names the key and what it takes.
        #expect(throws: SettingError(key: "text-size", value: "huge", expected: "a number from 10 to 48")) {
            try book.changeFromPhone([("theme", "sepia"), ("text-size", "huge")])
        }
        #expect(Self.source(book, "theme")! == ("dark", .phone))
        // A key a phone may not change (the display's), and one that is no key at all.
        do {
            try book.changeFromPhone([("theme", "light"), ("rotate", "90")])
            Issue.record("a phone turned the display")
        } catch {
            #expect(error.key == "rotate" && error.description.contains("not from a phone"), "\(error)")
        }
        #expect(throws: SettingError.self) { try book.changeFromPhone([("colour", "red")]) }
        #expect(Self.source(book, "theme")! == ("dark", .phone) && Self.source(book, "rotate")! == ("0", .default))
        // A value that would add a line of its own to the file.
        #expect(throws: SettingError.self) { try book.changeFromPhone([("night", "off\nrotate = 90")]) }
        #expect(Self.source(book, "rotate")! == ("0", .default))
    }

    @Test func keysTheKioskWasStartedWithAreNotAPhones() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let book = folders.book
        try book.writeFixed(environment: ["LECTERN_NIGHT": "23:00-07:00", "HOME": "/root"], flags: [("theme", "dark")])
        #expect(book.fixedKeys() == ["night": .environment, "theme": .flag])
        do {
            try book.changeFromPhone([("text-size", "21"), ("night", "off")])
            Issue.record("a phone changed a key the environment fixed")
        } catch {
            #expect(error.description == "night is fixed by the kiosk's environment (LECTERN_NIGHT)", "\(error)")
        }
        do {
            try book.changeFromPhone([("theme", "light")])
            Issue.record("a phone changed a key a flag fixed")
        } catch {
            #expect(error.description == "theme is fixed by the kiosk's --theme flag", "\(error)")
        }
        #expect(Self.source(book, "text-size")! == ("17", .default), "nothing of a refused change is written")
        #expect(Self.source(book, "theme")! == ("dark", .flag))
    }
}

extension SettingsBookTests {
    /// The account route writes without the phone's key filter, but never a value the panel would refuse; and a
    /// bad value that got into the file anyway (a hand edit) is said at start, never stops the panel.
    @Test func aBadValueNeverReachesOrStopsThePanel() throws {
        let folders = try Folders()
        defer { folders.remove() }
        #expect(throws: SettingError.self) { try folders.book.write([("sync-url", "gopher://x")], origin: .phone) }
        #expect(!AtomicFile.exists(folders.state + "/panel.conf"))
        try folders.write("theme = dark\nsync-url = gopher://x # phone\n", to: folders.state + "/panel.conf")
        let (settings, problems) = try ReaderLaunch.settings(configFiles: [], panelFile: folders.state + "/panel.conf",
                                                             environment: [:], flags: [])
        #expect(settings.theme == .dark && settings.syncURL == nil)
        #expect(problems.count == 1 && problems[0].contains("sync-url"), "\(problems)")
    }
}
