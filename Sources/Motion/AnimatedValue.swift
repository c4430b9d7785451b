/// One value on a timeline: at rest, or moved by a simulation that started at a given time. The components'
/// dots, arrows, fades and slides are each one of these; `Animator` keeps many by name.
///
/// `advance(to:)` evaluates the motion at the frame's time; once it is done the value snaps to where it rests
/// and stops. A new motion starts from wherever the value is at its start time (not at the last frame), so a
/// retarget mid-flight continues without a jump. Going backwards in time is harmless.
public struct AnimatedValue: Sendable {
    private struct Running: Sendable {
        var simulation: any Simulation
        var start: Double
    }

    /// The value as of the last advance (or as set).
    public private(set) var value: Double
    /// Its velocity as of the last advance; 0 at rest.
    public private(set) var velocity = 0.0
    private var running: Running?

    public init(_ value: Double = 0) { self.value = finite(value, or: 0) }

    /// Whether a motion is under way: frames are still needed.
    public var isMoving: Bool { running != nil }

    /// Where the value is heading: the motion's rest position, or the value itself at rest.
    public var target: Double { running?.simulation.finalX ?? value }

    /// Position and velocity at `time`, evaluating the motion at that moment, without changing anything.
    public func state(at time: Double) -> (x: Double, dx: Double) {
        guard let running else { return (value, 0) }
        let t = time - running.start
        return (running.simulation.x(at: t), running.simulation.dx(at: t))
    }

    public func value(at time: Double) -> Double { state(at: time).x }

    /// Puts the value at `newValue`, at rest, stopping any motion.
    public mutating func set(_ newValue: Double) {
        running = nil
        value = finite(newValue, or: value)
        velocity = 0
    }

    /// Runs `simulation` with its time 0 at `time`; its position is the value from then on. A `time` in the
    /// future delays the motion (UIKit's `delay:`): the value holds the simulation's start until then.
    public mutating func run(_ simulation: some Simulation, startingAt time: Double) {
        running = Running(simulation: simulation, start: time)
        value = simulation.x(at: 0)
        velocity = simulation.dx(at: 0)
    }

    /// Springs towards `target` from wherever the value is at `time`, with the velocity it has then.
    public mutating func animate(to target: Double, with spring: Spring, at time: Double,
                                 tolerance: Tolerance = .standard) {
        let now = state(at: time)
        run(SpringSimulation(spring: spring, start: now.x, end: target, velocity: now.dx, tolerance: tolerance),
            startingAt: time)
    }

    /// Tweens from the value at `time` to `target` in `duration` seconds along `curve`.
    public mutating func animate(to target: Double, duration: Double, curve: TimingCurve = .easeInOut, at time: Double) {
        run(Tween(from: value(at: time), to: target, duration: duration, curve: curve), startingAt: time)
    }

    /// Freezes the value where it is at `time`.
    public mutating func stop(at time: Double) { set(value(at: time)) }

    /// Moves the motion to `time`; a finished one snaps to its rest position and stops. Returns whether it
    /// still moves.
    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        guard let running else { return false }
        let t = time - running.start
        let x = running.simulation.x(at: t)
        if running.simulation.isDone(at: t) || !x.isFinite {
            set(finite(running.simulation.finalX, or: value))
            return false
        }
        value = x
        velocity = running.simulation.dx(at: t)
        return true
    }
}
