import ArgumentParser
import Logging
import Platform
import Raster
import Reader
import Text
import Touch
import Widgets

/// A touch trace read from a file: one clear error naming the file and the line when it is not a trace.
func readTrace(_ path: String) throws -> TouchTrace {
    do {
        return try TouchTrace(parsing: String(decoding: try AtomicFile.read(path, limit: 16 << 20), as: UTF8.self))
    } catch let error as TouchTraceError {
        throw CommandFailure("\(path): \(error)")
    }
}

/// `lectern replay SCENE TRACE --json`: plays a touch trace through one demo scene on the headless display with
/// a virtual clock and prints every frame's state: the inspection contract of INTERACTIONS.md.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a touch trace through a demo scene and print each frame's state.",
        discussion: "Scenes: \(DemoCatalog.names.joined(separator: ", ")). The trace's coordinates are points.")

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

    @Option(help: "Also save every frame as DIR/frame-NNNN.png.")
    var frames: String?

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
        guard DemoCatalog.names.contains(scene) else {
            throw CommandFailure("no scene '\(scene)' (scenes: \(DemoCatalog.names.joined(separator: ", ")))")
        }
        let replay = Replay(trace: try readTrace(trace), fps: fps, refreshAt: refreshAt)
        let pixelsPerPoint = Scale(scale)
        let typography = Typography(typesetter: ScreenFonts.typesetter(log: Logger(label: "lectern")),
                                    scale: pixelsPerPoint)
        let glyphs = GlyphCache()
        let setting = DemoSetting(size: Size(width: pixelsPerPoint.points(Double(size.width)),
                                             height: pixelsPerPoint.points(Double(size.height))),
                                  typography: typography, glyphs: glyphs, actionSeconds: actionSeconds)
        guard let demo = DemoCatalog.make(scene, setting: setting) else {
            throw CommandFailure("scene '\(scene)' is not built")
        }
        let display = HeadlessDisplay(width: size.width, height: size.height, refreshPeriod: 1 / fps)
        let loop = FrameLoop(scene: demo, display: display, scale: pixelsPerPoint, glyphs: glyphs)
        let output = BufferedOutput()
        var writer = try frames.map { try SnapshotWriter(directory: $0) }
        var index = 0
        try replay.play(demo, loop: loop, startAction: demo.startAction) { t in
            if writer != nil {
                try writer?.save(display.scanout, name: "frame-" + String(index).leftPadded(to: 4))
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
        output.flush()
    }
}

/// The virtual clock of a replay: frames every 1/fps s from the trace's first event; events delivered at their
/// own timestamps before the frame that follows them is advanced; done once everything has been at rest for
/// a second after the last event (and after a programmatic action began).
struct Replay {
    let trace: TouchTrace
    let fps: Double
    let refreshAt: Double?
    /// Seconds of rest after the last event before the replay ends.
    static let restToEnd = 1.0
    /// A scene still moving this long after its last event is broken: the replay stops rather than run forever.
    static let giveUpAfter = 120.0

    func play(_ scene: Scene, loop: FrameLoop, startAction: (Double) -> Void = { _ in },
              frame report: (Double) throws -> Void) throws {
        // The scene runs on the trace's own clock (events carry their timestamps); `t` counts from the first event.
        let startUsec = trace.frames.first?.timeUsec ?? 0
        let origin = Double(startUsec) / 1_000_000
        func seconds(_ usec: Int64) -> Double { Double(usec - startUsec) / 1_000_000 }
        var pending = trace.frames[...]
        var actionPending = refreshAt != nil
        let lastInput = max(seconds(trace.frames.last?.timeUsec ?? startUsec), refreshAt ?? 0)
        var restingSince: Double?
        var k = 0
        while true {
            let t = Double(k) / fps
            // A hair of slack so an event stamped exactly on a frame belongs to it despite rounding.
            while let next = pending.first, seconds(next.timeUsec) <= t + 1e-9 {
                if actionPending, let at = refreshAt, at <= seconds(next.timeUsec) {
                    startAction(origin + at)
                    actionPending = false
                }
                scene.handle(next)
                pending = pending.dropFirst()
                restingSince = nil
            }
            if actionPending, let at = refreshAt, at <= t + 1e-9 {
                startAction(origin + at)
                actionPending = false
                restingSince = nil
            }
            try loop.frame(at: origin + t)
            try report(t)
            let atRest = !loop.needsFrame && scene.deadline == nil && pending.isEmpty && !actionPending
            if atRest {
                let since = restingSince ?? t
                restingSince = since
                if t - since >= Self.restToEnd - 1e-9 { return }
            } else {
                restingSince = nil
            }
            if t > lastInput + Self.giveUpAfter {
                throw CommandFailure("the scene was still moving \(Int(Self.giveUpAfter)) s after the last event")
            }
            k += 1
        }
    }
}

extension String {
    /// The string with zeros in front up to `width` characters: frame numbers that sort.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
