/// A motion along one axis as a pure function of time, in the shape of Flutter's `Simulation`:
/// `x(at:)`, `dx(at:)`, `isDone(at:)`.
///
/// Time `t` is in seconds since the simulation started; nothing here reads a clock. Positions are in whatever
/// unit the caller uses (points, a 0...1 progress, radians) and velocities in that unit per second.
public protocol Simulation: Sendable {
    /// Position at `t` seconds after the start.
    func x(at t: Double) -> Double
    /// Velocity (position units per second) at `t` seconds after the start.
    func dx(at t: Double) -> Double
    /// Whether the motion has come to rest at `t` (within its tolerance); the caller may then snap to `finalX`.
    func isDone(at t: Double) -> Bool
    /// Where the motion comes to rest.
    var finalX: Double { get }
}

/// How close to rest counts as rest. Flutter's default is 1e-3 for both; for motions in points use
/// `Tolerance.display(scale:)` so a motion stops once it no longer moves a visible amount.
public struct Tolerance: Sendable, Equatable {
    /// Largest distance from the rest position that counts as arrived.
    public var distance: Double
    /// Largest speed (units per second) that counts as stopped.
    public var velocity: Double

    public init(distance: Double, velocity: Double) {
        self.distance = distance
        self.velocity = velocity
    }

    /// Flutter's `Tolerance.defaultTolerance`: 1e-3 for distance and velocity, suited to unit values (progress, alpha).
    public static let standard = Tolerance(distance: 1e-3, velocity: 1e-3)

    /// For motions in points on a panel with `scale` pixels per point (Flutter's scroll physics scales its
    /// tolerance by the device pixel ratio the same way): within a quarter pixel of the end and slower than
    /// 20 pixels per second counts as at rest, so the final snap is invisible.
    public static func display(scale: Double) -> Tolerance {
        let s = scale.isFinite && scale > 0 ? scale : 1
        return Tolerance(distance: 0.25 / s, velocity: 20 / s)
    }
}

/// Sanitises an input that must be a finite number: bad input (NaN, infinity) becomes `fallback` so no motion
/// runs forever on garbage.
@inline(__always)
func finite(_ value: Double, or fallback: Double) -> Double {
    value.isFinite ? value : fallback
}
