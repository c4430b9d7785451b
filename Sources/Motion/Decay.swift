#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A released flick coasting to a stop (Flutter's `FrictionSimulation`, with UIKit's deceleration rates).
///
/// Velocity decays exponentially, v(t) = v0·e^(−t/τ), with τ chosen so the motion comes to rest exactly at the
/// WWDC projection x0 + (v0/1000)·r/(1 − r): τ = r / (1000·(1 − r)) seconds (0.499 s for 0.998). That differs
/// from v0·r^(1000t) by under 0.2 % of v0 at any moment, and makes "where will this flick stop" and "where
/// does it stop" the same number, which snapping decisions rely on.
public struct Decay: Simulation, Equatable {
    public let start: Double
    /// Velocity at t = 0, units per second.
    public let velocity: Double
    public let rate: DecelerationRate
    public let tolerance: Tolerance

    public init(start: Double, velocity: Double, rate: DecelerationRate = .normal, tolerance: Tolerance = .standard) {
        self.start = finite(start, or: 0)
        self.velocity = finite(velocity, or: 0)
        self.rate = rate
        self.tolerance = tolerance
    }

    /// τ, seconds for the velocity to shrink by a factor e.
    public var timeConstant: Double {
        let r = rate.perMillisecond
        return r / (1000 * (1 - r))
    }

    public var finalX: Double { rate.projectedEnd(from: start, velocity: velocity) }

    public func x(at t: Double) -> Double {
        start + velocity * timeConstant * (1 - exp(-max(0, t) / timeConstant))
    }

    public func dx(at t: Double) -> Double {
        velocity * exp(-max(0, t) / timeConstant)
    }

    public func isDone(at t: Double) -> Bool { abs(dx(at: t)) <= tolerance.velocity }

    /// When the coast passes `position`, or nil if it never gets there (behind it, or beyond where it stops).
    /// Scroll physics uses this to hand over to a spring exactly at the edge.
    public func time(atX position: Double) -> Double? {
        let distance = position - start
        let total = finalX - start
        guard distance.isFinite, total != 0 else { return distance == 0 ? 0 : nil }
        let fraction = distance / total
        guard fraction >= 0, fraction < 1 else { return nil }
        return -timeConstant * log(1 - fraction)
    }
}
