/// The slot changes libinput delivers together, closed by LIBINPUT_EVENT_TOUCH_FRAME: two fingers moving at
/// once arrive as one frame, so handlers see a consistent picture of all fingers.
public struct TouchFrame: Sendable, Hashable {
    /// Seconds on CLOCK_MONOTONIC (see `TouchClock`).
    public var time: Double
    public var events: [TouchEvent]

    public init(time: Double, events: [TouchEvent]) {
        self.time = time
        self.events = events
    }

    /// A frame holding the given events, timed by the first of them.
    public init(_ events: [TouchEvent]) {
        self.init(time: events.first?.time ?? 0, events: events)
    }
}
