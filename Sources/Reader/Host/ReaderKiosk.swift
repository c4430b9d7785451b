import Feeds
import Logging
import Platform
import Widgets

/// The reader on the panel: the app made for the display the kiosk shows it on, its place and the settings a
/// person changes saved in the state directory (after the frame that shows the change, as two fsyncs would hold
/// that frame on an SD card), and the feeds kept fresh in the background, new entries announced on the list
/// without moving a row.
public final class ReaderKiosk {
    private let settings: ReaderSettings
    private let library: ReaderLibrary
    private let store: FeedStore?
    private let stateDirectory: String?
    private let events: EventLoop
    private let log: Logger
    private let refreshRun: RefreshRun?
    private let images: ReaderImages
    private var keeper: FeedKeeper?
    /// With an aggregator account, this keeps the store in step with it, and the panel fetches nothing itself.
    private var syncKeeper: SyncKeeper?
    private var refreshWatch: EventLoop.Watch?
    public private(set) var app: ReaderApp?
    /// Asks the panel for a frame (the kiosk's `redraw`); set once the panel exists.
    public var redraw: () -> Void = {}
    /// Why the kiosk restarted, shown on the list until the first touch.
    public var notice: String?
    /// What the start-up has to say once: a setting on the card that could not be taken, a password moved.
    public var startNotices: [String] = []
    /// Lights the panel as the wall's day asks (the kiosk's `setPower`); set once the panel exists.
    public var setPower: (PanelPowerLevel) -> Void = { _ in }

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
        let (cache, problem) = ReaderLaunch.imageCache(directory: stateDirectory, settings: settings)
        if let problem { log.warning("\(problem)") }
        let icons = ReaderLaunch.feedIcons(directory: stateDirectory)
        images = ReaderImages(cache: cache, icons: icons)
        if let store, settings.sync != nil {
            refreshRun = nil
            syncKeeper = Self.syncKeeper(settings: settings, store: store, fetcher: fetcher, images: cache, icons: icons,
                                         events: events, library: library, log: log)
        } else if let store {
            refreshRun = try? RefreshRun(refresher: FeedRefresher(store: store, fetcher: fetcher, images: cache,
                                                                  icons: icons),
                                         waitsForResults: false)
            do {
                let refresher = try FeedRefresher(store: store, fetcher: fetcher, interval: settings.refreshMinutes * 60,
                                                  images: cache, icons: icons)
                keeper = FeedKeeper(events: events, refresher: refresher, wallClock: LocalTime.now)
            } catch {
                log.warning("feeds are not refreshed in the background: \(error)")
            }
        } else {
            refreshRun = nil
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
        let place = app?.place ?? stateDirectory.flatMap(ReaderLaunch.loadPlace(directory:))
        let made = ReaderApp(context: context, refreshing: refreshRun, place: place)
        let (events, log, directory) = (events, log, stateDirectory)
        made.onPlaceChange = { place in
            guard let directory else { return }
            events.schedule(after: 0) {
                do { try ReaderLaunch.savePlace(place, directory: directory) } catch { log.error("place not saved: \(error)") }
            }
        }
        made.onSettingsChange = { settings in
            guard let directory else { return }
            events.schedule(after: 0) {
                do { try ReaderLaunch.savePanelSettings(settings, directory: directory) } catch {
                    log.error("settings not saved: \(error)")
                }
            }
        }
        made.onStoreError = { error in log.error("store not written: \(error)") }
        made.onPowerChange = { [unowned self] level in setPower(level) }
        if let syncKeeper { made.startSync = { syncKeeper.syncNow() } }
        app = made
        return made
    }

    /// Starts the background refresh, and watches the pull's refresh so its reports reach the screen at once.
    public func start() {
        if let refreshRun {
            // Drained here, not at the next frame: a descriptor left readable would wake poll again at once.
            refreshWatch = events.watch(refreshRun.fileDescriptor) { [unowned self] _ in
                app?.refreshReportsReady()
                redraw()
            }
        }
        if let syncKeeper {
            syncKeeper.onFinish = { [unowned self] outcome in
                switch outcome {
                case .success(let report): log.info("\(report.summary)")
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

    public func stop() {
        // A mark-read still waiting for the panel to rest is written before the process goes.
        app?.flushWritesAtRest()
        keeper?.stop()
        syncKeeper?.stop()
        if let refreshWatch { events.unwatch(refreshWatch) }
        refreshRun?.shutdown()
    }
}
