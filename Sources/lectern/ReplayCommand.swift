import CommandLineSupport
import ArgumentParser
import Feeds
import Logging
import Platform
import Reader

/// `lectern replay SCENE TRACE --json`: plays a touch trace through one demo scene on the headless display with
/// a virtual clock and prints every frame's state: the inspection contract of docs/replay.md.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a touch trace through a demo scene and print each frame's state.",
        discussion: "Scenes: \(DemoCatalog.names.joined(separator: ", ")), and reader (the app itself, over --store). The trace's coordinates are points.")

    @Argument(help: "The demo scene.")
    var scene: String

    @Argument(help: "Touch trace: one event per line, `t_us slot phase x y` in points.")
    var trace: String

    @Flag(help: "Print one JSON object per frame.")
    var json = false

    @Option(help: "Frames per second of the virtual clock.")
    var fps = 60.0

    @Option(help: "Panel size in pixels, WIDTHxHEIGHT.")
    var size = PanelSize(width: 800, height: 480)

    @Option(help: "Pixels per point.")
    var scale = 1.0

    @Option(help: "Seconds an action started by a gesture takes to complete.")
    var actionSeconds = 1.0

    @Option(help: "Start the scene's action from code at this many seconds after the first event.")
    var refreshAt: Double?

    @Option(help: "Also save every frame as DIR/frame-NNNN.png (reader: DIR/NNNNN.png).")
    var frames: String?

    @Option(help: "reader: the feed store to read (and write read state and stars to).")
    var store: String?

    @Option(help: "reader: the wall-clock time at the first event, ISO 8601 (without a zone: TZ's local time).")
    var now: String?

    @Option(help: "reader: a configuration file, as /etc/lectern/lectern.conf.")
    var config: String?

    @Option(help: "reader: minutes idle before ambient mode.")
    var idleMinutes: String?

    @Option(help: "reader: the night schedule, HH:MM-HH:MM.")
    var night: String?

    func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 1000 else { throw ValidationError("fps must be a number from 1 to 1000") }
        guard scale.isFinite, scale >= 0.25, scale <= 8 else { throw ValidationError("scale must be from 0.25 to 8") }
        guard actionSeconds.isFinite, actionSeconds >= 0 else {
            throw ValidationError("action-seconds must be a number of seconds")
        }
        if let refreshAt, !(refreshAt.isFinite && refreshAt >= 0) {
            throw ValidationError("refresh-at must be a number of seconds")
        }
    }

    func run() throws {
        if scene == "reader" { return try runReader() }
        guard DemoCatalog.names.contains(scene) else {
            throw CommandFailure("no scene '\(scene)' (scenes: \(DemoCatalog.names.joined(separator: ", ")))")
        }
        let recording = try TraceFile(reading: trace).trace
        let host = try HeadlessHost(pixelWidth: size.width, pixelHeight: size.height, pixelsPerPoint: scale, fps: fps,
                                    typesetter: ScreenFonts.typesetter(log: Logger(label: "lectern")),
                                    actionSeconds: actionSeconds) {
            try DemoCatalog.scene(named: scene, setting: $0)
        }
        let demo = host.scene
        let output = BufferedOutput()
        // Frames already worked out are printed even when the replay stops with an error.
        defer { output.flush() }
        var writer = try frames.map { try SnapshotWriter(directory: $0) }
        var index = 0
        try host.play(recording, refreshAt: refreshAt, startAction: demo.startAction) { frame in
            let t = frame.t
            if writer != nil {
                try writer?.save(host.picture, frame: index)
                index += 1
            }
            var fields: [(String, JSONValue)] = [("t", .number(t))]
            fields += demo.inspection()
            if json {
                output.line(JSONValue.object(fields).text)
            } else {
                output.line(fields.map { "\($0.0)=\($0.1.text)" }.joined(separator: " "))
            }
        }
    }
}
