@testable import Touch

/// A one-finger gesture built from positions sampled every `step` seconds, ending with a lift `liftDelay`
/// after the last sample. Times are whole microseconds, as the kernel stamps them.
func stroke(_ points: [Point], slot: Int = 0, start: Double = 1, step: Double = 0.008_333,
            liftDelay: Double? = nil) -> [TouchEvent] {
    guard let first = points.first else { return [] }
    let t0 = TouchClock.microseconds(start), dt = TouchClock.microseconds(step)
    func at(_ microseconds: Int64) -> Double { TouchClock.seconds(microseconds: microseconds) }
    var events = [TouchEvent(slot: slot, phase: .down, position: first, time: at(t0))]
    for (index, point) in points.dropFirst().enumerated() {
        events.append(TouchEvent(slot: slot, phase: .move, position: point, time: at(t0 + Int64(index + 1) * dt)))
    }
    let last = TouchClock.microseconds(events.last!.time)
    events.append(TouchEvent(slot: slot, phase: .up, position: events.last!.position,
                             time: at(last + (liftDelay.map(TouchClock.microseconds) ?? dt))))
    return events
}

func trace(_ text: String) throws -> [TouchEvent] {
    try TouchTrace(parsing: text).events
}

extension PanRecognizer {
    mutating func handle(_ events: [TouchEvent]) {
        for event in events { handle(event) }
    }
}
