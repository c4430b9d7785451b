/// Where a recognizer is in its life, UIKit's vocabulary. Continuous gestures (pan, long press) go
/// possible → began → changed… → ended or cancelled; discrete ones (tap) go possible → ended. Any may go
/// possible → failed. A new first finger starts the next gesture from `possible`.
public enum GestureState: Sendable, Hashable {
    /// Watching; nothing decided yet.
    case possible
    /// Recognized on this event; act on it now.
    case began
    /// Still recognized and updated on this event.
    case changed
    /// Finished normally on this event (a pan's finger lifted, a tap completed).
    case ended
    /// Stopped without completing: the touch was cancelled or another gesture won after this one began.
    /// Undo any provisional effect.
    case cancelled
    /// Not this gesture; it ignores the rest of the touch sequence.
    case failed

    /// Began or changed: the gesture owns the touch right now.
    public var isActive: Bool { self == .began || self == .changed }

    /// Ended, cancelled or failed: nothing more until the next first finger.
    public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
}
