#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Platform
import Touch

/// `lectern touch …`: touch tools.
struct TouchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touch", abstract: "Touch tools.", subcommands: [TouchReplayCommand.self])
}

/// `lectern touch replay TRACE`: plays a recorded trace through a uinput touchscreen, so the kernel, libinput
/// and the kiosk all see it as real touch (needs write access to /dev/uinput).
struct TouchReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay", abstract: "Replay a touch trace through a virtual (uinput) touchscreen.")

    @Argument(help: "Trace file: one event per line, `t_us slot phase x y` in panel pixels.")
    var trace: String

    @Option(help: "Touchscreen size in panel pixels, WIDTHxHEIGHT.")
    var size = PanelSize(width: 1280, height: 800)

    @Option(help: "Seconds to wait after the device appears, before the first touch.")
    var wait: Double = 1

    func run() throws {
        let text = String(decoding: try AtomicFile.read(trace, limit: 16 << 20), as: UTF8.self)
        let recording: TouchTrace
        do {
            recording = try TouchTrace(parsing: text)
        } catch {
            throw CommandFailure("\(trace): \(error)")
        }
        let screen = try VirtualTouchscreen(width: size.width, height: size.height)
        print("touchscreen ready")
        pause(seconds: wait)
        var previous = recording.frames.first?.timeUsec ?? 0
        for frame in recording.frames {
            pause(seconds: Double(frame.timeUsec - previous) / 1e6)
            previous = frame.timeUsec
            try screen.send(frame)
        }
        // Let the last events reach their readers before the device disappears.
        pause(seconds: 0.5)
        print("replayed \(recording.frames.count) frames")
    }

    private func pause(seconds: Double) {
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
