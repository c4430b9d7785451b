/// A single-finger tap: down and up within `maxDuration`, never straying more than `maxMovement` from
/// where it touched. Discrete: possible → ended (recognized, at the lift) or failed.
public struct TapRecognizer: Sendable {
    /// Longest press that is still a tap: 500 ms (Android's and Flutter's long-press timeout; longer is a
    /// long press).
    public static let defaultMaxDuration = 0.5

    public let maxMovement: Double
    /// Seconds.
    public let maxDuration: Double

    public private(set) var state: GestureState = .possible
    /// Where the finger touched down: the tap's location.
    public private(set) var location: Point = .zero
    private var slot: Int?
    private var downTime = 0.0
    private var slots = TouchSlots()

    public init(maxMovement: Double = TouchSlop.flutter, maxDuration: Double = TapRecognizer.defaultMaxDuration) {
        self.maxMovement = maxMovement.isFinite && maxMovement >= 0 ? maxMovement : TouchSlop.flutter
        self.maxDuration = maxDuration.isFinite ? max(0, maxDuration) : TapRecognizer.defaultMaxDuration
    }

    /// Back to a fresh recognizer with the same settings: no finger, nothing recognized.
    public mutating func reset() { self = TapRecognizer(maxMovement: maxMovement, maxDuration: maxDuration) }

    public mutating func handle(_ frame: TouchFrame) {
        for event in frame.events { handle(event) }
    }

    public mutating func handle(_ event: TouchEvent) {
        let firstFinger = slots.isEmpty
        slots.apply(event)
        switch event.phase {
        case .down:
            if firstFinger {
                state = .possible
                slot = event.slot
                location = event.position
                downTime = event.time
            } else if state == .possible {
                state = .failed  // a second finger makes it something else
            }
        case .move:
            guard event.slot == slot, state == .possible else { return }
            if !((event.position - location).length <= maxMovement) || held(until: event.time) > maxDuration {
                state = .failed
            }
        case .up:
            guard event.slot == slot else { return }
            slot = nil
            guard state == .possible else { return }
            let inTime = held(until: event.time) <= maxDuration
            let stayed = (event.position - location).length <= maxMovement
            state = inTime && stayed ? .ended : .failed
        case .cancel:
            guard event.slot == slot else { return }
            slot = nil
            cancel()
        }
    }

    /// Time passed without events: a finger held too long is no longer a tap.
    public mutating func advance(to time: Double) {
        if state == .possible, slot != nil, held(until: time) > maxDuration { state = .failed }
    }

    private func held(until time: Double) -> Double { TouchClock.elapsed(from: downTime, to: time) }

    /// Another gesture won, or the touch was cancelled: not a tap.
    public mutating func cancel() {
        if state == .possible { state = .failed }
    }
}
