/// The timeline of a component: any number of named values (`AnimatedValue`s), each at rest or driven by a
/// running simulation, advanced together to the timestamp of the frame being drawn.
///
/// The event loop calls `advance(to:)` with the flip time; when it returns false nothing is moving and the
/// loop can sleep. Values stay readable after their motion ends. Time is in seconds on any monotonic clock the
/// caller chooses; going backwards is harmless (motions do not rewind past their start).
public struct Animator<Key: Hashable & Sendable>: Sendable {
    private var values: [Key: AnimatedValue] = [:]
    /// Timestamp of the last `advance(to:)`.
    public private(set) var time: Double = 0

    public init() {}

    /// Current value of `key` as of the last advance (or as set), nil if never set.
    public func value(_ key: Key) -> Double? { values[key]?.value }

    /// Current value of `key`, or `fallback` if it was never set.
    public func value(_ key: Key, default fallback: Double) -> Double { values[key]?.value ?? fallback }

    /// Velocity of `key` as of the last advance; 0 at rest.
    public func velocity(_ key: Key) -> Double { values[key]?.velocity ?? 0 }

    /// Whether `key` is driven by a simulation that has not finished.
    public func isRunning(_ key: Key) -> Bool { values[key]?.isMoving ?? false }

    /// Whether anything is still moving: the loop must keep drawing frames.
    public var isMoving: Bool { values.values.contains { $0.isMoving } }

    /// Where `key` is heading: the running simulation's rest position, or its value at rest.
    public func target(_ key: Key) -> Double? { values[key]?.target }

    /// Places `key` at `value`, at rest, stopping any motion.
    public mutating func set(_ key: Key, to value: Double) { values[key, default: AnimatedValue()].set(value) }

    /// Runs `simulation` for `key` with its time 0 at `time` (see `AnimatedValue.run`).
    public mutating func run(_ key: Key, _ simulation: some Simulation, startingAt time: Double) {
        values[key, default: AnimatedValue()].run(simulation, startingAt: time)
    }

    /// Position and velocity of `key` at `time`, evaluating its motion at that exact moment (not at the last
    /// frame), so a hand-off started now continues without a jump.
    public func state(_ key: Key, at time: Double) -> (x: Double, dx: Double) {
        values[key]?.state(at: time) ?? (0, 0)
    }

    /// Springs `key` towards `target` starting at `time` from wherever it is then, with the velocity it has
    /// then: retargeting mid-flight, or starting from rest. No jump in position or velocity.
    public mutating func animate(_ key: Key, to target: Double, with spring: Spring, at time: Double,
                                 tolerance: Tolerance = .standard) {
        values[key, default: AnimatedValue()].animate(to: target, with: spring, at: time, tolerance: tolerance)
    }

    /// Tweens `key` from its value at `time` to `target`.
    public mutating func animate(_ key: Key, to target: Double, duration: Double, curve: TimingCurve = .easeInOut,
                                 at time: Double) {
        values[key, default: AnimatedValue()].animate(to: target, duration: duration, curve: curve, at: time)
    }

    /// Freezes `key` where it is at `time`.
    public mutating func stop(_ key: Key, at time: Double) { values[key]?.stop(at: time) }

    /// Advances every running motion to `time`. Finished motions snap to their rest position and stop.
    /// Returns whether anything is still moving.
    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        self.time = time
        for key in values.keys { values[key]?.advance(to: time) }
        return isMoving
    }
}
