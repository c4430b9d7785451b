#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Logging
import Platform
import Raster
import Reader

/// `lectern run`: the kiosk. On the panel it runs until SIGINT/SIGTERM; on a machine without a usable DRM device
/// it runs the headless display, saves what the panel would show and exits.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run the reader on the panel, or headless when there is none.")

    @OptionGroup var snapshot: SnapshotOptions

    @Flag(help: "Use the headless display even when a DRM device is present.")
    var headless = false

    @Option(help: "DRM device to drive (default: the first /dev/dri/card* that opens).")
    var card: String?

    @Option(help: "Connector to use, as the kernel names it (HDMI-A-1, DSI-1); default: the first connected.")
    var connector: String?

    @Option(help: "Mode WIDTHxHEIGHT or WIDTHxHEIGHT@HZ; default: the connector's preferred mode.")
    var mode: String?

    @Option(help: "How the panel is mounted: the picture is turned 0, 90, 180 or 270 degrees clockwise.")
    var rotate = 0

    @Option(help: "Leave the panel after this many seconds (for tests); default: run until stopped.")
    var exitAfter: Double?

    @Flag(help: "Print every touch as it reaches the app, in logical points (for tests and calibration).")
    var showTouches = false

    func validate() throws {
        if let mode, ModeChoice.parseMode(mode) == nil {
            throw ValidationError("mode '\(mode)' is not WIDTHxHEIGHT or WIDTHxHEIGHT@HZ")
        }
        if QuarterTurn(degrees: rotate) == nil { throw ValidationError("rotate must be 0, 90, 180 or 270") }
        if let exitAfter, !(exitAfter >= 0) { throw ValidationError("exit-after must be a number of seconds") }
    }

    func run() throws {
        let log = Logger(label: "lectern")
        // The loop takes SIGINT/SIGTERM before anything else starts, so every thread inherits the blocked mask.
        let loop = try EventLoop()
        if !headless, let path = card ?? drmCard(log: log) {
            do {
                return try runOnPanel(path: path, loop: loop, log: log)
            } catch {
                log.error("cannot drive \(path): \(error); running headless")
            }
        }
        try runHeadless(log: log)
    }

    private func drmCard(log: Logger) -> String? {
        let (card, problems) = DRMDevice.firstOpenable()
        for problem in problems { log.warning("\(problem)") }
        if card == nil { log.info("no DRM device can be opened; running headless") }
        return card
    }

    private func runOnPanel(path: String, loop: EventLoop, log: Logger) throws {
        var choice = ModeChoice(connector: connector)
        if let mode, let parsed = ModeChoice.parseMode(mode) {
            choice.width = parsed.width
            choice.height = parsed.height
            choice.refresh = parsed.refresh
        }
        let systemd = ServiceNotifier(environment: ProcessEnvironment.current())
        if let interval = systemd.watchdogInterval { keepWatchdogFed(systemd, every: interval, loop: loop) }
        if let exitAfter { loop.schedule(after: exitAfter) { loop.stop() } }
        guard let display = try waitForDisplay(path: path, choice: choice, loop: loop, systemd: systemd, log: log)
        else { return stopped(loop: loop, systemd: systemd, log: log) }
        log.info("showing on \(display.name)")
        let console = ConsoleMode()
        if console == nil { log.debug("console stays in text mode (no access to /dev/tty0)") }
        loop.watch(display.fd) { _ in display.handleEvents() }
        let input = startInput(for: display, loop: loop, log: log)
        try display.present(TitleScreen(typesetter: ScreenFonts.typesetter(log: log)).draw(into: display.shadow))
        display.waitForFlip(timeoutMilliseconds: 500)
        systemd.status("showing on \(display.name)")
        systemd.ready()
        print("showing on \(display.name) (\(path)); stop with Ctrl-C")
        try loop.run()
        stopped(loop: loop, systemd: systemd, log: log)
        withExtendedLifetime((input, console)) {}
    }

    /// The display, once one is connected: a kiosk may be switched on before its panel. Between tries the loop
    /// sleeps (no CPU), and SIGTERM or `--exit-after` still end the wait; nil when they did.
    private func waitForDisplay(path: String, choice: ModeChoice, loop: EventLoop, systemd: ServiceNotifier,
                                log: Logger) throws -> KMSDisplay? {
        var waiting = false
        while true {
            do {
                return try KMSDisplay(path: path, choice: choice, turn: QuarterTurn(degrees: rotate) ?? .none)
            } catch let error as SystemCallError where error.errno == ENODEV {
                if !waiting {
                    waiting = true
                    log.notice("\(error.operation); waiting for a display")
                    print("waiting for a display on \(path)")
                    // Up, though showing nothing yet: systemd must not time the start out and restart us.
                    systemd.status("waiting for a display on \(path)")
                    systemd.ready()
                }
                var retry = false
                loop.schedule(after: Self.displayRetrySeconds) { retry = true }
                while !retry {
                    try loop.runOnce()
                    if loop.isStopped { return nil }
                }
            }
        }
    }

    /// How often a kiosk without a connected display looks again.
    static let displayRetrySeconds = 5.0

    private func stopped(loop: EventLoop, systemd: ServiceNotifier, log: Logger) {
        systemd.stopping()
        if let signal = loop.receivedSignal { log.info("stopping on signal \(signal)") }
    }

    /// Touch from libinput's seat, with the panel's mounting undone. Without it the panel still shows.
    private func startInput(for display: KMSDisplay, loop: EventLoop, log: Logger) -> LibinputSource? {
        var assembler = TouchAssembler(logicalWidth: display.shadow.width, logicalHeight: display.shadow.height,
                                       turn: display.turn)
        let panel = assembler.panelSize
        guard let source = try? LibinputSource(panelWidth: panel.width, panelHeight: panel.height) else {
            log.warning("no touch input: libinput could not start on seat0")
            return nil
        }
        let show = showTouches
        loop.watch(source.fd) { _ in
            for raw in source.read() {
                for frame in assembler.handle(raw) where show {
                    for e in frame.events { print("touch \(e.slot) \(e.phase) \(e.position.x) \(e.position.y)") }
                }
            }
        }
        return source
    }

    /// WATCHDOG=1 from the event loop itself: if the loop wedges, systemd notices and restarts the kiosk.
    private func keepWatchdogFed(_ systemd: ServiceNotifier, every interval: Double, loop: EventLoop) {
        systemd.watchdog()
        loop.schedule(after: interval) { keepWatchdogFed(systemd, every: interval, loop: loop) }
    }

    private func runHeadless(log: Logger) throws {
        let display = HeadlessDisplay(width: snapshot.size.width, height: snapshot.size.height)
        try display.present(TitleScreen(typesetter: ScreenFonts.typesetter(log: log)).draw(into: display.shadow))
        var writer = try SnapshotWriter(directory: snapshot.out)
        try writer.save(display.scanout, name: "screen-0")
        for path in writer.written { print("wrote \(path)") }
    }
}
