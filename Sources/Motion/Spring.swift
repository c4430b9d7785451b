/// The physical description of a damped spring, m·x'' + c·x' + k·x = 0 (Flutter's `SpringDescription`).
///
/// Construct it the way the source you are matching describes it: physical constants, Apple's
/// response/damping fraction, or UIKit's duration/damping ratio/initial velocity (see `Spring+UIKit.swift`).
public struct Spring: Sendable, Equatable {
    /// m, the mass (> 0).
    public let mass: Double
    /// k, the stiffness (> 0).
    public let stiffness: Double
    /// c, the damping coefficient (≥ 0).
    public let damping: Double

    /// A spring from its physical constants. Non-finite or non-positive mass or stiffness fall back to 1 and
    /// 100, negative damping to 0, so bad input still gives a motion that settles or oscillates, never NaN.
    public init(mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass.isFinite && mass > 0 ? mass : 1
        self.stiffness = stiffness.isFinite && stiffness > 0 ? stiffness : 100
        self.damping = damping.isFinite && damping > 0 ? damping : 0
    }

    /// A spring from mass, stiffness and damping ratio ζ, as Flutter's `SpringDescription.withDampingRatio`:
    /// c = ζ·2·√(k·m).
    public init(mass: Double, stiffness: Double, dampingRatio: Double) {
        let m = mass.isFinite && mass > 0 ? mass : 1
        let k = stiffness.isFinite && stiffness > 0 ? stiffness : 100
        let ratio = dampingRatio.isFinite && dampingRatio > 0 ? dampingRatio : 0
        self.init(mass: m, stiffness: k, damping: ratio * 2 * (k * m).squareRoot())
    }

    /// Apple's form (SwiftUI `spring(response:dampingFraction:)`, mass 1): k = (2π/response)², c = 4πζ/response.
    /// `response` is the period of the undamped oscillation in seconds.
    public init(response: Double, dampingFraction: Double) {
        let r = response.isFinite && response > 0 ? response : 0.5
        let zeta = dampingFraction.isFinite && dampingFraction > 0 ? dampingFraction : 0
        let omega = 2 * Double.pi / r
        self.init(mass: 1, stiffness: omega * omega, damping: 4 * Double.pi * zeta / r)
    }

    /// ζ = c / (2√(km)): below 1 it overshoots, 1 is critical, above 1 it creeps in.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// ω0 = √(k/m), the undamped angular frequency in rad/s.
    public var undampedFrequency: Double { (stiffness / mass).squareRoot() }

    /// The spring Flutter's iOS bouncing scroll physics hands a coasting scroll to at the edge:
    /// mass 0.5, stiffness 100, damping ratio 1.1 (slightly overdamped, so it never wobbles).
    public static let scrollBounce = Spring(mass: 0.5, stiffness: 100, dampingRatio: 1.1)
}
