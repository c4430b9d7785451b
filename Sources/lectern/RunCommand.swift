#if canImport(Glibc)
import CommandLineSupport
import Glibc
#endif
import ArgumentParser
import Feeds
import Logging
import Platform
import Reader

/// `lectern run`: the kiosk. On the panel it shows the interaction demos until SIGINT/SIGTERM, frames paced by the
/// display and none drawn while nothing moves; on a machine without a usable DRM device it draws the same screens
/// headless, saves what the panel would show first for each demo and exits.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run the reader on the panel, or headless when there is none.")

    @OptionGroup var snapshot: SnapshotOptions
    @OptionGroup var reader: ReaderOptions

    @Flag(help: "Use the headless display even when a DRM device is present.")
    var headless = false

    @Flag(help: "Show the panel in a desktop window (SDL2), the mouse for a finger, --size big, until it is closed.")
    var window = false

    @Option(help: "DRM device to drive (default: the first /dev/dri/card* that opens).")
    var card: String?

    @Option(help: "Connector to use, as the kernel names it (HDMI-A-1, DSI-1); default: the first connected.")
    var connector: String?

    @Option(help: "Mode WIDTHxHEIGHT or WIDTHxHEIGHT@HZ; default: the connector's preferred mode.")
    var mode: String?

    @Option(help: "How the panel is mounted: the picture is turned 0, 90, 180 or 270 degrees clockwise (default: the rotate setting, 0).")
    var rotate: Int?

    @Option(help: "Leave the panel after this many seconds (for tests); default: run until stopped.")
    var exitAfter: Double?

    @Flag(help: "Print every touch as it reaches the app, in logical points, and how soon the frame showing it reached the glass (for tests and calibration).")
    var showTouches = false

    @Flag(help: "Show the interaction demos (until the reader app replaces them, they are what run shows anyway).")
    var demo = false

    @Option(help: "The demo to show first: \(DemoCatalog.names.joined(separator: ", ")).")
    var scene: String?

    @Option(help: "Pixels per point; default: from the panel's size in millimetres (1 when it does not say).")
    var scale: Double?

    @Option(help: "Headless: play this touch trace (points) through what the panel shows first (the reader, or the demo with --demo or --scene), on a virtual clock, and save the screen once everything is at rest.")
    var trace: String?

    func validate() throws {
        if let mode, ModeChoice.parseMode(mode) == nil {
            throw ValidationError("mode '\(mode)' is not WIDTHxHEIGHT or WIDTHxHEIGHT@HZ")
        }
        if let rotate, !KioskOptions.rotations.contains(rotate) { throw ValidationError("rotate must be 0, 90, 180 or 270") }
        if let exitAfter, !(exitAfter >= 0) { throw ValidationError("exit-after must be a number of seconds") }
        if let scene, !DemoCatalog.names.contains(scene) {
            throw ValidationError("no demo '\(scene)' (demos: \(DemoCatalog.names.joined(separator: ", ")))")
        }
        if window && (headless || trace != nil) {
            throw ValidationError("--window shows the panel on the desktop; --headless and --trace draw it to files")
        }
        if let scale, !(scale.isFinite && scale >= 0.25 && scale <= 8) {
            throw ValidationError("scale must be from 0.25 to 8")
        }
    }

    func run() throws {
        let log = Logger(label: "lectern")
        // The loop takes SIGINT/SIGTERM before anything else starts, so every thread inherits the blocked mask.
        let loop = try EventLoop()
        if window { return try runInWindow(loop: loop, log: log) }
        if !headless, let path = card ?? drmCard(log: log) {
            do {
                return try runOnPanel(path: path, loop: loop, log: log)
            } catch {
                log.error("cannot drive \(path): \(error); running headless")
            }
        }
        if demo || scene != nil { try runHeadless(log: log) } else if let trace { try runReaderTrace(trace, log: log) } else {
            try runReaderTour(log: log)
        }
    }

    private func drmCard(log: Logger) -> String? {
        let (card, problems) = DRMDevice.firstOpenable()
        for problem in problems { log.warning("\(problem)") }
        if card == nil { log.info("no DRM device can be opened; running headless") }
        return card
    }

    private func runOnPanel(path: String, loop: EventLoop, log: Logger) throws {
        // The display's keys come from the settings (the card's lectern.conf among them); flags win. Read quietly
        // here: the reader's start-up says what in the files could not be taken.
        let display = (try? reader.forgivingSettings(panelDirectory: nil).settings) ?? ReaderSettings()
        let mode = self.mode ?? display.mode
        var choice = ModeChoice(connector: connector ?? display.connector)
        if let mode, let parsed = ModeChoice.parseMode(mode) {
            choice.width = parsed.width
            choice.height = parsed.height
            choice.refresh = parsed.refresh
        }
        let systemd = ServiceNotifier(environment: ProcessEnvironment.current())
        // Fed from the loop's own timer from here on, waiting for a display included: a wedged loop starves it.
        systemd.feedWatchdog(from: loop)
        let crashes = ProcessEnvironment.current()["RUNTIME_DIRECTORY"].map(CrashHistory.read(directory:))
        // Stopped during the wait (SIGTERM): nothing more is started.
        if let crashes, try !backOff(crashes, loop: loop, systemd: systemd, log: log) { return }
        if let exitAfter { loop.schedule(after: exitAfter) { loop.stop() } }
        let (kiosk, makeScene) = try shown(loop: loop, log: log)
        let notices = ([crashes?.notice(now: LocalTime.now().secondsSince1970)] + (kiosk?.startNotices ?? [])).compactMap { $0 }
        kiosk?.notice = notices.isEmpty ? nil : notices.joined(separator: " ")
        let options = KioskOptions(pixelsPerPoint: scale ?? display.scale, rotationDegrees: rotate ?? display.rotate,
                                   showTouches: showTouches, touchCalibration: display.touchCalibration)
        let panel = KioskPanel(path: path, options: options, events: loop, systemd: systemd, log: log,
                               makeScene: makeScene)
        kiosk?.redraw = { [unowned panel] in panel.redraw() }
        kiosk?.setPower = { [unowned panel] level in panel.setPower(level) }
        let watch = DisplayHotplugWatch(path: path, events: loop) { try panel.openDisplay(choice: choice) }
        watch.report = { log.notice("\($0)") }
        if let failure = watch.monitorFailure {
            log.warning("display hotplug is not watched (\(failure)); looking every \(Int(DisplayHotplugWatch<KMSDisplay>.fallbackSeconds)) s while there is no display")
        }
        watch.onOpened = { display in panel.show(on: display) }
        watch.onLost = {
            panel.lose()
            print("display lost on \(path); waiting for it to come back")
            systemd.status("display lost on \(path); waiting for it to come back")
        }
        if try !watch.start() {
            print("waiting for a display on \(path)")
            // Up, though showing nothing yet: systemd must not time the start out and restart us.
            systemd.status("waiting for a display on \(path)")
            systemd.ready()
        }
        let console = ConsoleMode()
        if console == nil { log.debug("console stays in text mode (no access to /dev/tty0)") }
        // The reader keeps its own feeds fresh; the demos keep the store's fresh as before.
        let feeds = kiosk == nil ? keepFeedsFresh(loop: loop, log: log) : nil
        kiosk?.start()
        try loop.run()
        stopped(loop: loop, systemd: systemd, log: log)
        feeds?.stop()
        kiosk?.stop()
        panel.lose()
        withExtendedLifetime((watch, console, panel)) {}
    }

    /// Where the demo on show is remembered across restarts; nowhere (said once) when there is no state directory.
    func stateFile(log: Logger) -> DemoStateFile? {
        do {
            return DemoStateFile(directory: try StateDirectory.path(for: "the reader's state"))
        } catch {
            log.warning("the reader's state is not kept: \(error)")
            return nil
        }
    }

    /// Refreshes the subscriptions in the store while the panel runs, off the frame path. A store that cannot
    /// be opened is logged, and the panel runs on without feeds.
    func keepFeedsFresh(loop: EventLoop, log: Logger) -> FeedKeeper? {
        do {
            let store = try FeedStore(path: try StateDirectory.storePath())
            let fetcher = FeedFetcher(userAgent: FeedFetcher.userAgent(version: LecternVersion.current))
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

    /// What the panel (or the window) shows: the reader, or with --demo (or --scene) the interaction demos,
    /// remembered across restarts. The reader's kiosk is returned too, for the host to wire up.
    func shown(loop: EventLoop, log: Logger) throws -> (kiosk: ReaderKiosk?, makeScene: SceneMaker) {
        if demo || scene != nil {
            let demos = RememberedDemo(state: stateFile(log: log), requested: scene, events: loop, log: log)
            return (nil, demos.makeShell)
        }
        let kiosk = try readerKiosk(loop: loop, log: log)
        return (kiosk, kiosk.makeScene)
    }

    /// A kiosk that keeps crashing waits longer before each start (systemd restarts it after 2 s whatever
    /// happened): the loop runs, feeding the watchdog, for the wait the history asks, saying why. False when a
    /// signal stopped the wait.
    private func backOff(_ crashes: CrashHistory, loop: EventLoop, systemd: ServiceNotifier, log: Logger) throws -> Bool {
        let now = LocalTime.now().secondsSince1970
        let wait = crashes.wait(now: now)
        guard wait > 0, let last = crashes.recentCrashes(now: now).last else { return true }
        let line = "waiting \(Int(wait)) s before starting: \(crashes.recentCrashes(now: now).count) crashes in a row, the last because \(last.reason)"
        log.warning("\(line)")
        systemd.status(line)
        let resume = loop.schedule(after: wait) { loop.stop() }
        try loop.run()
        loop.cancel(resume)
        if let signal = loop.receivedSignal {
            log.info("stopping on signal \(signal) while waiting to start")
            return false
        }
        return true
    }

    func stopped(loop: EventLoop, systemd: ServiceNotifier, log: Logger) {
        systemd.stopping()
        if let signal = loop.receivedSignal { log.info("stopping on signal \(signal)") }
    }

    /// No panel: what the panel would show first, once for each demo, as PNG files.
    private func runHeadless(log: Logger) throws {
        let recording = try trace.map { try TraceFile(reading: $0).trace }
        var writer = try SnapshotWriter(directory: snapshot.out)
        let typesetter = ScreenFonts.typesetter(log: log)
        let first = scene ?? DemoCatalog.names[0]
        for name in recording != nil || scene != nil ? [first] : DemoCatalog.names {
            let host = try HeadlessHost(pixelWidth: snapshot.size.width, pixelHeight: snapshot.size.height,
                                        pixelsPerPoint: scale ?? 1, typesetter: typesetter) {
                DemoShell(setting: $0, first: name)
            }
            if let recording { try host.play(recording) { _ in } } else { try host.showFirstFrame() }
            try writer.save(host.picture, name: name)
        }
        for path in writer.written { print("wrote \(path)") }
    }
}
