import Motion

/// A released scroll as one simulation: a spring home (overscrolled or paging), or a coast that may meet
/// an edge and hand over to a spring there, at the exact instant and with the coast's velocity (Flutter's
/// `BouncingScrollSimulation`); or a timed slide to an offset, as UIKit's `setContentOffset(_:animated:)`.
/// Time 0 is the release (or the start of the slide).
public enum ScrollSimulation: Simulation, Equatable {
    /// The instant a coast meets an edge and the spring that takes over (its time 0 is that instant).
    public struct EdgeHandOff: Sendable, Equatable {
        public let time: Double
        public let spring: SpringSimulation
    }

    case spring(SpringSimulation)
    case coast(Decay, edge: EdgeHandOff?)
    case slide(Tween)

    /// When the coast hands over to the edge spring, if it does.
    public var handOffTime: Double? {
        if case .coast(_, let edge?) = self { return edge.time }
        return nil
    }

    public func x(at t: Double) -> Double {
        switch self {
        case .spring(let spring): return spring.x(at: t)
        case .slide(let tween): return tween.x(at: t)
        case .coast(_, let edge?) where t >= edge.time: return edge.spring.x(at: t - edge.time)
        case .coast(let decay, _): return decay.x(at: t)
        }
    }

    public func dx(at t: Double) -> Double {
        switch self {
        case .spring(let spring): return spring.dx(at: t)
        case .slide(let tween): return tween.dx(at: t)
        case .coast(_, let edge?) where t >= edge.time: return edge.spring.dx(at: t - edge.time)
        case .coast(let decay, _): return decay.dx(at: t)
        }
    }

    public func isDone(at t: Double) -> Bool {
        switch self {
        case .spring(let spring): return spring.isDone(at: t)
        case .slide(let tween): return tween.isDone(at: t)
        case .coast(_, let edge?) where t >= edge.time: return edge.spring.isDone(at: t - edge.time)
        case .coast(_, .some): return false
        case .coast(let decay, nil):
            // A coast counts as stopped only once it is also within the distance tolerance of its end, so
            // snapping there is invisible.
            return decay.isDone(at: t) && abs(decay.finalX - decay.x(at: t)) <= decay.tolerance.distance
        }
    }

    public var finalX: Double {
        switch self {
        case .spring(let spring): return spring.finalX
        case .slide(let tween): return tween.finalX
        case .coast(_, let edge?): return edge.spring.finalX
        case .coast(let decay, nil): return decay.finalX
        }
    }
}
