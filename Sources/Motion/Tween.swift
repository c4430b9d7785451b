/// A fixed-duration animation from one value to another along a timing curve: fades (0 → 0.9 alpha over
/// 0.5 s, ease-in-out), arrow turns (0.2 s), page slides, spinner quarter turns (linear).
public struct Tween: Simulation, Equatable {
    public let start: Double
    public let end: Double
    /// Seconds; 0 or less means it is already at `end`.
    public let duration: Double
    public let curve: TimingCurve

    public init(from start: Double, to end: Double, duration: Double, curve: TimingCurve = .easeInOut) {
        self.end = finite(end, or: 0)
        self.start = finite(start, or: self.end)
        self.duration = max(finite(duration, or: 0), 0)
        self.curve = curve
    }

    /// Time progress at `t`, 0...1.
    public func progress(at t: Double) -> Double {
        guard duration > 0 else { return 1 }
        return min(max(t / duration, 0), 1)
    }

    public func x(at t: Double) -> Double {
        let p = progress(at: t)
        if p >= 1 { return end }
        return start + (end - start) * curve.value(at: p)
    }

    public func dx(at t: Double) -> Double {
        guard duration > 0, t >= 0, t < duration else { return 0 }
        return (end - start) / duration * curve.slope(at: t / duration)
    }

    public func isDone(at t: Double) -> Bool { t >= duration }

    public var finalX: Double { end }
}
