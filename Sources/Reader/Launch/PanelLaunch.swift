import Logging
import Platform

extension KioskLaunch {
    /// The kiosk on the DRM device at `path` until SIGINT/SIGTERM (or `exitAfter`): after the back-off a crashing
    /// kiosk owes, the display opened when one is connected and followed through hotplugs, systemd told how it
    /// goes (READY once up, even while waiting for a display; WATCHDOG from the loop's own timer), frames paced by
    /// the display and none drawn while nothing moves. Throws when the card cannot be driven at all.
    public func runOnPanel(path: String, loop: EventLoop, log: Logger) throws {
        // The display's keys come from the settings (the card's lectern.conf among them); flags win. Read quietly
        // here: the reader's start-up says what in the files could not be taken.
        let display = (try? reader.settings(panelDirectory: nil).settings) ?? ReaderSettings()
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
        if let crashes, try !crashes.backOff(loop: loop, systemd: systemd, log: log) { return }
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
        kiosk?.drivesWiFi = true
        kiosk?.start()
        try loop.run()
        systemd.stopping()
        if let signal = loop.receivedSignal { log.info("stopping on signal \(signal)") }
        feeds?.stop()
        kiosk?.stop()
        panel.lose()
        withExtendedLifetime((watch, console, panel)) {}
    }
}
