import CommandLineSupport
import ArgumentParser
import Logging
import Platform
import Reader

/// `lectern soak`: hours on the wall in minutes (`DemoSoak`); fails when memory or file descriptors grew
/// between the end of the warm-up and the end of the last tour.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Play the demo gestures over and over on a virtual clock; fail if memory or descriptors grow.",
        discussion: """
            Prints one line: panel time, wall time, resident memory and open descriptors after the first tour \
            and at the end. Exits 1 when descriptors grew at all or memory by more than \
            \(Int(Self.residentGrowthBound / Self.mebibyte)) MB.
            """)

    @Option(help: "Minutes of panel time to play (virtual: it runs as fast as frames draw).")
    var minutes = 10.0

    @Option(help: "Panel size in pixels, WIDTHxHEIGHT.")
    var size = PanelSize(width: 800, height: 480)

    @Option(help: "Instead: hotplug storms over the real platform objects on this DRM device (KMS, libinput, the uevent watch), the uevents scripted.")
    var platform: String?

    @Option(help: "With --platform: how many unplug-and-plug cycles to measure.")
    var hotplugs = 40

    /// How much resident memory may grow after the warm-up tour. A leak of one 64-byte block a frame grows by
    /// 2.3 MB over the default ten minutes (36,000 frames); malloc keeping a few freed pages after the warm-up
    /// moves the figure by well under one MB.
    static let residentGrowthBound = 2 * mebibyte
    static let mebibyte = 1_048_576.0

    func validate() throws {
        guard minutes.isFinite, minutes > 0, minutes <= 24 * 60 else {
            throw ValidationError("minutes must be a number above 0 and at most a day (1440)")
        }
        guard (1...10_000).contains(hotplugs) else { throw ValidationError("hotplugs must be from 1 to 10000") }
    }

    func run() throws {
        if let platform { return try runPlatform(card: platform) }
        let started = MonotonicClock.seconds()
        let soak = try DemoSoak(pixelWidth: size.width, pixelHeight: size.height,
                                typesetter: ScreenFonts.typesetter(log: Logger(label: "lectern")))
        let (before, after) = try soak.run(minutes: minutes)
        let panelSeconds = soak.panelSeconds
        let wall = MonotonicClock.seconds() - started
        let grown = Double(after.residentBytes - before.residentBytes)
        let change = (grown >= 0 ? "+" : "") + String(format1: grown / Self.mebibyte)
        let memory = "RSS \(megabytes(before.residentBytes)) MB -> \(megabytes(after.residentBytes)) MB (\(change) MB)"
        let descriptors = "fds \(before.openDescriptors) -> \(after.openDescriptors)"
        print("soak: \(Int(panelSeconds.rounded())) s of panel time in \(Int(wall.rounded())) s; \(memory); \(descriptors)")
        if after.openDescriptors > before.openDescriptors {
            throw CommandFailure("file descriptors grew from \(before.openDescriptors) to \(after.openDescriptors)")
        }
        if grown > Self.residentGrowthBound {
            throw CommandFailure("resident memory grew by \(change) MB, more than \(Int(Self.residentGrowthBound / Self.mebibyte)) MB")
        }
    }

    private func megabytes(_ bytes: Int) -> String { String(format1: Double(bytes) / Self.mebibyte) }

    /// The storms: `hotplugs` cycles of the display dropped and opened again. Every cycle maps three new
    /// scanout buffers (megabytes each), so a bound of 2 MB catches one kept past its display.
    private func runPlatform(card: String) throws {
        let log = Logger(label: "lectern")
        let soak: PlatformSoak
        do {
            soak = try PlatformSoak(path: card, log: log) { DemoShell(setting: $0) }
        } catch {
            throw CommandFailure("cannot soak \(card): \(error)")
        }
        let started = MonotonicClock.seconds()
        let (before, after) = try soak.run(cycles: hotplugs)
        let grown = Double(after.residentBytes - before.residentBytes)
        let change = (grown >= 0 ? "+" : "") + String(format1: grown / Self.mebibyte)
        print("soak --platform: \(hotplugs) unplug-and-plug cycles (\(soak.hotplugs) uevents) in \(Int((MonotonicClock.seconds() - started).rounded())) s; "
              + "RSS \(megabytes(before.residentBytes)) MB -> \(megabytes(after.residentBytes)) MB (\(change) MB); "
              + "fds \(before.openDescriptors) -> \(after.openDescriptors)")
        if after.openDescriptors > before.openDescriptors {
            throw CommandFailure("file descriptors grew from \(before.openDescriptors) to \(after.openDescriptors)")
        }
        if grown > Self.residentGrowthBound {
            throw CommandFailure("resident memory grew by \(change) MB, more than \(Int(Self.residentGrowthBound / Self.mebibyte)) MB")
        }
    }
}
