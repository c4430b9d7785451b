/// UIScrollView's resistance past an edge (community-derived): f(x, d) = (1 − 1/(x·c/d + 1))·d.
///
/// x is how far the finger has travelled past the edge, d the view's size along the drag, c = 0.55. The
/// result approaches d but never reaches it; at the edge the content moves at c times the finger's speed.
/// Negative overscroll mirrors positive.
public struct RubberBand: Sendable, Equatable {
    /// c, UIKit's 0.55.
    public static let uikitCoefficient = 0.55

    public let coefficient: Double
    /// d, the view's size along the drag (points).
    public let dimension: Double

    public init(dimension: Double, coefficient: Double = RubberBand.uikitCoefficient) {
        self.dimension = dimension.isFinite && dimension > 0 ? dimension : 1
        self.coefficient = coefficient.isFinite && coefficient > 0 ? coefficient : RubberBand.uikitCoefficient
    }

    /// Visible overscroll for `fingerTravel` past the edge.
    public func offset(forFingerTravel fingerTravel: Double) -> Double {
        let x = finite(fingerTravel, or: 0)
        let d = dimension, c = coefficient
        let magnitude: Double = (1 - 1 / (abs(x) * c / d + 1)) * d
        return x < 0 ? -magnitude : magnitude
    }

    /// The inverse, x = d·y / ((d − y)·c): finger travel that shows `offset` of overscroll. Offsets at or past
    /// d (unreachable) give the largest finite travel.
    public func fingerTravel(forOffset offset: Double) -> Double {
        let y = finite(offset, or: 0)
        let d = dimension, c = coefficient
        let reachable = min(abs(y), d * (1 - 1e-12))
        let magnitude: Double = d * reachable / ((d - reachable) * c)
        return y < 0 ? -magnitude : magnitude
    }

    /// d offset / d finger travel at `fingerTravel`: c / (|x|·c/d + 1)². Turns finger velocity into content
    /// velocity while overscrolled, so a release hands over without a jump in velocity.
    public func slope(atFingerTravel fingerTravel: Double) -> Double {
        let x = abs(finite(fingerTravel, or: 0))
        let s = x * coefficient / dimension + 1
        return coefficient / (s * s)
    }
}
