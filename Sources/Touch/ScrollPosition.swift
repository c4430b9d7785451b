import Motion

/// A scroll offset over time: dragged by a pan, coasting after release, bouncing at the edges, paging.
/// A value the owning component keeps; nothing here reads a clock (times are seconds, as in Motion).
public struct ScrollPosition: Sendable {
    public enum Activity: Sendable, Equatable {
        /// At rest.
        case idle
        /// Following a finger.
        case dragging
        /// Moving on its own after a release (or `animate(to:at:)`).
        case ballistic
    }

    public var physics: ScrollPhysics
    public private(set) var bounds: ScrollBounds
    /// The content offset now (as of the last call).
    public private(set) var offset: Double
    /// Content velocity in points per second as of the last `advance(to:)`; 0 while idle or dragging.
    public private(set) var velocity: Double = 0
    public private(set) var activity: Activity = .idle
    private var simulation: ScrollSimulation?
    private var startTime: Double = 0

    public init(offset: Double = 0, bounds: ScrollBounds, physics: ScrollPhysics = ScrollPhysics()) {
        self.bounds = bounds
        self.physics = physics
        self.offset = offset.isFinite ? offset : bounds.clamp(0)
    }

    /// Whether frames are needed: a coast, bounce or page settle is running.
    public var isMoving: Bool { activity == .ballistic }

    /// Where a running motion will rest (the offset itself when not moving).
    public var targetOffset: Double { simulation?.finalX ?? offset }

    /// A finger takes hold (the pan began): a running coast or bounce stops where it is at `time`, so
    /// touching a moving list catches it.
    public mutating func beginDrag(at time: Double) {
        if let simulation, activity == .ballistic {
            offset = simulation.x(at: time - startTime)
        }
        simulation = nil
        velocity = 0
        activity = .dragging
    }

    /// The finger moved by `fingerDelta` along the axis (the pan's delta): rubber-banded past the edges.
    public mutating func drag(fingerDelta: Double) {
        if activity != .dragging { activity = .dragging; simulation = nil; velocity = 0 }
        offset = physics.offset(afterDragging: fingerDelta, from: offset, in: bounds)
    }

    /// The finger lifted at `time` moving at `fingerVelocity` (the pan's release velocity along the axis):
    /// coast, bounce or page from here.
    public mutating func endDrag(fingerVelocity: Double, at time: Double) {
        let contentVelocity = physics.contentVelocity(forFingerVelocity: fingerVelocity, at: offset, in: bounds)
        start(physics.ballistic(from: offset, velocity: contentVelocity, in: bounds), at: time)
    }

    /// The finger lifted at `time` moving at `fingerVelocity`, and the owner has chosen where the content must
    /// rest (a row snapping open or shut): it springs to `target` (clamped to the bounds) carrying the speed the
    /// content had, so the release shows no jump in position or velocity.
    public mutating func endDrag(fingerVelocity: Double, settlingAt target: Double, at time: Double) {
        let contentVelocity = physics.contentVelocity(forFingerVelocity: fingerVelocity, at: offset, in: bounds)
        let spring = SpringSimulation(spring: physics.spring, start: offset, end: bounds.clamp(target),
                                      velocity: contentVelocity, tolerance: physics.tolerance)
        start(.spring(spring), at: time)
    }

    /// The drag was cancelled: settle back inside the bounds (and onto a page) without a fling.
    public mutating func cancelDrag(at time: Double) {
        start(physics.ballistic(from: offset, velocity: 0, in: bounds), at: time)
    }

    /// Springs to `target` (clamped to the bounds) from wherever the offset is at `time`, keeping its
    /// velocity: programmatic scrolls and "scroll to top".
    public mutating func animate(to target: Double, at time: Double) {
        let now = state(at: time)
        let spring = SpringSimulation(spring: physics.spring, start: now.offset, end: bounds.clamp(target),
                                      velocity: now.velocity, tolerance: physics.tolerance)
        start(.spring(spring), at: time)
    }

    /// Slides to `target` (clamped to the bounds) from wherever the offset is at `time`, in `duration` seconds
    /// along `curve`: UIKit's animated `setContentOffset`, used where a motion must take a set time (a refresh
    /// control revealing itself, then putting the content back).
    public mutating func slide(to target: Double, duration: Double, curve: TimingCurve = .easeInOut, at time: Double) {
        let now = state(at: time)
        start(.slide(Tween(from: now.offset, to: bounds.clamp(target), duration: duration, curve: curve)), at: time)
    }

    /// Puts the offset at `offset` at rest.
    public mutating func jump(to offset: Double) {
        guard offset.isFinite else { return }
        self.offset = offset
        simulation = nil
        velocity = 0
        activity = .idle
    }

    /// New content size or viewport. A resting or coasting offset that now lies outside springs back in from
    /// where it is at `time`.
    public mutating func setBounds(_ newBounds: ScrollBounds, at time: Double) {
        let now = state(at: time)
        bounds = newBounds
        guard activity != .dragging else { return }
        if !newBounds.contains(now.offset) || activity == .ballistic {
            offset = now.offset
            start(physics.ballistic(from: now.offset, velocity: now.velocity, in: newBounds), at: time)
            if activity == .ballistic, let simulation, simulation.isDone(at: 0) { jump(to: simulation.finalX) }
        }
    }

    /// Offset and velocity at `time` without changing anything.
    public func state(at time: Double) -> (offset: Double, velocity: Double) {
        guard let simulation, activity == .ballistic else { return (offset, 0) }
        let t = time - startTime
        return (simulation.x(at: t), simulation.dx(at: t))
    }

    /// Moves a running motion to `time`; returns whether it is still moving.
    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        guard let simulation, activity == .ballistic else { return false }
        let t = time - startTime
        if simulation.isDone(at: t) || !simulation.x(at: t).isFinite {
            jump(to: finiteOr(simulation.finalX, bounds.clamp(offset)))
            return false
        }
        offset = simulation.x(at: t)
        velocity = simulation.dx(at: t)
        return true
    }

    private mutating func start(_ simulation: ScrollSimulation, at time: Double) {
        self.simulation = simulation
        startTime = time
        activity = .ballistic
        offset = simulation.x(at: 0)
        velocity = simulation.dx(at: 0)
    }

    private func finiteOr(_ value: Double, _ fallback: Double) -> Double { value.isFinite ? value : fallback }
}
