/// A finger held still for `minimumDuration` (UIKit's `UILongPressGestureRecognizer`: 0.5 s, 10 pt of
/// allowable movement). Continuous: began when the time is reached, changed as the finger then moves, ended
/// at the lift. Time passes without events, so the owner calls `advance(to:)` and sleeps no later than
/// `deadline`.
public struct LongPressRecognizer: Sendable {
    public static let defaultMinimumDuration = 0.5
    public static let defaultAllowableMovement = 10.0

    /// Seconds.
    public let minimumDuration: Double
    public let allowableMovement: Double

    public private(set) var state: GestureState = .possible
    /// Where the finger touched down.
    public private(set) var startLocation: Point = .zero
    /// Where the finger is now.
    public private(set) var location: Point = .zero
    private var slot: Int?
    private var downTime = 0.0
    private var slots = TouchSlots()

    public init(minimumDuration: Double = LongPressRecognizer.defaultMinimumDuration,
                allowableMovement: Double = LongPressRecognizer.defaultAllowableMovement) {
        self.minimumDuration = minimumDuration.isFinite ? max(0, minimumDuration) : LongPressRecognizer.defaultMinimumDuration
        self.allowableMovement = allowableMovement.isFinite && allowableMovement >= 0
            ? allowableMovement : LongPressRecognizer.defaultAllowableMovement
    }

    /// When the press will be recognized if nothing else happens; nil unless a finger is down and undecided.
    public var deadline: Double? {
        state == .possible && slot != nil ? downTime + minimumDuration : nil
    }

    /// Back to a fresh recognizer with the same settings: no finger, nothing recognized.
    public mutating func reset() {
        self = LongPressRecognizer(minimumDuration: minimumDuration, allowableMovement: allowableMovement)
    }

    public mutating func handle(_ frame: TouchFrame) {
        for event in frame.events { handle(event) }
    }

    public mutating func handle(_ event: TouchEvent) {
        let firstFinger = slots.isEmpty
        if state == .began { state = .changed }
        // The deadline may have passed since the last event; recognize first so this event sees it.
        if !firstFinger { advance(to: event.time) }
        slots.apply(event)
        switch event.phase {
        case .down:
            if firstFinger {
                state = .possible
                slot = event.slot
                startLocation = event.position
                location = event.position
                downTime = event.time
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
    public mutating func advance(to time: Double) {
        if state == .possible, slot != nil, TouchClock.elapsed(from: downTime, to: time) >= minimumDuration {
            state = .began
        }
    }

    /// Another gesture won, or the touch was cancelled.
    public mutating func cancel() {
        if state.isActive { state = .cancelled } else if state == .possible { state = .failed }
    }
}
