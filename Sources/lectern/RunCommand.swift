#if canImport(Glibc)
import Glibc
#endif
import CommandLineSupport
import ArgumentParser
import Feeds
import Logging
import Platform
import Reader

/// `lectern run`: the kiosk. Its options become a `KioskLaunch`, which shows the reader (or the demos) on the panel
/// until SIGINT/SIGTERM, or in a desktop window with --window; on a machine without a usable DRM device the same
/// screens are drawn headless and saved as PNG files.
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

    @Flag(help: "Show the five interaction demos instead of the reader.")
    var demo = false

    @Option(help: "The demo to show first: \(DemoCatalog.names.joined(separator: ", ")).")
    var scene: String?

    @Option(help: "Pixels per point; default: from the panel's size in millimetres (1 when it does not say).")
    var scale: Double?

    @Option(help: "Headless: play this touch trace (points) through what the panel shows first (the reader, or the demo with --demo or --scene), on a virtual clock, and save the screen once everything is at rest.")
    var trace: String?

    @Option(help: "Headless: the wall-clock time the reader's screens are drawn at (ages, Today), ISO 8601 as replay reader's --now; default: now. A test pins the clock of the machine it compares with to the same time.")
    var now: String?

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
        if let now, LocalTime.parse(now) == nil { throw ValidationError("--now '\(now)' is not an ISO 8601 time") }
        if now != nil && window { throw ValidationError("--now is for the headless screens; the window shows the real time") }
    }

    func run() throws {
        let log = Logger(label: "lectern")
        // The loop takes SIGINT/SIGTERM before anything else starts, so every thread inherits the blocked mask.
        let loop = try EventLoop()
        if window {
            do {
                return try launch.runInWindow(width: snapshot.size.width, height: snapshot.size.height, loop: loop, log: log)
            } catch let error as WindowError {
                throw CommandFailure("no desktop window: \(error)")
            }
        }
        if !headless, let path = card ?? KioskLaunch.firstCard(log: log) {
            do {
                return try launch.runOnPanel(path: path, loop: loop, log: log)
            } catch {
                log.error("cannot drive \(path): \(error); running headless")
            }
        }
        if demo || scene != nil { try runHeadless(log: log) } else if let trace { try runReaderTrace(trace, log: log) } else {
            try runReaderTour(log: log)
        }
    }

    /// The kiosk as asked, for the panel or the window.
    private var launch: KioskLaunch {
        KioskLaunch(reader: reader.start, demos: demo, scene: scene, connector: connector, mode: mode, rotate: rotate,
                    scale: scale, exitAfter: exitAfter, showTouches: showTouches,
                    userAgent: FeedFetcher.userAgent(version: LecternVersion.current))
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
