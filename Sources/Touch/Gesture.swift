/// One of the recognizers an arena can hold. A closed set on purpose: these are the gestures the reader's
/// components use, and a closed set keeps arenas plain values that tests can compare.
public enum Gesture: Sendable {
    case pan(PanRecognizer)
    case tap(TapRecognizer)
    case longPress(LongPressRecognizer)

    public var state: GestureState {
        switch self {
        case .pan(let pan): pan.state
        case .tap(let tap): tap.state
        case .longPress(let press): press.state
        }
    }

    /// Whether the gesture has just recognized and wants the touch for itself.
    public var isClaiming: Bool {
        switch self {
        case .pan(let pan): pan.state.isActive
        case .tap(let tap): tap.state == .ended
        case .longPress(let press): press.state.isActive
        }
    }

    /// When it needs `advance(to:)` even if no event arrives.
    public var deadline: Double? {
        if case .longPress(let press) = self { return press.deadline }
        return nil
    }

    public mutating func handle(_ event: TouchEvent) {
        switch self {
        case .pan(var pan): pan.handle(event); self = .pan(pan)
        case .tap(var tap): tap.handle(event); self = .tap(tap)
        case .longPress(var press): press.handle(event); self = .longPress(press)
        }
    }

    public mutating func advance(to time: Double) {
        switch self {
        case .pan: break
        case .tap(var tap): tap.advance(to: time); self = .tap(tap)
        case .longPress(var press): press.advance(to: time); self = .longPress(press)
        }
    }

    /// Back to fresh: a new touch sequence starts.
    public mutating func reset() {
        switch self {
        case .pan(var pan): pan.reset(); self = .pan(pan)
        case .tap(var tap): tap.reset(); self = .tap(tap)
        case .longPress(var press): press.reset(); self = .longPress(press)
        }
    }

    public mutating func cancel() {
        switch self {
        case .pan(var pan): pan.cancel(); self = .pan(pan)
        case .tap(var tap): tap.cancel(); self = .tap(tap)
        case .longPress(var press): press.cancel(); self = .longPress(press)
        }
    }
}
