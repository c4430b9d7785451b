import Feeds
import Logging
import Pairing
import Platform
import Widgets
import Wireless

/// The reader on the panel: the app made for the display the kiosk shows it on, its place and the settings a
/// person changes saved in the state directory (after the frame that shows the change, as two fsyncs would hold
/// that frame on an SD card), and the feeds kept fresh in the background, new entries announced on the list
/// without moving a row. It follows what a paired phone changes through `lectern admin` (settings, feeds, the
/// account, the pairing window) within a second, without a restart (see `SharedStateWatch` and `follow`).
public final class ReaderKiosk {
    /// The settings the panel runs with: what it started with, then each change from the panel or a phone.
    private var settings: ReaderSettings
    private let library: ReaderLibrary
    private let store: FeedStore?
    private let stateDirectory: String?
    private let events: EventLoop
    private let log: Logger
    private let refreshRun: RefreshRun?
    private let images: ReaderImages
    private let fetcher: FeedFetcher
    private var keeper: FeedKeeper?
    /// With an aggregator account, this keeps the store in step with it, and the panel fetches nothing itself.
    private var syncKeeper: SyncKeeper?
    private var refreshWatch: EventLoop.Watch?
    private var stateWatch: SharedStateWatch?
    public private(set) var app: ReaderApp?
    /// The settings from all their sources again (the files, `panel.conf`, the environment and flags), when the
    /// state directory says they changed; nil leaves them as they are. `ReaderStart` sets it.
    public var recomputeSettings: () -> ReaderSettings? = { nil }
    /// Where the panel's changes are saved, beside a phone's; nil without a state directory.
    public var settingsBook: SettingsBook?
    /// The pairing book and the panel's address, for the menu's Phone; nil without a state directory.
    public var pairing: PanelPairing?
    /// Asks the panel for a frame (the kiosk's `redraw`); set once the panel exists.
    public var redraw: () -> Void = {}
    /// Why the kiosk restarted, shown on the list until the first touch.
    public var notice: String?
    /// What the start-up has to say once: a setting on the card that could not be taken, a password moved.
    public var startNotices: [String] = []
    /// Lights the panel as the wall's day asks (the kiosk's `setPower`); set once the panel exists.
    public var setPower: (PanelPowerLevel) -> Void = { _ in }
    /// Whether this kiosk drives the Wi-Fi radio (iwd): on a panel, never in a desktop window.
    public var drivesWiFi = false
    private var wifi: PanelWiFi?

    public init(settings: ReaderSettings, store: FeedStore?, stateDirectory: String?, events: EventLoop, log: Logger,
                userAgent: String) {
        self.settings = settings
        self.store = store
        self.stateDirectory = stateDirectory
        self.events = events
        self.log = log
        library = ReaderLibrary(store: store, samples: settings.samples ? SampleLibrary.documents : [])
        if store == nil { library.unsavedReason = ReaderLibrary.storeMissing }
        let fetcher = FeedFetcher(userAgent: userAgent)
        self.fetcher = fetcher
        let (cache, problem) = ReaderLaunch.imageCache(directory: stateDirectory, settings: settings)
        if let problem { log.warning("\(problem)") }
        let icons = ReaderLaunch.feedIcons(directory: stateDirectory)
        images = ReaderImages(cache: cache, icons: icons)
        // The pull's refresh is there even with an account: a phone may turn the account off while the panel runs.
        refreshRun = store.flatMap {
            try? RefreshRun(refresher: FeedRefresher(store: $0, fetcher: fetcher, images: cache, icons: icons), waitsForResults: false)
        }
        if let stateDirectory {
            let panelPairing = PanelPairing(stateDirectory: stateDirectory, environment: ProcessEnvironment.current())
            // A kiosk starts with pairing shut: a window left open by a crash or a power cut (whose last write,
            // the one that said its code was used, may be lost) is closed; a person touches Phone again.
            try? panelPairing.book.cancel()
            pairing = panelPairing
        }
        makeKeepers()
    }

    /// The account's keeper with an account, else the feeds' own (at start, and again when a phone changes the
    /// account or the intervals).
    private func makeKeepers() {
        guard let store else { return }
        if settings.sync != nil {
            syncKeeper = Self.syncKeeper(settings: settings, store: store, fetcher: fetcher, images: images.cache,
                                         icons: images.icons, events: events, library: library, log: log)
            return
        }
        library.syncAccount = nil
        library.syncProblem = nil
        do {
            let refresher = try FeedRefresher(store: store, fetcher: fetcher, interval: settings.refreshMinutes * 60,
                                              images: images.cache, icons: images.icons)
            keeper = FeedKeeper(events: events, refresher: refresher, wallClock: LocalTime.now)
        } catch {
            log.warning("feeds are not refreshed in the background: \(error)")
        }
    }

    /// The account's keeper, or nil (said in the log and on the feeds screen) when the account cannot sync.
    private static func syncKeeper(settings: ReaderSettings, store: FeedStore, fetcher: FeedFetcher, images: ImageCache?,
                                   icons: FeedIcons?, events: EventLoop, library: ReaderLibrary, log: Logger) -> SyncKeeper? {
        do {
            guard let account = try settings.syncAccount() else { return nil }
            library.syncAccount = account.description
            let worker = try SyncWorker(storePath: store.database.path, account: account, fetcher: fetcher, images: images,
                                        icons: icons)
            return SyncKeeper(events: events, worker: worker, schedule: SyncSchedule(interval: settings.syncMinutes * 60),
                              store: store, wallClock: LocalTime.now)
        } catch let error as SyncError {
            library.syncAccount = settings.sync?.rawValue
            library.syncProblem = error.message
            log.error("not syncing: \(error.message)")
        } catch {
            library.syncAccount = settings.sync?.rawValue
            library.syncProblem = "\(error)"
            log.error("not syncing: \(error)")
        }
        return nil
    }

    /// The app for a display of `setting`'s size, at the place saved before (the same river, the same
    /// article, the same point in it).
    public func makeScene(_ setting: HostSetting) -> Scene {
        let context = ReaderContext(size: setting.size, typography: setting.typography, glyphs: setting.glyphs,
                                    settings: app?.context.settings ?? settings, library: library,
                                    images: images, wallClock: { _ in LocalTime.now() }, utcOffset: LocalTime.utcOffset(at:))
        context.notice = notice
        context.pairing = pairing
        context.wifi = wifi?.setup
        let place = app?.place ?? stateDirectory.flatMap(ReaderLaunch.loadPlace(directory:))
        let made = ReaderApp(context: context, refreshing: refreshRun, place: place)
        let (events, log, directory) = (events, log, stateDirectory)
        made.onPlaceChange = { place in
            guard let directory else { return }
            events.schedule(after: 0) {
                do { try ReaderLaunch.savePlace(place, directory: directory) } catch { log.error("place not saved: \(error)") }
            }
        }
        made.onSettingsChange = { [unowned self] changed in
            // Only the keys the person changed: what a phone wrote for the others stays, marked as a phone's.
            let values = ReaderSettings.panelKeys.filter { changed.value(of: $0) != settings.value(of: $0) }
                .map { (key: $0, value: changed.value(of: $0) ?? "") }
            settings = changed
            guard let book = settingsBook, !values.isEmpty else { return }
            events.schedule(after: 0) {
                do { try book.write(values, origin: .panel) } catch { log.error("settings not saved: \(error)") }
            }
        }
        made.onStoreError = { error in log.error("store not written: \(error)") }
        made.onPowerChange = { [unowned self] level in setPower(level) }
        app = made
        wireSync()
        return made
    }

    /// The pull asks the account's keeper for a sync, when there is one.
    private func wireSync() {
        if let syncKeeper { app?.startSync = { syncKeeper.syncNow() } } else { app?.startSync = nil }
    }

    /// Starts the background refresh, watches the pull's refresh so its reports reach the screen at once, and
    /// follows the state directory `lectern admin` writes.
    public func start() {
        if let refreshRun {
            // Drained here, not at the next frame: a descriptor left readable would wake poll again at once.
            refreshWatch = events.watch(refreshRun.fileDescriptor) { [unowned self] _ in
                app?.refreshReportsReady()
                redraw()
            }
        }
        if let stateDirectory, stateWatch == nil {
            let watch = SharedStateWatch(directory: stateDirectory, events: events) { [store] in
                try? store?.database.integer("PRAGMA data_version")
            }
            watch.onChange = { [unowned self] names in follow(names) }
            watch.start()
            if let problem = watch.problem { log.warning("the state directory is looked at each minute only: \(problem)") }
            stateWatch = watch
        }
        if drivesWiFi, let stateDirectory, wifi == nil, let made = PanelWiFi.start(events: events, stateDirectory: stateDirectory, log: log) {
            wifi = made
            app?.context.wifi = made.setup
            made.changed = { [unowned self, unowned made] in
                app?.wifiChanged()
                if made.takeOffer() { app?.offerWiFiSetUp() }
                redraw()
            }
        }
        startKeepers()
    }

    private func startKeepers() {
        if let syncKeeper {
            syncKeeper.onFinish = { [unowned self] outcome in
                switch outcome {
                case .success(let report):
                    log.info("\(report.summary)")
                    if let stateDirectory { SharedState.noteSynced(directory: stateDirectory, now: LocalTime.now().secondsSince1970) }
                case .failure(let error): log.error("sync failed: \(error.message)")
                }
                app?.syncFinished(outcome)
                redraw()
            }
            syncKeeper.start()
        }
        guard let keeper else { return }
        keeper.onReport = { [unowned self] report in
            log.info("\(report.title): \(report.outcome)")
            if case .updated(let added, _) = report.outcome, added > 0 {
                app?.entriesArrived(added)
                redraw()
            }
        }
        keeper.onError = { [log] error in log.error("feeds not refreshed: \(error)") }
        keeper.start()
    }

    // MARK: Following the state directory

    /// What the kiosk does when files of the state directory changed (`names`, from `SharedStateWatch`):
    /// settings recomputed and applied, the feeds' keeper rebuilt for a changed account, the library read again
    /// and what is due fetched, the phones listed again, the pairing card shown or closed.
    public func follow(_ names: Set<String>) {
        var rebuild = names.contains(CardSetup.storedPasswordName) && settings.sync != nil
        // A password stored from a phone is the account's once the settings are taken again (see ReaderStart).
        if !names.isDisjoint(with: [SharedState.panelSettingsName, CardSetup.storedPasswordName]),
           let fresh = recomputeSettings(), fresh != settings {
            rebuild = rebuild || Self.feedKeys.contains { fresh.value(of: $0) != settings.value(of: $0) }
            settings = fresh
            app?.applySettings(fresh)
        }
        if rebuild {
            log.info("the account or the intervals changed: feeds kept afresh")
            stopKeepers()
            makeKeepers()
            wireSync()
            startKeepers()
        }
        if names.contains(SharedState.storeChangedName) || names.contains(SharedStateWatch.storeVersionName) {
            app?.libraryChanged()
            // A feed added from a phone is fetched now, not at the next scheduled look (only what is due is).
            if !rebuild { keeper?.refreshDue() }
        }
        // Only the admin's note asks the account for a sync: the store's version moves with every sync too.
        if names.contains(SharedState.storeChangedName), !rebuild { syncKeeper?.syncNow() }
        if names.contains(PairingBook.phonesName) { app?.phonesChanged() }
        if names.contains(PairingBook.windowName) { app?.pairingWindowChanged(pairing?.book.window()) }
        if names.contains(WiFiRequest.fileName), let stateDirectory, let request = WiFiRequest.take(directory: stateDirectory) {
            log.info("Wi-Fi: asked to \(request.summary)")
            wifi?.handle(request)
        }
        redraw()
    }

    /// The keys whose change rebuilds the keepers.
    static let feedKeys = ["sync", "sync-url", "sync-user", "sync-password-file", "sync-minutes", "refresh-minutes"]

    private func stopKeepers() {
        keeper?.stop()
        keeper = nil
        syncKeeper?.stop()
        syncKeeper = nil
    }

    public func stop() {
        // A mark-read still waiting for the panel to rest is written before the process goes.
        app?.flushWritesAtRest()
        stateWatch?.stop()
        keeper?.stop()
        syncKeeper?.stop()
        if let refreshWatch { events.unwatch(refreshWatch) }
        refreshRun?.shutdown()
    }
}
