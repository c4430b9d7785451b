#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Spring {
    /// The envelope UIKit shrinks to by the end of a duration-based spring animation: 0.1 % of the distance.
    public static let uikitSettledFraction = 0.001

    /// UIKit's `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`, reconstructed
    /// (mass 1): find the undamped frequency ω whose envelope has shrunk to 0.1 % of the distance exactly at
    /// t = duration, then k = ω², c = 2ζω.
    ///
    /// - duration: seconds, clamped to 0.01...10.
    /// - dampingRatio: ζ, clamped to (0, 1] (0.001 at least).
    /// - initialVelocity: relative, in distances per second (0.5 = half the distance per second towards the
    ///   target); it shapes the envelope, so it changes the constants.
    ///
    /// Envelope at t for ζ < 1: ((ζω − v)/ωd)·e^(−ζωt); for ζ = 1: ((ω − v)·t + 1)·e^(−ωt). The root is found by
    /// Newton iterations kept inside a bracket on the decaying side (bisection when a step leaves it), so the
    /// answer is deterministic and never NaN. (0.5, 0.4, 0.5) gives k ≈ 911, c ≈ 24.2.
    public init(duration: Double, dampingRatio: Double, initialVelocity: Double) {
        let duration = min(max(finite(duration, or: 0.5), 0.01), 10)
        let zeta = min(max(finite(dampingRatio, or: 1), 0.001), 1)
        let velocity = finite(initialVelocity, or: 0)
        let omega = UIKitSpringSearch(duration: duration, dampingRatio: zeta, velocity: velocity).frequency()
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
    }
}

extension SpringSimulation {
    /// A UIKit duration-based spring from `start` to `end`: the constants come from
    /// `Spring(duration:dampingRatio:initialVelocity:)` and the starting velocity is
    /// `initialVelocity × (end − start)` per second, as UIKit's relative velocity means.
    public static func uikit(
        from start: Double, to end: Double,
        duration: Double, dampingRatio: Double, initialVelocity: Double,
        tolerance: Tolerance = .standard
    ) -> SpringSimulation {
        let spring = Spring(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
        let velocity = finite(initialVelocity, or: 0) * (end - start)
        return SpringSimulation(spring: spring, start: start, end: end, velocity: velocity, tolerance: tolerance)
    }
}

/// The root search behind UIKit's duration-based springs: envelope(ω) = 0.1 % at t = duration.
struct UIKitSpringSearch {
    let duration: Double
    let dampingRatio: Double
    let velocity: Double
    let target = Spring.uikitSettledFraction

    var isCritical: Bool { dampingRatio >= 1 }

    /// envelope(ω) − 0.1 %, and its derivative in ω.
    func residual(_ omega: Double) -> (value: Double, slope: Double) {
        let t = duration, v = velocity
        if isCritical {
            let decay = exp(-omega * t)
            return (((omega - v) * t + 1) * decay - target, -t * t * (omega - v) * decay)
        }
        let zeta = dampingRatio
        let q = (1 - zeta * zeta).squareRoot()
        let decay = exp(-zeta * omega * t)
        let amplitude = (zeta - v / omega) / q
        let amplitudeSlope = v / (omega * omega * q)
        return (amplitude * decay - target, decay * (amplitudeSlope - zeta * t * amplitude))
    }

    /// The smallest ω from which the envelope only decreases: the root we want lies above it.
    func decayingFrom() -> Double {
        let t = duration, v = velocity
        if isCritical { return max(v, 1e-6) }
        guard v > 0 else { return 1e-6 }
        let z = dampingRatio
        // Peak of (ζ − v/ω)·e^(−ζtω): ζ²t·ω² − ζtv·ω − v = 0.
        return (z * t * v + (z * z * t * t * v * v + 4 * z * z * t * v).squareRoot()) / (2 * z * z * t)
    }

    func frequency() -> Double {
        var low = decayingFrom()
        // No frequency brings the envelope down to 0.1 % (a huge initial velocity): take the one that gets closest.
        guard residual(low).value > 0 else { return low }
        var high = max(2 * low, 1 / duration)
        var doublings = 0
        while residual(high).value > 0, doublings < 200 {
            low = high
            high *= 2
            doublings += 1
        }
        var omega = min(max(5 / duration, low), high)
        for _ in 0..<100 {
            let (value, slope) = residual(omega)
            if value > 0 { low = omega } else { high = omega }
            if abs(value) < 1e-15 || high - low < 1e-13 * high { break }
            let step = omega - value / slope
            omega = step.isFinite && step > low && step < high ? step : (low + high) / 2
        }
        return omega
    }
}
