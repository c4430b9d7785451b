#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A spring pulling a value from `start` towards `end`, with closed-form position and velocity for the
/// under-, critically and over-damped cases (Flutter's `SpringSimulation`).
///
///     under:    x = e^(−ζω0t)·(x0·cos ωd·t + ((v0 + ζω0·x0)/ωd)·sin ωd·t),  ωd = ω0√(1−ζ²)
///     critical: x = (x0 + (v0 + ω0·x0)·t)·e^(−ω0·t)
///     over:     x = c1·e^(r1·t) + c2·e^(r2·t),  r = (−c ± √(c²−4mk)) / 2m
///
/// where x is the displacement from `end` and x0 = start − end.
public struct SpringSimulation: Simulation, Equatable {
    public let spring: Spring
    public let start: Double
    public let end: Double
    /// Velocity at t = 0, in units per second.
    public let velocity: Double
    public let tolerance: Tolerance
    private let solution: Solution

    public init(spring: Spring, start: Double, end: Double, velocity: Double = 0, tolerance: Tolerance = .standard) {
        let end = finite(end, or: 0)
        let start = finite(start, or: end)
        let velocity = finite(velocity, or: 0)
        self.spring = spring
        self.start = start
        self.end = end
        self.velocity = velocity
        self.tolerance = tolerance
        self.solution = Solution(spring: spring, x0: start - end, v0: velocity)
    }

    // At t = 0 the inputs are returned as given, so a hand-off into this spring is exact to the last bit.
    public func x(at t: Double) -> Double { t > 0 ? end + solution.x(t) : start }
    public func dx(at t: Double) -> Double { t > 0 ? solution.dx(t) : velocity }

    /// At rest once within `tolerance.distance` of `end` and slower than `tolerance.velocity`.
    public func isDone(at t: Double) -> Bool {
        let offset = solution.x(max(0, t))
        let speed = solution.dx(max(0, t))
        guard offset.isFinite, speed.isFinite else { return true }
        return abs(offset) <= tolerance.distance && abs(speed) <= tolerance.velocity
    }

    public var finalX: Double { end }

    /// The same spring heading for `newEnd` from wherever this one is at `t`, with its velocity at `t`: the
    /// returned simulation's time 0 is this one's `t`, so position and velocity carry over without a jump.
    public func retargeted(to newEnd: Double, at t: Double) -> SpringSimulation {
        SpringSimulation(spring: spring, start: x(at: t), end: newEnd, velocity: dx(at: t), tolerance: tolerance)
    }

    /// The time from which the motion stays at rest, found by sampling every `step` seconds up to `limit`
    /// (returned if it never settles). An underdamped spring can be briefly "done" at a turning point and
    /// then move again, so this is the end of the last busy sample, not the first done one. For tests and
    /// for budgeting transitions; running the motion does not need it.
    public func settlingTime(step: Double = 1.0 / 240, limit: Double = 10) -> Double {
        var settled = 0.0
        var t = 0.0
        while t <= limit {
            if !isDone(at: t) { settled = t + step }
            t += step
        }
        return min(settled, limit)
    }
}

extension SpringSimulation {
    /// The displacement from equilibrium; one of the three closed forms, chosen once.
    private enum Solution: Sendable, Equatable {
        case critical(r: Double, c1: Double, c2: Double)
        case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
        case underdamped(w: Double, r: Double, c1: Double, c2: Double)

        init(spring: Spring, x0: Double, v0: Double) {
            let m = spring.mass, k = spring.stiffness, c = spring.damping
            let discriminant: Double = c * c - 4 * m * k
            // Exactly critical springs are rare in floating point (ζ = 1 built from √): treat a relative
            // difference below 1e-9 as critical rather than divide by a vanishing root difference.
            if abs(discriminant) <= 1e-9 * 4 * m * k {
                let r = -c / (2 * m)
                self = .critical(r: r, c1: x0, c2: v0 - r * x0)
            } else if discriminant > 0 {
                let root = discriminant.squareRoot()
                let r1 = (-c - root) / (2 * m)
                let r2 = (-c + root) / (2 * m)
                let c2 = (v0 - r1 * x0) / (r2 - r1)
                self = .overdamped(r1: r1, r2: r2, c1: x0 - c2, c2: c2)
            } else {
                let w = (-discriminant).squareRoot() / (2 * m)
                let r = -c / (2 * m)
                self = .underdamped(w: w, r: r, c1: x0, c2: (v0 - r * x0) / w)
            }
        }

        func x(_ t: Double) -> Double {
            switch self {
            case let .critical(r, c1, c2):
                return (c1 + c2 * t) * exp(r * t)
            case let .overdamped(r1, r2, c1, c2):
                return c1 * exp(r1 * t) + c2 * exp(r2 * t)
            case let .underdamped(w, r, c1, c2):
                return exp(r * t) * (c1 * cos(w * t) + c2 * sin(w * t))
            }
        }

        func dx(_ t: Double) -> Double {
            switch self {
            case let .critical(r, c1, c2):
                let power = exp(r * t)
                return r * (c1 + c2 * t) * power + c2 * power
            case let .overdamped(r1, r2, c1, c2):
                return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
            case let .underdamped(w, r, c1, c2):
                let power = exp(r * t)
                let cosine = cos(w * t), sine = sin(w * t)
                return power * (c2 * w * cosine - c1 * w * sine) + r * power * (c1 * cosine + c2 * sine)
            }
        }
    }
}
