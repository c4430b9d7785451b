import Feeds
import Glibc
import Platform
import Testing
@testable import Reader

/// One configuration file, the panel's own changes, LECTERN_* variables and flags: the same keys, later wins.
@Suite struct ReaderConfigurationTests {
    @Test func laterSourcesWinAndEveryKeyHasAVariable() throws {
        let file = try ReaderConfiguration.parseFile("""
            # the owner's panel
            theme = sepia
            text-size = 19   # larger for the hallway
            night = 23:00-06:30
            """, name: "lectern.conf")
        let panel = try ReaderConfiguration.parseFile(ReaderConfiguration.panelFile({
            var s = ReaderSettings(); s.theme = .dark; return s
        }()), name: "panel.conf")
        let environment = ReaderConfiguration.environmentSource(["LECTERN_TEXT_SIZE": "21", "LECTERN_SAMPLES": "off",
                                                                 "OTHER": "x"])
        let flags = ReaderConfiguration.Source(name: "flags", values: [("text-size", "24")])
        let settings = try ReaderConfiguration.settings(from: [file, panel, environment, flags])
        #expect(settings.theme == .dark, "the panel's change wins over the file")
        #expect(settings.textSize == 24, "flags win over the environment")
        #expect(!settings.samples && settings.night == "23:00-06:30")
        #expect(ReaderSettings.keys.map(ReaderConfiguration.environmentName(of:)).contains("LECTERN_IMAGE_CACHE_MB"))
        // Every key reads back what it wrote.
        for key in ReaderSettings.keys {
            var copy = ReaderSettings()
            try copy.set(key, to: settings.value(of: key) ?? "")
            #expect(copy.value(of: key) == settings.value(of: key), "\(key)")
        }
    }

    @Test func aBadValueOrKeyIsOneLineNamingIt() {
        #expect(throws: ConfigurationError.self) { try ReaderConfiguration.parseFile("colour = red", name: "x.conf") }
        do {
            _ = try ReaderConfiguration.settings(from: [ReaderConfiguration.Source(name: "x.conf", values: [("text-size", "huge")])])
            Issue.record("accepted a text size of 'huge'")
        } catch {
            #expect(error.description == "x.conf: text-size = 'huge': expected a number from 10 to 48")
        }
        #expect(NightSchedule("25:00-07:00") == nil && NightSchedule("23:00-06:30")?.contains(minute: 60) == true)
        #expect(NightSchedule("23:00-06:30")?.contains(minute: 12 * 60) == false)
    }

    @Test func anOPMLFileBesideTheConfigurationIsMergedAtStart() throws {
        var template = Array("/tmp/lectern-opml-XXXXXX".utf8CString)
        let folder = String(cString: mkdtemp(&template)!)
        defer { _ = system("rm -rf '\(folder)'") }
        let store = try FeedStore(path: folder + "/feeds.sqlite")
        let now = Timestamp(year: 2026, month: 11, day: 24)
        #expect(ReaderLaunch.mergeOPML(at: folder + "/feeds.opml", into: store, now: now) == nil, "no file: nothing said")
        try AtomicFile.write(Array("""
            <?xml version="1.0"?><opml version="2.0"><head><title>Mine</title></head><body>
            <outline text="A" type="rss" xmlUrl="https://a.example/feed"/>
            <outline text="Old"><outline text="B" type="rss" xmlUrl="http://b.example/rss"/></outline>
            <outline text="Gopher" type="rss" xmlUrl="gopher://c.example/"/>
            </body></opml>
            """.utf8), to: folder + "/feeds.opml")
        #expect(ReaderLaunch.mergeOPML(at: folder + "/feeds.opml", into: store, now: now)?.hasSuffix("2 feeds added, 0 already there") == true)
        #expect(ReaderLaunch.mergeOPML(at: folder + "/feeds.opml", into: store, now: now)?.hasSuffix("0 feeds added, 2 already there") == true)
        #expect(try store.feeds().map(\.url) == ["https://a.example/feed", "http://b.example/rss"])
    }

    @Test func aBadLineOnTheCardIsSkippedAndNamedAndTheRestApplies() throws {
        let (image, imageProblems) = ReaderConfiguration.readFile("theme = sepia\nrotate = 180\n", name: "/etc/lectern/lectern.conf")
        let (card, cardProblems) = ReaderConfiguration.readFile("""
            theme = dark
            rotate = 45
            colour = red
            no equals here
            touch-calibration = -1 0 1 0 -1 1
            """, name: "/boot/firmware/lectern.conf")
        #expect(imageProblems.isEmpty)
        #expect(cardProblems == ["/boot/firmware/lectern.conf:3: unknown setting 'colour'",
                                 "/boot/firmware/lectern.conf:4: expected key = value"])
        var problems: [String] = []
        let settings = try ReaderConfiguration.settings(from: [image, card], problems: &problems)
        #expect(settings.theme == .dark, "the card's file is read after the image's: later wins")
        #expect(settings.rotate == 180, "a bad value on the card leaves what the image's file gave")
        #expect(settings.touchCalibration == [-1, 0, 1, 0, -1, 1])
        #expect(problems == ["/boot/firmware/lectern.conf: rotate = '45': expected 0, 90, 180 or 270; using 180"])
        // The same bad value from the command line is still an error.
        #expect(throws: ConfigurationError.self) {
            try ReaderConfiguration.settings(from: [ReaderConfiguration.Source(name: "flags", values: [("rotate", "45")])])
        }
        for bad in [("mode", "big"), ("scale", "0"), ("touch-calibration", "1 0 0 0 1"), ("touch-calibration", "1 0 0 0 1 x")] {
            var copy = ReaderSettings()
            #expect(throws: SettingError.self, "\(bad)") { try copy.set(bad.0, to: bad.1) }
        }
    }

    /// The image puts this file on the card's boot partition: it must list every key, with its default.
    @Test func theCardsTemplateListsEveryKeyWithItsDefault() throws {
        // #filePath is Tests/ReaderTests/<this file> in the repository.
        let repository = String(#filePath).split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
        let path = repository + "/board/raspberrypi/lectern.conf"
        let text = String(decoding: try AtomicFile.read(path), as: UTF8.self)
        let defaults = ReaderSettings()
        for key in ReaderSettings.keys {
            let line = text.split(separator: "\n").first { $0.hasPrefix("#\(key) =") }
            #expect(line != nil, "\(key) is not in the card's lectern.conf")
            guard let line else { continue }
            // Uncommented as it stands, the line gives the default.
            let (source, problems) = ReaderConfiguration.readFile(String(line.dropFirst()), name: "lectern.conf")
            #expect(problems.isEmpty, "\(line)")
            var settings = ReaderSettings()
            for (k, v) in source.values { try settings.set(k, to: v) }
            #expect(settings.value(of: key) == defaults.value(of: key), "\(line)")
        }
    }

    @Test func aPasswordOnTheCardMovesIntoTheStateDirectoryOnce() throws {
        var template = Array("/tmp/lectern-card-XXXXXX".utf8CString)
        let folder = String(cString: mkdtemp(&template)!)
        defer { _ = system("rm -rf '\(folder)'") }
        let card = folder + "/card", state = folder + "/state"
        try AtomicFile.makeDirectory(card)
        try AtomicFile.makeDirectory(state)
        #expect(try CardSetup.movePassword(card: card, state: state, owner: nil) == nil, "no file: nothing done")
        try AtomicFile.write(Array("s3cret\n".utf8), to: card + "/sync-password.txt")
        let line = try CardSetup.movePassword(card: card, state: state, owner: nil)
        #expect(line?.hasPrefix("moved \(card)/sync-password.txt") == true)
        #expect(!AtomicFile.exists(card + "/sync-password.txt"), "gone from the card")
        #expect(try AtomicFile.read(state + "/sync-password") == Array("s3cret\n".utf8))
        var info = stat()
        stat(state + "/sync-password", &info)
        #expect(info.st_mode & 0o777 == 0o600, "readable by the service user alone")
        #expect(CardSetup.takeNotice(state: state)?.contains("moved from the card") == true)
        #expect(CardSetup.takeNotice(state: state) == nil, "said once")
    }

    @Test func theCardsWiFiGoesIntoIwdsDirectoryAndThePasswordLeavesTheCard() throws {
        var template = Array("/tmp/lectern-card-XXXXXX".utf8CString)
        let folder = String(cString: mkdtemp(&template)!)
        defer { _ = system("rm -rf '\(folder)'") }
        let card = folder + "/card", state = folder + "/state", iwd = folder + "/state/iwd"
        try AtomicFile.makeDirectory(card)
        try AtomicFile.makeDirectory(state)
        #expect(try CardSetup.takeWiFi(card: card, iwd: iwd, state: state, owner: nil).isEmpty, "no lectern.conf: nothing")
        try AtomicFile.write(Array("theme = dark\nwifi-ssid = Home\nwifi-password = correct horse\nwifi-country = nz\n".utf8),
                             to: card + "/lectern.conf")
        let said = try CardSetup.takeWiFi(card: card, iwd: iwd, state: state, owner: nil)
        #expect(said.count == 2 && said[1].hasPrefix("moved the Wi-Fi password for Home"))
        #expect(String(decoding: try AtomicFile.read(iwd + "/Home.psk"), as: UTF8.self).contains("Passphrase=correct horse\n"))
        #expect(String(decoding: try AtomicFile.read(iwd + "/main.conf"), as: UTF8.self).hasSuffix("Country=NZ\n"))
        #expect(String(decoding: try AtomicFile.read(card + "/lectern.conf"), as: UTF8.self) == "theme = dark\nwifi-ssid = Home\nwifi-country = nz\n")
        var info = stat()
        stat(iwd, &info)
        #expect(info.st_mode & 0o777 == 0o700, "iwd's directory is root's alone")
        stat(iwd + "/Home.psk", &info)
        #expect(info.st_mode & 0o777 == 0o600)
        // The next start finds the password gone from the card and leaves the profile alone (no open network made).
        #expect(try CardSetup.takeWiFi(card: card, iwd: iwd, state: state, owner: nil).isEmpty)
        #expect(!AtomicFile.exists(iwd + "/Home.open"))
        #expect(CardSetup.takeNotice(state: state, name: CardSetup.wifiNoticeName)?.contains("removed from the card") == true)
        // The reader itself skips the Wi-Fi keys rather than calling them unknown.
        let (source, problems) = ReaderConfiguration.readFile("wifi-ssid = Home\nwifi-hidden = on\ntheme = dark", name: "lectern.conf")
        #expect(problems.isEmpty && source.values.map(\.key) == ["theme"])
    }
}
