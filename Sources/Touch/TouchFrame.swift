/// The slot changes libinput delivers together, closed by LIBINPUT_EVENT_TOUCH_FRAME: two fingers moving at
/// once arrive as one frame, so handlers see a consistent picture of all fingers.
public struct TouchFrame: Sendable, Hashable {
    public var timeUsec: Int64
    public var events: [TouchEvent]

    public init(timeUsec: Int64, events: [TouchEvent]) {
        self.timeUsec = timeUsec
        self.events = events
    }

    /// A frame holding the given events, timed by the first of them.
    public init(_ events: [TouchEvent]) {
        self.init(timeUsec: events.first?.timeUsec ?? 0, events: events)
    }

    public var seconds: Double { Double(timeUsec) / 1_000_000 }
}
