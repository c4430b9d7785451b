/// A timing function mapping progress in time (0...1) to progress in value (0...1), as Core Animation's
/// `CAMediaTimingFunction` and CSS's `cubic-bezier()`: a cubic Bézier from (0, 0) to (1, 1) with control
/// points (x1, y1) and (x2, y2), solved for x → parameter s, then evaluated at y(s).
public struct TimingCurve: Sendable, Equatable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// Control x values are clamped to 0...1 so time never runs backwards (as CSS requires); y values may
    /// leave 0...1 for overshoot.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = min(max(finite(x1, or: 0), 0), 1)
        self.y1 = finite(y1, or: 0)
        self.x2 = min(max(finite(x2, or: 1), 0), 1)
        self.y2 = finite(y2, or: 1)
    }

    /// Constant speed, used for spinners (a quarter turn every 0.25 s).
    public static let linear = TimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)
    /// UIKit's default for `UIView.animate` (`.curveEaseInOut`): (0.42, 0, 0.58, 1).
    public static let easeInOut = TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// (0.42, 0, 1, 1).
    public static let easeIn = TimingCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// (0, 0, 0.58, 1).
    public static let easeOut = TimingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)

    private var isLinear: Bool { x1 == y1 && x2 == y2 }

    /// Value progress at time progress `progress` (clamped to 0...1).
    public func value(at progress: Double) -> Double {
        let p = min(max(finite(progress, or: 1), 0), 1)
        if isLinear { return p }
        return Self.bezier(parameter(forX: p), y1, y2)
    }

    /// d value / d progress at `progress`: how fast the value moves relative to the average speed.
    public func slope(at progress: Double) -> Double {
        let p = min(max(finite(progress, or: 1), 0), 1)
        if isLinear { return 1 }
        var s = parameter(forX: p)
        // With a control point on an end's axis (easeOut's x1 = y1 = 0) both derivatives vanish at that
        // end; the slope there is their limit, read a hair inside.
        if Self.bezierSlope(s, x1, x2) < 1e-9 { s = s < 0.5 ? max(s, 1e-6) : min(s, 1 - 1e-6) }
        let dx = Self.bezierSlope(s, x1, x2)
        let dy = Self.bezierSlope(s, y1, y2)
        return dx > 0 ? dy / dx : 0
    }

    /// Bézier parameter s with x(s) = x: Newton's method from s = x, falling back to bisection, as WebKit's
    /// UnitBezier does. x(s) is monotonic because x1 and x2 are inside 0...1.
    func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.bezier(s, x1, x2) - x
            if abs(error) < 1e-9 { return s }
            let slope = Self.bezierSlope(s, x1, x2)
            if abs(slope) < 1e-6 { break }
            s -= error / slope
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<60 {
            let value = Self.bezier(s, x1, x2)
            if abs(value - x) < 1e-9 { return s }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// One coordinate of the curve with end points 0 and 1: 3(1−s)²s·a + 3(1−s)s²·b + s³.
    static func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
    }

    static func bezierSlope(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
    }
}
