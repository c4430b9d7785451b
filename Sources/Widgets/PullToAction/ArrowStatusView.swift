#if canImport(Glibc)
import Glibc
#endif
import Motion
import Raster

/// The seed's custom status view (ShinobiEssentials' customisation post): a circular arrow that, with
/// r = pulled / threshold, turns 2π·r and scales min(1, r) as the content is pulled; while the action runs it
/// spins a quarter turn every 0.25 s, linearly (1 rev/s), ignoring pulls; told to stop, it finishes the quarter
/// turn it is in.
///
/// Beyond the seed: after spinning it holds its pose while the control retracts (the seed snapped back to
/// 2π·r, a visible jump), and it is back at rest (0°, scale 0) once the control is idle. A new pull that
/// catches the control while it retracts takes the arrow over again.
public final class ArrowStatusView: PullToActionStatusView {
    static let quarterTurnSeconds = 0.25
    /// The arrow's box at scale 1, points. The glyph stays inside the circle inscribed in it, so the box holds
    /// it at every angle (a spin redraws only the box).
    public static let size = 40.0

    public let color: Color
    /// Degrees, clockwise, not wrapped.
    public private(set) var rotation = 0.0
    public private(set) var scale = 0.0
    private(set) var isSpinning = false
    private var spinStart = 0.0
    private var spinBase = 0.0
    /// When a stopped spin ends: the end of the quarter turn it was in.
    private var spinEnd: Double?
    /// Whether the arrow spun since the control was last idle: it then holds its pose.
    private var hasSpun = false

    public init(color: Color = Palette.ink) { self.color = color }

    public func update(pulledAmount: Double, pullThreshold: Double, at time: Double) {
        guard !hasSpun, pullThreshold > 0, pulledAmount.isFinite else { return }
        let r = max(0, pulledAmount) / pullThreshold
        rotation = 360 * r
        scale = min(1, r)
    }

    public func stateChanged(to state: PullToActionState, at time: Double) {
        switch state {
        case .idle:
            hasSpun = false
            rotation = 0
            scale = 0
        case .pulling:
            hasSpun = false
        case .triggered, .executing, .retracting:
            break
        }
    }

    /// Starts spinning at `time` from wherever the arrow points.
    func startSpinning(at time: Double) {
        guard !isSpinning else { return }
        isSpinning = true
        hasSpun = true
        spinStart = time
        spinBase = rotation
        spinEnd = nil
    }

    /// Stops at the end of the quarter turn under way at `time` (at `time` itself if one just ended).
    func stopSpinning(at time: Double) {
        guard isSpinning, spinEnd == nil else { return }
        let quarters = ((time - spinStart) / Self.quarterTurnSeconds).rounded(.up)
        spinEnd = spinStart + max(0, quarters) * Self.quarterTurnSeconds
    }

    /// When a stopped spin will end, or nil while it spins on (or does not spin).
    var stopsAt: Double? { spinEnd }

    public func advance(to time: Double) -> Bool {
        guard isSpinning else { return false }
        let until = min(time, spinEnd ?? time)
        rotation = spinBase + 360 * max(0, until - spinStart) / (4 * Self.quarterTurnSeconds)
        if let end = spinEnd, time >= end {
            isSpinning = false
            spinEnd = nil
            return false
        }
        return true
    }

    /// A circular arrow: three quarters of a ring and a head at its end, turned and scaled about the centre.
    public var appearance: AnyHashable { [rotation, scale] }

    public func draw(into canvas: Canvas, frame: Rect) {
        guard scale > 0 else { return }
        let side = Self.size
        let center = PixelPoint(x: frame.midX, y: frame.midY)
        let place = AffineTransform.scale(scale)
            .concatenating(.rotation(rotation * Double.pi / 180))
            .concatenating(.translation(x: center.x, y: center.y))
        // Ring radius 11.2 and width 4 for a 40 pt box: the head's far corners are 19.5 pt from the centre.
        let radius = side * 0.28, width = side * 0.1
        let start = -Double.pi / 2 + 0.35, sweep = 1.5 * Double.pi
        canvas.fill(ArcStroke(center: .zero, radius: radius, lineWidth: width, startAngle: start, sweep: sweep,
                              cap: .round), color: color, transform: place)
        // The head at the arc's end, pointing on round the way the arrow turns as it is pulled (clockwise).
        let end = start + sweep
        let (s, c) = (sin(end), cos(end))
        let tip = PixelPoint(x: radius * c - 2.2 * width * s, y: radius * s + 2.2 * width * c)
        func base(_ side: Double) -> PixelPoint {
            PixelPoint(x: (radius + side) * c + 1.3 * width * s, y: (radius + side) * s - 1.3 * width * c)
        }
        canvas.fill(Polygon(points: [tip, base(1.9 * width), base(-1.9 * width)]), color: color, transform: place)
    }
}

/// The seed's visualizer for the arrow: the status view sits centred in the gap the pull opens; triggering
/// starts the spin and executes at once; completion stops the spin and resets once the quarter turn is done.
public final class ArrowVisualizer: PullToActionVisualizer {
    public let arrow: ArrowStatusView
    private var resetPending = false

    public init(arrow: ArrowStatusView) { self.arrow = arrow }

    public func frame(ofStatusViewIn visibleArea: Rect, control: PullToAction) -> Rect {
        let side = ArrowStatusView.size
        return Rect(x: visibleArea.midX - side / 2, y: visibleArea.midY - side / 2, width: side, height: side)
    }

    public func stateChanged(_ control: PullToAction, from old: PullToActionState, to new: PullToActionState,
                             at time: Double) {}

    public func pulledAmountChanged(_ control: PullToAction, at time: Double) {
        arrow.update(pulledAmount: control.pulledAmount, pullThreshold: control.pullThreshold, at: time)
    }

    public func triggeredAction(_ control: PullToAction, at time: Double) {
        arrow.startSpinning(at: time)
        control.executeAction(at: time)
    }

    public func actionCompleted(_ control: PullToAction, at time: Double) {
        arrow.stopSpinning(at: time)
        resetPending = true
        resetIfDone(control, at: time)
    }

    public func advance(_ control: PullToAction, to time: Double) -> Bool {
        resetIfDone(control, at: time)
        return resetPending
    }

    private func resetIfDone(_ control: PullToAction, at time: Double) {
        guard resetPending, let end = arrow.stopsAt ?? (arrow.isSpinning ? nil : time), end <= time else { return }
        resetPending = false
        control.resetToIdle(at: end)
    }
}
