#if canImport(Glibc)
import Glibc
#endif
import CommandLineSupport
import ArgumentParser
import Platform
import Reader

/// `lectern touch …`: touch tools.
struct TouchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touch", abstract: "Touch tools.", subcommands: [TouchReplayCommand.self, DemoTraceCommand.self])
}

/// `lectern touch demo-trace SCENE`: prints the gesture session a demo is filmed and timed with, as a trace in
/// points: to replay it, change it, or play it on a panel.
struct DemoTraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-trace", abstract: "Print a demo's recorded gestures as a touch trace (points).")

    @Argument(help: "The demo scene.")
    var scene: String

    @Option(help: "The scene's size in points, WIDTHxHEIGHT.")
    var size = PanelSize(width: 800, height: 480)

    func run() throws {
        guard let trace = DemoTraces.trace(for: scene, width: Double(size.width), height: Double(size.height))
        else { throw CommandFailure("no scene '\(scene)' (scenes: \(DemoCatalog.names.joined(separator: ", ")))") }
        print(trace.text, terminator: "")
    }
}

/// `lectern touch replay TRACE...`: plays recorded traces through a uinput touchscreen, so the kernel, libinput
/// and the kiosk all see them as real touch (needs write access to /dev/uinput). With `--stdin` it keeps the
/// device and plays each trace whose path arrives on a line of standard input: one device for many gestures,
/// for systems where a new input device would go unnoticed (no udevd).
struct TouchReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay", abstract: "Replay touch traces through a virtual (uinput) touchscreen.")

    @Argument(help: "Trace files: one event per line, `t_us slot phase x y` in panel pixels.")
    var traces: [String] = []

    @Flag(help: "After the traces given, play each trace whose path arrives on standard input, until it ends.")
    var stdin = false

    @Option(help: "Touchscreen size in panel pixels, WIDTHxHEIGHT.")
    var size = PanelSize(width: 1280, height: 800)

    @Option(help: "Seconds to wait after the device appears, before the first touch.")
    var wait: Double = 1

    func validate() throws {
        if traces.isEmpty && !stdin { throw ValidationError("give a trace file, or --stdin") }
    }

    func run() throws {
        // Every trace named is read before the device appears: a broken one fails without touching anything.
        let recordings = try traces.map { try TraceFile(reading: $0) }
        let screen = try VirtualTouchscreen(width: size.width, height: size.height)
        print("touchscreen ready")
        pause(seconds: wait)
        for recording in recordings { try play(recording, on: screen) }
        if stdin {
            while let line = readLine() {
                let path = line[...].trimmingCharacters(from: " \t\r")
                if path.isEmpty { continue }
                do {
                    try play(try TraceFile(reading: path), on: screen)
                } catch {
                    // One bad path does not end the session: say so and wait for the next.
                    FileStream.standardError.write("lectern: \(error)\n")
                }
            }
        }
        // Let the last events reach their readers before the device disappears.
        pause(seconds: 0.5)
    }

    private func play(_ file: TraceFile, on screen: VirtualTouchscreen) throws {
        let recording = file.trace
        var previous = recording.frames.first?.time ?? 0
        for frame in recording.frames {
            pause(seconds: frame.time - previous)
            previous = frame.time
            try screen.send(frame)
        }
        print("replayed \(recording.frames.count) frames of \(file.path)")
    }

    private func pause(seconds: Double) {
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
