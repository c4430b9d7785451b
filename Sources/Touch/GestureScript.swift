/// Writes touch input gesture by gesture, as a panel would report it: a finger touches, moves sampled at the
/// panel's rate, holds, lifts. For tests, demos and benchmarks that need a gesture of known speed and timing.
///
///     var script = GestureScript()
///     script.drag(from: Point(x: 700, y: 240), to: Point(x: 400, y: 240), seconds: 0.5, hold: 0.2)
///     script.wait(1)
///     script.tap(at: Point(x: 400, y: 240))
public struct GestureScript: Sendable {
    /// Time between samples of a moving finger: 120 Hz, a common touch controller's rate.
    public var sampleUsec: Int64 = 8_333
    public private(set) var events: [TouchEvent] = []
    /// The script's clock: when the next event happens.
    public private(set) var timeUsec: Int64
    /// Where each finger that is down is.
    private var fingers: [Int: Point] = [:]

    public init(startUsec: Int64 = 0) { timeUsec = startUsec }

    public var trace: TouchTrace { TouchTrace(events: events) }

    /// Lets `seconds` pass.
    public mutating func wait(_ seconds: Double) { timeUsec += Self.usec(seconds) }

    public mutating func down(at point: Point, slot: Int = 0) {
        fingers[slot] = point
        events.append(TouchEvent(slot: slot, phase: .down, position: point, timeUsec: timeUsec))
    }

    /// Moves finger `slot` in a straight line to `point` at an even speed over `seconds`.
    public mutating func move(to point: Point, seconds: Double, slot: Int = 0) {
        guard let start = fingers[slot] else { return }
        let total = max(1, Self.usec(seconds))
        let steps = max(1, Int((total + sampleUsec - 1) / sampleUsec))
        let t0 = timeUsec
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            let at = Point(x: start.x + (point.x - start.x) * f, y: start.y + (point.y - start.y) * f)
            timeUsec = t0 + total * Int64(step) / Int64(steps)
            events.append(TouchEvent(slot: slot, phase: .move, position: at, timeUsec: timeUsec))
        }
        fingers[slot] = point
    }

    public mutating func up(slot: Int = 0) {
        guard let at = fingers.removeValue(forKey: slot) else { return }
        events.append(TouchEvent(slot: slot, phase: .up, position: at, timeUsec: timeUsec))
    }

    /// The device took finger `slot` away (unplugged).
    public mutating func cancel(slot: Int = 0) {
        guard let at = fingers.removeValue(forKey: slot) else { return }
        events.append(TouchEvent(slot: slot, phase: .cancel, position: at, timeUsec: timeUsec))
    }

    /// Touch, move to `to` over `seconds`, stay still for `hold` seconds, lift. Without a hold the finger lifts
    /// moving: a flick. A hold over 40 ms lifts at rest (the velocity tracker sees the pause).
    public mutating func drag(from: Point, to: Point, seconds: Double, hold: Double = 0, slot: Int = 0) {
        down(at: from, slot: slot)
        move(to: to, seconds: seconds, slot: slot)
        wait(hold)
        up(slot: slot)
    }

    /// A tap: down and up 80 ms later without moving.
    public mutating func tap(at point: Point, slot: Int = 0) {
        down(at: point, slot: slot)
        wait(0.08)
        up(slot: slot)
    }

    static func usec(_ seconds: Double) -> Int64 {
        seconds.isFinite && seconds > 0 ? Int64((seconds * 1_000_000).rounded()) : 0
    }
}
