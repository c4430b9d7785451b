/// What happened to one finger (one libinput slot).
public enum TouchPhase: String, Sendable, CaseIterable {
    /// The finger touched the panel (LIBINPUT_EVENT_TOUCH_DOWN).
    case down
    /// The finger moved (LIBINPUT_EVENT_TOUCH_MOTION).
    case move
    /// The finger lifted (LIBINPUT_EVENT_TOUCH_UP).
    case up
    /// The touch was taken away, e.g. the device was removed (LIBINPUT_EVENT_TOUCH_CANCEL): end gestures
    /// without acting on them.
    case cancel
}

/// One finger's change, already in logical points (Platform applies rotation, calibration and scale, as
/// libinput's `x_transformed`).
public struct TouchEvent: Sendable, Hashable {
    /// libinput's slot: a small integer naming the finger while it is down (reused after it lifts).
    public var slot: Int
    public var phase: TouchPhase
    /// Where the finger is, in points. For `up` and `cancel` it is the last known position.
    public var position: Point
    /// When it happened: seconds on CLOCK_MONOTONIC (see `TouchClock`).
    public var time: Double

    public init(slot: Int, phase: TouchPhase, position: Point, time: Double) {
        self.slot = slot
        self.phase = phase
        self.position = position
        self.time = time
    }

    public init(slot: Int, phase: TouchPhase, x: Double, y: Double, time: Double) {
        self.init(slot: slot, phase: phase, position: Point(x: x, y: y), time: time)
    }
}
