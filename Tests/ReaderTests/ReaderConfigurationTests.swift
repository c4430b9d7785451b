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
}
