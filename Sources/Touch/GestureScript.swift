/// Writes touch input gesture by gesture, as a panel would report it: a finger touches, moves sampled at the
/// panel's rate, holds, lifts. For tests, demos and benchmarks that need a gesture of known speed and timing.
///
///     var script = GestureScript()
///     script.drag(from: Point(x: 700, y: 240), to: Point(x: 400, y: 240), seconds: 0.5, hold: 0.2)
///     script.wait(1)
///     script.tap(at: Point(x: 400, y: 240))
public struct GestureScript: Sendable {
    /// Time between samples of a moving finger, in seconds: 120 Hz, a common touch controller's rate.
    public var sampleInterval = 0.008_333
    public private(set) var events: [TouchEvent] = []
    /// The script's clock, counted as the kernel counts touch time: whole microseconds, so the events it
    /// writes carry the timestamps a panel would.
    private var microseconds: Int64
    /// Where each finger that is down is.
    private var fingers: [Int: Point] = [:]

    /// A script whose first event happens at `start` seconds.
    public init(start: Double = 0) { microseconds = TouchClock.microseconds(max(0, start)) }

    /// When the next event happens, in seconds.
    public var time: Double { TouchClock.seconds(microseconds: microseconds) }

    public var trace: TouchTrace { TouchTrace(events: events) }

    /// Lets `seconds` pass.
    public mutating func wait(_ seconds: Double) { microseconds += Self.usec(seconds) }

    public mutating func down(at point: Point, slot: Int = 0) {
        fingers[slot] = point
        events.append(TouchEvent(slot: slot, phase: .down, position: point, time: time))
    }

    /// Moves finger `slot` in a straight line to `point` at an even speed over `seconds`.
    public mutating func move(to point: Point, seconds: Double, slot: Int = 0) {
        guard let start = fingers[slot] else { return }
        let total = max(1, Self.usec(seconds))
        let sample = max(1, Self.usec(sampleInterval))
        let steps = max(1, Int((total + sample - 1) / sample))
        let t0 = microseconds
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            let at = Point(x: start.x + (point.x - start.x) * f, y: start.y + (point.y - start.y) * f)
            microseconds = t0 + total * Int64(step) / Int64(steps)
            events.append(TouchEvent(slot: slot, phase: .move, position: at, time: time))
        }
        fingers[slot] = point
    }

    public mutating func up(slot: Int = 0) {
        guard let at = fingers.removeValue(forKey: slot) else { return }
        events.append(TouchEvent(slot: slot, phase: .up, position: at, time: time))
    }

    /// The device took finger `slot` away (unplugged).
    public mutating func cancel(slot: Int = 0) {
        guard let at = fingers.removeValue(forKey: slot) else { return }
        events.append(TouchEvent(slot: slot, phase: .cancel, position: at, time: time))
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
        seconds.isFinite && seconds > 0 ? TouchClock.microseconds(min(seconds, 1e9)) : 0
    }
}
