/// Release speeds that count as a fling, in points (dp) per second: Flutter's kMinFlingVelocity 50 and
/// kMaxFlingVelocity 8000. Slower releases are treated as at rest; faster ones are capped so a glitchy
/// sample cannot send content flying.
public struct FlingLimits: Sendable, Hashable {
    public var minimum: Double
    public var maximum: Double

    public init(minimum: Double = 50, maximum: Double = 8000) {
        self.minimum = minimum
        self.maximum = max(maximum, minimum)
    }

    public static let standard = FlingLimits()

    /// Zero below `minimum` speed, direction kept and speed capped at `maximum` above it.
    public func apply(_ velocity: Velocity) -> Velocity {
        let speed = velocity.speed
        guard speed.isFinite, speed >= minimum, speed > 0 else { return .zero }
        let factor = min(speed, maximum) / speed
        return Velocity(x: velocity.x * factor, y: velocity.y * factor)
    }

    /// The same for one axis.
    public func apply(_ velocity: Double) -> Double {
        guard velocity.isFinite, abs(velocity) >= minimum else { return 0 }
        return min(max(velocity, -maximum), maximum)
    }
}
