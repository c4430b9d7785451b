import Feeds
import Logging
import Platform

/// The kiosk as `lectern run` asked for it, from start to stop: what it shows (the reader, or the demos), how the
/// panel is set up, and what keeps a kiosk alive around them. On a panel see `runOnPanel`, in a desktop window
/// `runInWindow`; the command only parses the options into this.
public struct KioskLaunch {
    /// Where the reader's settings, state and store come from.
    public var reader: ReaderStart
    /// The interaction demos instead of the reader (`--demo`), starting on `scene` when one is named.
    public var demos: Bool
    public var scene: String?
    /// The connector and mode to show on, as the kernel names them (`HDMI-A-1`, `1280x800@60`); nil: the
    /// settings' (the card's lectern.conf among them), else the first connected and its preferred mode.
    public var connector: String?
    public var mode: String?
    /// How the panel is mounted, one of `KioskOptions.rotations`; nil: the settings'.
    public var rotate: Int?
    /// Pixels per point; nil: the settings', else from the panel's size in millimetres.
    public var scale: Double?
    /// Leave after this many seconds (for tests); nil: run until stopped.
    public var exitAfter: Double?
    /// Print every touch as it reaches the scene, and how soon the frame showing it reached the glass.
    public var showTouches: Bool
    /// What feeds are fetched as.
    public var userAgent: String

    public init(reader: ReaderStart, demos: Bool = false, scene: String? = nil, connector: String? = nil,
                mode: String? = nil, rotate: Int? = nil, scale: Double? = nil, exitAfter: Double? = nil,
                showTouches: Bool = false, userAgent: String) {
        self.reader = reader
        self.demos = demos || scene != nil
        self.scene = scene
        self.connector = connector
        self.mode = mode
        self.rotate = rotate
        self.scale = scale
        self.exitAfter = exitAfter
        self.showTouches = showTouches
        self.userAgent = userAgent
    }

    /// The first DRM device that opens, each one that does not said in the log; nil (said too) when none does.
    public static func firstCard(log: Logger) -> String? {
        let (card, problems) = DRMDevice.firstOpenable()
        for problem in problems { log.warning("\(problem)") }
        if card == nil { log.info("no DRM device can be opened; running headless") }
        return card
    }

    /// What the panel (or the window) shows: the reader, or with --demo (or --scene) the interaction demos,
    /// remembered across restarts. The reader's kiosk is returned too, for the host to wire up.
    func shown(loop: EventLoop, log: Logger) throws -> (kiosk: ReaderKiosk?, makeScene: SceneMaker) {
        if demos {
            let remembered = RememberedDemo(state: demoState(log: log), requested: scene, events: loop, log: log)
            return (nil, remembered.makeShell)
        }
        let kiosk = try reader.kiosk(events: loop, log: log, userAgent: userAgent)
        return (kiosk, kiosk.makeScene)
    }

    /// Where the demo on show is remembered across restarts; nowhere (said once) when there is no state directory.
    private func demoState(log: Logger) -> DemoStateFile? {
        do {
            return DemoStateFile(directory: try StateDirectory.path(for: "the reader's state"))
        } catch {
            log.warning("the reader's state is not kept: \(error)")
            return nil
        }
    }

    /// Refreshes the subscriptions in the store while the demos run, off the frame path (the reader keeps its own
    /// feeds fresh). A store that cannot be opened is logged, and the panel runs on without feeds.
    func keepFeedsFresh(loop: EventLoop, log: Logger) -> FeedKeeper? {
        do {
            let store = try FeedStore(path: try StateDirectory.storePath())
            let fetcher = FeedFetcher(userAgent: userAgent)
            let keeper = FeedKeeper(events: loop, refresher: try FeedRefresher(store: store, fetcher: fetcher),
                                    wallClock: LocalTime.now)
            keeper.onReport = { report in log.info("\(report.summary)") }
            keeper.onError = { error in log.error("feeds not refreshed: \(error)") }
            keeper.start()
            return keeper
        } catch {
            log.warning("feeds are not refreshed: \(error)")
            return nil
        }
    }
}
