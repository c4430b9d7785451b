/// Which direction a pan follows.
public enum PanAxis: Sendable, Hashable {
    case horizontal
    case vertical
    /// Both axes: a free pan, started once the finger has gone `slop` from where it touched in any direction.
    case free
}

/// The ViewPager rule deciding whether a movement belongs to an axis-locked pan.
///
/// A horizontal pan wins only if |dx| > slop and |dx| > 2·|dy|; if the vertical movement passes the slop
/// first, it gives up for the rest of the gesture (and symmetrically for vertical). `dominance` is the 2 of
/// that rule; an outer scroller that should take any movement along its axis uses dominance 0 and never
/// gives up, so a diagonal drag still scrolls it when no nested pan claims the touch.
public struct AxisLock: Sendable, Hashable {
    /// ViewPager's ratio: the locked axis must move more than twice as far as the other.
    public static let viewPagerDominance = 2.0

    public enum Decision: Sendable, Hashable {
        /// Still inside the slop, or not clearly along the axis yet.
        case undecided
        /// The movement belongs to this axis: the pan starts.
        case locked
        /// The other axis passed the slop first: this pan gives up for the gesture.
        case rejected
    }

    public var axis: PanAxis
    public var slop: Double
    public var dominance: Double

    public init(axis: PanAxis, slop: Double, dominance: Double = AxisLock.viewPagerDominance) {
        self.axis = axis
        self.slop = slop.isFinite && slop >= 0 ? slop : TouchSlop.flutter
        self.dominance = dominance.isFinite && dominance >= 0 ? dominance : AxisLock.viewPagerDominance
    }

    /// Decides on the finger's displacement since it touched.
    public func decide(_ displacement: Point) -> Decision {
        let main: Double, cross: Double
        switch axis {
        case .horizontal: (main, cross) = (abs(displacement.x), abs(displacement.y))
        case .vertical: (main, cross) = (abs(displacement.y), abs(displacement.x))
        case .free: return displacement.length > slop ? .locked : .undecided
        }
        guard main.isFinite, cross.isFinite else { return .undecided }
        if main > slop, main > dominance * cross { return .locked }
        if dominance > 0, cross > slop { return .rejected }
        return .undecided
    }

    /// The displacement with the slop taken off along the locked direction, so the content starts from
    /// where it was instead of jumping by the slop. The other axis is zero for an axis-locked pan.
    public func translation(afterLocking displacement: Point) -> Point {
        switch axis {
        case .horizontal:
            return Point(x: displacement.x - (displacement.x < 0 ? -slop : slop), y: 0)
        case .vertical:
            return Point(x: 0, y: displacement.y - (displacement.y < 0 ? -slop : slop))
        case .free:
            let length = displacement.length
            guard length > 0 else { return .zero }
            return displacement * ((length - min(slop, length)) / length)
        }
    }

    /// The part of a movement that counts along this pan's axis.
    public func project(_ movement: Point) -> Point {
        switch axis {
        case .horizontal: return Point(x: movement.x, y: 0)
        case .vertical: return Point(x: 0, y: movement.y)
        case .free: return movement
        }
    }
}
