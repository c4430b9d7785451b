@testable import Touch

/// A one-finger gesture built from positions sampled every `stepUsec`, ending with a lift `liftDelayUsec`
/// after the last sample.
func stroke(_ points: [Point], slot: Int = 0, startUsec: Int64 = 1_000_000, stepUsec: Int64 = 8_333,
            liftDelayUsec: Int64? = nil) -> [TouchEvent] {
    guard let first = points.first else { return [] }
    var events = [TouchEvent(slot: slot, phase: .down, position: first, timeUsec: startUsec)]
    for (index, point) in points.dropFirst().enumerated() {
        events.append(TouchEvent(slot: slot, phase: .move, position: point, timeUsec: startUsec + Int64(index + 1) * stepUsec))
    }
    let last = events.last!
    events.append(TouchEvent(slot: slot, phase: .up, position: last.position,
                             timeUsec: last.timeUsec + (liftDelayUsec ?? stepUsec)))
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
