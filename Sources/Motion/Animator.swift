/// The timeline of a component: any number of named values, each either at rest or driven by a running
/// simulation, advanced together to the timestamp of the frame being drawn.
///
/// The event loop calls `advance(to:)` with the flip time; when it returns false nothing is moving and the
/// loop can sleep. Values stay readable after their motion ends. Time is in seconds on any monotonic clock the
/// caller chooses; going backwards is harmless (motions do not rewind past their start).
public struct Animator<Key: Hashable & Sendable>: Sendable {
    private struct Running: Sendable {
        var simulation: any Simulation
        var startTime: Double
    }

    private var values: [Key: Double] = [:]
    private var velocities: [Key: Double] = [:]
    private var running: [Key: Running] = [:]
    /// Timestamp of the last `advance(to:)`.
    public private(set) var time: Double = 0

    public init() {}

    /// Current value of `key` as of the last advance (or as set), nil if never set.
    public func value(_ key: Key) -> Double? { values[key] }

    /// Current value of `key`, or `fallback` if it was never set.
    public func value(_ key: Key, default fallback: Double) -> Double { values[key] ?? fallback }

    /// Velocity of `key` as of the last advance; 0 at rest.
    public func velocity(_ key: Key) -> Double { velocities[key] ?? 0 }

    /// Whether `key` is driven by a simulation that has not finished.
    public func isRunning(_ key: Key) -> Bool { running[key] != nil }

    /// Whether anything is still moving: the loop must keep drawing frames.
    public var isMoving: Bool { !running.isEmpty }

    /// Where `key` is heading: the running simulation's rest position, or its value at rest.
    public func target(_ key: Key) -> Double? { running[key]?.simulation.finalX ?? values[key] }

    /// Places `key` at `value`, at rest, stopping any motion.
    public mutating func set(_ key: Key, to value: Double) {
        running[key] = nil
        values[key] = finite(value, or: values[key] ?? 0)
        velocities[key] = 0
    }

    /// Runs `simulation` for `key` with its time 0 at `time`; its position is the value from then on. A
    /// `time` in the future delays the motion (UIKit's `delay:`): it holds its start value until then.
    public mutating func run(_ key: Key, _ simulation: some Simulation, startingAt time: Double) {
        running[key] = Running(simulation: simulation, startTime: time)
        values[key] = simulation.x(at: 0)
        velocities[key] = simulation.dx(at: 0)
    }

    /// Position and velocity of `key` at `time`, evaluating its motion at that exact moment (not at the last
    /// frame), so a hand-off started now continues without a jump.
    public func state(_ key: Key, at time: Double) -> (x: Double, dx: Double) {
        if let motion = running[key] {
            let t = time - motion.startTime
            return (motion.simulation.x(at: t), motion.simulation.dx(at: t))
        }
        return (values[key] ?? 0, 0)
    }

    /// Springs `key` towards `target` starting at `time` from wherever it is then, with the velocity it has
    /// then: retargeting mid-flight, or starting from rest. No jump in position or velocity.
    public mutating func animate(_ key: Key, to target: Double, with spring: Spring, at time: Double,
                                 tolerance: Tolerance = .standard) {
        let now = state(key, at: time)
        run(key, SpringSimulation(spring: spring, start: now.x, end: target, velocity: now.dx, tolerance: tolerance),
            startingAt: time)
    }

    /// Tweens `key` from its value at `time` to `target`.
    public mutating func animate(_ key: Key, to target: Double, duration: Double, curve: TimingCurve = .easeInOut,
                                 at time: Double) {
        let now = state(key, at: time)
        run(key, Tween(from: now.x, to: target, duration: duration, curve: curve), startingAt: time)
    }

    /// Freezes `key` where it is at `time`.
    public mutating func stop(_ key: Key, at time: Double) {
        let now = state(key, at: time)
        set(key, to: now.x)
    }

    /// Advances every running motion to `time`. Finished motions snap to their rest position and stop.
    /// Returns whether anything is still moving.
    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        self.time = time
        for (key, motion) in running {
            let t = time - motion.startTime
            let x = motion.simulation.x(at: t)
            if motion.simulation.isDone(at: t) || !x.isFinite {
                running[key] = nil
                values[key] = finite(motion.simulation.finalX, or: values[key] ?? 0)
                velocities[key] = 0
            } else {
                values[key] = x
                velocities[key] = motion.simulation.dx(at: t)
            }
        }
        return isMoving
    }
}
