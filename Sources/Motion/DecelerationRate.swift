/// How fast a released flick slows down: the fraction of velocity kept per millisecond
/// (UIScrollView.DecelerationRate; WWDC 2018 "Designing Fluid Interfaces").
public struct DecelerationRate: Sendable, Equatable {
    /// r, velocity kept per millisecond, in (0, 1).
    public let perMillisecond: Double

    /// Clamped to 0.5...0.9999 so a motion always stops and never reverses.
    public init(perMillisecond: Double) {
        self.perMillisecond = min(max(finite(perMillisecond, or: 0.998), 0.5), 0.9999)
    }

    /// 0.998: a scroll view's coast.
    public static let normal = DecelerationRate(perMillisecond: 0.998)
    /// 0.99: paging and short coasts.
    public static let fast = DecelerationRate(perMillisecond: 0.99)

    /// Distance a flick of `velocity` units per second travels before it stops: Δ = (v0/1000)·r/(1 − r).
    public func projectedDistance(velocity: Double) -> Double {
        let r = perMillisecond
        return finite(velocity, or: 0) / 1000 * r / (1 - r)
    }

    /// Where a flick released at `position` with `velocity` comes to rest.
    public func projectedEnd(from position: Double, velocity: Double) -> Double {
        position + projectedDistance(velocity: velocity)
    }
}
