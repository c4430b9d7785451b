import Motion

/// How a scroller feels: UIScrollView's rubber band while dragging past an edge, a decay after release,
/// Flutter's iOS bounce spring where the coast meets an edge, and optional paging. Pure functions of offsets
/// and velocities; `ScrollPosition` runs them over time.
///
/// Sign convention: offsets and content velocities are in content offset (growing when the finger moves up
/// or left); finger deltas and finger velocities are as the touch reports them, so dragging the finger by
/// +d moves the offset by −d.
public struct ScrollPhysics: Sendable, Equatable {
    /// The rubber band's c: UIKit's 0.55.
    public var rubberBandCoefficient: Double
    public var decelerationRate: DecelerationRate
    /// The spring that pulls an overscrolled or paging offset home: Flutter's iOS bounce.
    public var spring: Spring
    /// Page size for paging scrollers; nil scrolls freely.
    public var pageLength: Double?
    /// When a coast or spring counts as stopped.
    public var tolerance: Tolerance
    /// Whether a drag may pull past `minOffset`. False stops it dead there, as a row that only swipes one way
    /// or a pull that only works leftwards: dragging the other way does nothing, and coming back acts at once.
    public var bouncesAtStart: Bool

    public init(rubberBandCoefficient: Double = RubberBand.uikitCoefficient,
                decelerationRate: DecelerationRate = .normal,
                spring: Spring = .scrollBounce,
                pageLength: Double? = nil,
                tolerance: Tolerance = .display(scale: 1),
                bouncesAtStart: Bool = true) {
        self.rubberBandCoefficient = rubberBandCoefficient
        self.decelerationRate = decelerationRate
        self.spring = spring
        self.pageLength = pageLength.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.tolerance = tolerance
        self.bouncesAtStart = bouncesAtStart
    }

    /// Paging as UIScrollView's `isPagingEnabled`: pages of `pageLength` (and the fast deceleration rate for
    /// anything that projects a release).
    public static func paging(pageLength: Double) -> ScrollPhysics {
        ScrollPhysics(decelerationRate: .fast, pageLength: pageLength)
    }

    func rubberBand(_ bounds: ScrollBounds) -> RubberBand {
        RubberBand(dimension: bounds.viewport, coefficient: rubberBandCoefficient)
    }

    /// The unresisted position of the finger in offset terms: offsets past an edge are mapped back through
    /// the rubber band's inverse. Dragging works on this so it is path-independent and continuous.
    func fingerOffset(for offset: Double, in bounds: ScrollBounds) -> Double {
        let over = bounds.overscroll(offset)
        guard over != 0 else { return offset }
        let edge = over < 0 ? bounds.minOffset : bounds.maxOffset
        return edge + rubberBand(bounds).fingerTravel(forOffset: over)
    }

    func offset(forFingerOffset finger: Double, in bounds: ScrollBounds) -> Double {
        let over = bounds.overscroll(finger)
        guard over != 0 else { return finger }
        let edge = over < 0 ? bounds.minOffset : bounds.maxOffset
        return edge + rubberBand(bounds).offset(forFingerTravel: over)
    }

    /// The offset after the finger moved by `fingerDelta` from `offset`: one to one inside the bounds,
    /// rubber-banded past them (the resistance grows with the distance past the edge).
    public func offset(afterDragging fingerDelta: Double, from offset: Double, in bounds: ScrollBounds) -> Double {
        guard fingerDelta.isFinite, offset.isFinite else { return offset.isFinite ? offset : bounds.clamp(0) }
        let moved = self.offset(forFingerOffset: fingerOffset(for: offset, in: bounds) - fingerDelta, in: bounds)
        return bouncesAtStart ? moved : max(moved, bounds.minOffset)
    }

    /// The content's velocity for a finger moving at `fingerVelocity` while the offset is `offset`: the
    /// opposite sign, scaled by the rubber band's slope when past an edge, so a release hands over to the
    /// spring at the speed the content was actually moving.
    public func contentVelocity(forFingerVelocity fingerVelocity: Double, at offset: Double,
                                in bounds: ScrollBounds) -> Double {
        guard fingerVelocity.isFinite else { return 0 }
        let over = bounds.overscroll(offset)
        guard over != 0 else { return -fingerVelocity }
        let band = rubberBand(bounds)
        return -fingerVelocity * band.slope(atFingerTravel: band.fingerTravel(forOffset: over))
    }

    /// Where a release at `offset` with content `velocity` would come to rest before edges are considered.
    public func projectedOffset(from offset: Double, velocity: Double) -> Double {
        decelerationRate.projectedEnd(from: offset, velocity: velocity)
    }

    /// The page a paging scroller settles on, Flutter's `PageScrollPhysics` rule: the nearest page when
    /// released at rest, otherwise half a page further in the direction of motion, rounded: so any fling
    /// turns the page, never more than one page boundary past where the finger left it. Within the bounds.
    public func pageTarget(from offset: Double, velocity: Double, in bounds: ScrollBounds) -> Double {
        guard let page = pageLength, offset.isFinite else { return bounds.clamp(offset.isFinite ? offset : 0) }
        var index = offset / page
        if velocity > tolerance.velocity { index += 0.5 } else if velocity < -tolerance.velocity { index -= 0.5 }
        return bounds.clamp(index.rounded() * page)
    }

    /// The motion after the finger lifts at `offset` with content `velocity`.
    public func ballistic(from offset: Double, velocity: Double, in bounds: ScrollBounds) -> ScrollSimulation {
        let offset = offset.isFinite ? offset : bounds.clamp(0)
        let velocity = velocity.isFinite ? velocity : 0
        if pageLength != nil {
            let target = pageTarget(from: offset, velocity: velocity, in: bounds)
            return .spring(SpringSimulation(spring: spring, start: offset, end: target, velocity: velocity,
                                            tolerance: tolerance))
        }
        if !bounds.contains(offset) {
            return .spring(SpringSimulation(spring: spring, start: offset, end: bounds.clamp(offset),
                                            velocity: velocity, tolerance: tolerance))
        }
        let decay = Decay(start: offset, velocity: velocity, rate: decelerationRate, tolerance: tolerance)
        let end = decay.finalX
        guard !bounds.contains(end) else { return .coast(decay, edge: nil) }
        let edge = end < bounds.minOffset ? bounds.minOffset : bounds.maxOffset
        // The coast starts inside and stops outside, so it crosses the edge once; from that instant a spring
        // carries on with the coast's velocity there.
        let time = decay.time(atX: edge) ?? 0
        let bounce = SpringSimulation(spring: spring, start: edge, end: edge, velocity: decay.dx(at: time),
                                      tolerance: tolerance)
        return .coast(decay, edge: ScrollSimulation.EdgeHandOff(time: time, spring: bounce))
    }
}
