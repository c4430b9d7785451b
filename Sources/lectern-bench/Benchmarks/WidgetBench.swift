import Reader
import Raster
import Text

/// `lectern-bench widgets`: each interaction played from its recorded trace on a virtual clock at 1920x1080,
/// scale 2, every frame advanced, drawn and presented (copied to the headless scanout) as on the panel.
///
/// The machine is shared and noisy, so the trace is played `REPS` times and each frame keeps its fastest time;
/// the worst of those is the interaction's worst frame. Frames whose damage stays inside the component's own
/// small area (the dots, the arrow, the refresh indicator, one row) are reported on their own: they must
/// redraw only that area, fast.
public struct WidgetBench {
    public let width: Int
    public let height: Int
    public let pixelsPerPoint: Double

    public init(width: Int, height: Int, pixelsPerPoint: Double) {
        self.width = width
        self.height = height
        self.pixelsPerPoint = pixelsPerPoint
    }

    /// What the small frames of each interaction are called in the output.
    public static let smallFrames = ["pull-menu": "dots_only", "pull-to-action": "arrow_only",
                                     "circular-refresh": "indicator_only", "swipe-rows": "row_only"]
    /// A frame counts as small when its damage covers less than this share of the screen.
    public static let smallShare = 0.25

    /// Hands each row to `emit` and each interaction's note for people to `note`.
    public func run(timing: BenchTiming, typesetter: Typesetter?, emit: (String) -> Void, note: (String) -> Void) throws {
        let rounds = timing.repetitions
        let pixelsPerPoint = Scale(self.pixelsPerPoint)
        let label = "\(width)x\(height)@\(pixelsPerPoint)"
        for name in DemoCatalog.names {
            // One glyph cache for every round: the first round fills it, as screens shown before would have.
            let glyphs = GlyphCache()
            let setting = HostSetting(pixelWidth: width, pixelHeight: height, scale: pixelsPerPoint,
                                      typesetter: typesetter, glyphs: glyphs)
            guard let trace = DemoTraces.trace(for: name, size: setting.size) else { continue }
            var fastest: [UInt64] = []
            var frames: [TraceReplay.Frame] = []
            var prepared: UInt64 = 0
            for round in 0..<rounds {
                let host = try HeadlessHost(setting: setting) {
                    try DemoCatalog.scene(named: name, setting: $0)
                }
                var index = 0
                try host.play(trace) { frame in
                    if round == 0 {
                        fastest.append(frame.nanoseconds)
                        frames.append(frame)
                    } else if index < fastest.count {
                        fastest[index] = min(fastest[index], frame.nanoseconds)
                    }
                    if round == rounds - 1 { prepared = max(prepared, frame.preparedNanoseconds) }
                    index += 1
                }
            }
            report(name, label: label, frames: frames, fastest: fastest, prepared: prepared, emit: emit, note: note)
        }
    }

    private func report(_ name: String, label: String, frames: [TraceReplay.Frame], fastest: [UInt64], prepared: UInt64,
                        emit: (String) -> Void, note report: (String) -> Void) {
        guard let worst = fastest.indices.max(by: { fastest[$0] < fastest[$1] }) else { return }
        // The median of the frames that drew something (at rest a frame only finds nothing changed).
        let drawing = fastest.indices.filter { !frames[$0].damage.isEmpty }.map { fastest[$0] }.sorted()
        let sorted = drawing.isEmpty ? [0] : drawing
        let screen = Double(width * height)
        emit("widgets_\(name)_worst_frame_ms,\(label),lectern,\(Self.milliseconds(fastest[worst]))")
        emit("widgets_\(name)_median_frame_ms,\(label),lectern,\(Self.milliseconds(sorted[sorted.count / 2]))")
        var note = "# \(name): \(frames.count) frames, \(drawing.count) drew; worst \(Self.milliseconds(fastest[worst])) ms "
            + "at frame \(worst) (damage \(frames[worst].damage.bounds))"
        if prepared >= 10_000 { note += "; preparing ahead at rest took up to \(Self.milliseconds(prepared)) ms" }
        if let kind = Self.smallFrames[name] {
            let small = frames.indices.filter {
                !frames[$0].damage.isEmpty && Double(frames[$0].damage.area) < Self.smallShare * screen
            }
            if let slowest = small.max(by: { fastest[$0] < fastest[$1] }) {
                let largest = small.map { frames[$0].damage.bounds }.max { $0.area < $1.area }!
                emit("widgets_\(name)_\(kind)_worst_frame_ms,\(label),lectern,\(Self.milliseconds(fastest[slowest]))")
                note += "; \(small.count) \(kind.replacingUnderscores) frames, worst \(Self.milliseconds(fastest[slowest])) ms, "
                    + "largest damage \(largest.width)x\(largest.height) px"
            } else {
                note += "; no \(kind.replacingUnderscores) frames"
            }
        }
        report(note)
    }

    /// Nanoseconds as milliseconds with three decimals.
    public static func milliseconds(_ nanoseconds: UInt64) -> String {
        let micro = (nanoseconds + 500) / 1000
        let fraction = String(micro % 1000)
        return "\(micro / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}

extension String {
    fileprivate var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
}
