/// A finger held still for `minimumDurationUsec` (UIKit's `UILongPressGestureRecognizer`: 0.5 s, 10 pt of
/// allowable movement). Continuous: began when the time is reached, changed as the finger then moves, ended
/// at the lift. Time passes without events, so the owner calls `advance(toUsec:)` and sleeps no later than
/// `deadlineUsec`.
public struct LongPressRecognizer: Sendable {
    public static let defaultMinimumDurationUsec: Int64 = 500_000
    public static let defaultAllowableMovement = 10.0

    public let minimumDurationUsec: Int64
    public let allowableMovement: Double

    public private(set) var state: GestureState = .possible
    /// Where the finger touched down.
    public private(set) var startLocation: Point = .zero
    /// Where the finger is now.
    public private(set) var location: Point = .zero
    private var slot: Int?
    private var downUsec: Int64 = 0
    private var slots = TouchSlots()

    public init(minimumDurationUsec: Int64 = LongPressRecognizer.defaultMinimumDurationUsec,
                allowableMovement: Double = LongPressRecognizer.defaultAllowableMovement) {
        self.minimumDurationUsec = max(0, minimumDurationUsec)
        self.allowableMovement = allowableMovement.isFinite && allowableMovement >= 0
            ? allowableMovement : LongPressRecognizer.defaultAllowableMovement
    }

    /// When the press will be recognized if nothing else happens; nil unless a finger is down and undecided.
    public var deadlineUsec: Int64? {
        state == .possible && slot != nil ? downUsec + minimumDurationUsec : nil
    }

    /// Back to a fresh recognizer with the same settings: no finger, nothing recognized.
    public mutating func reset() {
        self = LongPressRecognizer(minimumDurationUsec: minimumDurationUsec, allowableMovement: allowableMovement)
    }

    public mutating func handle(_ frame: TouchFrame) {
        for event in frame.events { handle(event) }
    }

    public mutating func handle(_ event: TouchEvent) {
        let firstFinger = slots.isEmpty
        if state == .began { state = .changed }
        // The deadline may have passed since the last event; recognize first so this event sees it.
        if !firstFinger { advance(toUsec: event.timeUsec) }
        slots.apply(event)
        switch event.phase {
        case .down:
            if firstFinger {
                state = .possible
                slot = event.slot
                startLocation = event.position
                location = event.position
                downUsec = event.timeUsec
            } else if state == .possible {
                state = .failed
            }
        case .move:
            guard event.slot == slot else { return }
            location = event.position
            if state == .possible, !((location - startLocation).length <= allowableMovement) { state = .failed }
        case .up:
            guard event.slot == slot else { return }
            slot = nil
            if state.isActive { state = .ended } else if state == .possible { state = .failed }
        case .cancel:
            guard event.slot == slot else { return }
            slot = nil
            cancel()
        }
    }

    /// Time passed: recognize the press once the finger has been held long enough.
    public mutating func advance(toUsec nowUsec: Int64) {
        if let deadline = deadlineUsec, nowUsec >= deadline { state = .began }
    }

    /// Another gesture won, or the touch was cancelled.
    public mutating func cancel() {
        if state.isActive { state = .cancelled } else if state == .possible { state = .failed }
    }
}
