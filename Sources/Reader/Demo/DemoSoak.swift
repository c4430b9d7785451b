import Platform
import Text

/// Hours on the wall in minutes (`lectern soak`): every demo's gestures played through one shell, over and
/// over, on the headless virtual clock, with what the process holds measured after the warm-up and at the end.
public final class DemoSoak {
    private let host: HeadlessHost<DemoShell>
    /// Panel time played so far, seconds.
    public private(set) var panelSeconds = 0.0
    private var nextStart = 1.0

    public init(pixelWidth: Int, pixelHeight: Int, typesetter: Typesetter?) throws {
        host = try HeadlessHost(pixelWidth: pixelWidth, pixelHeight: pixelHeight, typesetter: typesetter) {
            DemoShell(setting: $0)
        }
    }

    /// Plays at least `minutes` of panel time (warm-up included) and returns the process's footprint after the
    /// warm-up and at the end.
    public func run(minutes: Double) throws -> (afterWarmUp: ProcessFootprint, atEnd: ProcessFootprint) {
        // Warm-up: the first tour makes every demo and the glyphs it shows; the second is the first to tap its
        // way back to the first demo and to replay gestures on scenes that kept their state. What each tour
        // costs after those is what a year on the wall costs again and again.
        try tour()
        try tour()
        let before = try ProcessFootprint.current()
        // At least one tour after the warm-up, however short the soak asked for.
        repeat { try tour() } while panelSeconds < minutes * 60
        return (before, try ProcessFootprint.current())
    }

    /// One tour through every demo; the panel's clock runs on from where the last one stopped.
    private func tour() throws {
        let trace = DemoTour.trace(size: host.setting.size, start: nextStart)
        var last = 0.0
        try host.play(trace) { frame in last = frame.t }
        panelSeconds += last
        nextStart = (trace.frames.first?.time ?? nextStart) + last + 1
    }
}
