import Feeds
import Glibc
import Logging
import Pairing
import Platform
import Testing
import Text
@testable import Reader

/// The kiosk follows what `lectern admin` writes in the state directory, through its own event loop: a setting a
/// phone changed applies without a restart, a feed a phone added shows on the feeds screen and is fetched, a
/// window opened from a shell shows its card; and the minute's look finds what a lost notification missed.
@Suite(.serialized) struct KioskFollowingTests {
    let folder: String
    let events: EventLoop
    let kiosk: ReaderKiosk
    let store: FeedStore

    init() throws {
        var template = Array("/tmp/lectern-follow-XXXXXX".utf8CString)
        folder = String(cString: mkdtemp(&template)!)
        store = try FeedStore(path: folder + "/feeds.sqlite")
        events = try EventLoop()
        var settings = ReaderSettings()
        settings.samples = false
        kiosk = ReaderKiosk(settings: settings, store: store, stateDirectory: folder, events: events,
                            log: Logger(label: "test"), userAgent: "Lectern/test")
        let (panelFile, state) = (folder + "/panel.conf", folder)
        kiosk.recomputeSettings = {
            guard var fresh = try? ReaderLaunch.settings(configFiles: [], panelFile: panelFile, environment: [:], flags: []).settings
            else { return nil }
            fresh.samples = false
            ReaderStart.takeStoredPassword(&fresh, state: state)
            return fresh
        }
        kiosk.settingsBook = book
        _ = kiosk.makeScene(HostSetting(pixelWidth: 800, pixelHeight: 480, scale: .one, typesetter: Typesetter(library: try FontLibrary())))
        kiosk.start()
    }

    var book: SettingsBook { SettingsBook(stateDirectory: folder, configFiles: [], cardDirectory: folder + "/card") }
    var app: ReaderApp { kiosk.app! }

    /// Turns the loop until `done` or a second has passed, as the panel would while it waits.
    func loop(until done: () -> Bool) throws {
        let start = MonotonicClock.seconds()
        while !done(), MonotonicClock.seconds() - start < 1 { try events.runOnce(maxWait: 0.05) }
    }

    func finish() {
        kiosk.stop()
        _ = system("rm -rf '\(folder)'")
    }

    @Test func aSettingChangedFromAPhoneAppliesWithinASecond() throws {
        defer { finish() }
        #expect(app.context.settings.theme == .light)
        try book.changeFromPhone([("theme", "dark"), ("idle-minutes", "2")])
        try loop { app.context.settings.theme == .dark }
        #expect(app.context.settings.theme == .dark && app.context.settings.idleMinutes == 2)
        // A change on the panel afterwards saves its own key only; the phone's other key stays marked as a phone's.
        app.perform(.adjust(.textSize(step: 1)))
        try loop { book.provenance().first { $0.key == "text-size" }?.source == .panel }
        let sources = Dictionary(uniqueKeysWithValues: book.provenance().map { ($0.key, $0.source) })
        #expect(sources["text-size"] == .panel && sources["theme"] == .phone && sources["idle-minutes"] == .phone)
    }

    @Test func aFeedAddedFromAPhoneShowsOnTheFeedsScreen() throws {
        defer { finish() }
        app.perform(.showFeeds)
        #expect((app.screen as? FeedsScreen)?.visibleFeeds().isEmpty == true)
        // The admin process's own connection, then its note.
        let other = try FeedStore(path: folder + "/feeds.sqlite")
        _ = try other.addFeed(url: "http://127.0.0.1:1/added-from-a-phone", at: LocalTime.now())
        SharedState.noteStoreChanged(directory: folder, now: 0)
        try loop { (app.screen as? FeedsScreen)?.visibleFeeds().isEmpty == false }
        #expect((app.screen as? FeedsScreen)?.visibleFeeds().map(\.feed.url) == ["http://127.0.0.1:1/added-from-a-phone"])
    }

    @Test func theMinutesLookFindsAStoreChangeWithNoNote() throws {
        defer { finish() }
        let watch = SharedStateWatch(directory: folder, events: events) { [store] in try? store.database.integer("PRAGMA data_version") }
        #expect(watch.look().contains(SharedStateWatch.storeVersionName), "everything is news to the first look")
        #expect(watch.look().isEmpty)
        let other = try FeedStore(path: folder + "/feeds.sqlite")
        _ = try other.addFeed(url: "http://127.0.0.1:1/quiet", at: LocalTime.now())
        #expect(watch.look() == [SharedStateWatch.storeVersionName], "the store's data version moved")
        try book.write([("theme", "sepia")], origin: .phone)
        #expect(watch.look() == [SharedState.panelSettingsName])
    }

    @Test func anAccountSetFromAPhoneSyncsAndTurnedOffFetchesAgain() throws {
        defer { finish() }
        #expect(app.context.library.syncAccount == nil)
        // The account route: the password first, then the keys.
        try SharedState.keepPassword(Array("secret".utf8), directory: folder)
        try book.write([("sync", "fever"), ("sync-url", "http://127.0.0.1:1/fever/"), ("sync-user", "me@example.org")],
                       origin: .phone)
        try loop { app.context.library.syncAccount != nil }
        #expect(app.context.library.syncAccount == "fever http://127.0.0.1:1/fever/ as me@example.org")
        #expect(app.context.library.syncProblem == nil, "the stored password is the account's")
        #expect(app.startSync != nil, "a pull asks the account")
        try book.write([("sync", "local")], origin: .phone)
        try loop { app.context.library.syncAccount == nil }
        #expect(app.context.library.syncAccount == nil && app.startSync == nil)
    }

    @Test func aPhoneThatPairsThroughTheAdminIsSaidAndListedAndForgettingItShows() throws {
        defer { finish() }
        app.perform(.showPairing)
        let pairing = PairingBook(directory: folder)
        let window = try #require(pairing.window())
        // The admin process takes the phone's code.
        guard case .paired(let phone) = try pairing.pair(code: window.code, name: "Firefox on Android",
                                                         now: LocalTime.now().secondsSince1970) else {
            Issue.record("not paired"); return
        }
        try loop { app.pairingCard == nil }
        #expect(app.pairingCard == nil && app.footNote?.words == "Paired: Firefox on Android")
        app.perform(.showSettings)
        #expect((app.screen as? NoticeScreen)?.targets.contains { $0.name == "Forget" } == true)
        // Forgotten from another phone: the list follows.
        try pairing.forget(id: phone.id)
        try loop { (app.screen as? NoticeScreen)?.targets.contains { $0.name == "Forget" } == false }
        #expect((app.screen as? NoticeScreen)?.targets.contains { $0.name == "Forget" } == false)
    }

    @Test func aWindowOpenedFromAShellShowsItsCard() throws {
        defer { finish() }
        let window = try PairingBook(directory: folder).open(now: LocalTime.now().secondsSince1970)
        try loop { app.pairingCard != nil }
        #expect(app.pairingCard?.window.code == window.code)
    }
}
