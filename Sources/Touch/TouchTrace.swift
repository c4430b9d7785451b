/// A recorded touch sequence, shared by gesture tests, end-to-end tests and the scripted input source.
///
/// Text form, one event per line, human-readable and diff-friendly:
///
///     # comments run from '#' to the end of the line
///     # t_us   slot  phase   x      y
///     0        0     down    120    400
///     8000     0     move    120    391.5
///     frame
///     16000    0     up
///
/// - `t_us`: integer microseconds from 0 to 10^15 (about 31 years: any clock's reading, and no sum or difference
///   of two can overflow), never decreasing; `slot`: libinput slot (≥ −1); `phase`: down, move, up,
///   cancel; `x y`: points, required for down and move, optional for up and cancel (the last position).
/// - `frame` closes a libinput frame. Events without a marker between them share a frame only while their
///   timestamps are equal, so a hand-written trace may omit the markers.
public struct TouchTrace: Sendable, Hashable {
    public var frames: [TouchFrame]

    public init(frames: [TouchFrame]) {
        self.frames = frames
    }

    /// Events grouped into frames by equal timestamps (for events that did not come with frame boundaries).
    public init(events: [TouchEvent]) {
        var frames: [TouchFrame] = []
        for event in events {
            if let last = frames.last, last.time == event.time {
                frames[frames.count - 1].events.append(event)
            } else {
                frames.append(TouchFrame(time: event.time, events: [event]))
            }
        }
        self.init(frames: frames)
    }

    /// Every event in order.
    public var events: [TouchEvent] { frames.flatMap(\.events) }

    /// The latest timestamp a trace may hold, in microseconds.
    public static let latestTimeUsec: Int64 = 1_000_000_000_000_000

    /// Seconds from the first event to the last, 0 when empty.
    public var duration: Double {
        guard let first = frames.first?.time, let last = frames.last?.events.last?.time else { return 0 }
        return TouchClock.elapsed(from: first, to: last)
    }

    /// Parses the text form; the error names the line and what was wrong with it.
    public init(parsing text: String) throws(TouchTraceError) {
        var parser = TouchTraceParser()
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            try parser.read(line, number: number)
        }
        self.init(frames: parser.finish())
    }

    /// The text form: parsing it gives this trace back.
    public var text: String {
        var out = "# t_us slot phase x y\n"
        for frame in frames {
            for event in frame.events {
                out += "\(TouchClock.microseconds(event.time)) \(event.slot) \(event.phase.rawValue) "
                out += "\(Self.format(event.position.x)) \(Self.format(event.position.y))\n"
            }
            out += "frame\n"
        }
        return out
    }

    /// Shortest text that reads back as the same Double; whole numbers without ".0".
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

/// A line of a trace that could not be read.
public struct TouchTraceError: Error, Hashable, CustomStringConvertible {
    /// 1-based line number.
    public let line: Int
    public let message: String

    public var description: String { "line \(line): \(message)" }
}

/// Reads a trace line by line, checking that it describes a possible sequence of touches.
struct TouchTraceParser {
    private var frames: [TouchFrame] = []
    private var pending: [TouchEvent] = []
    private var slots = TouchSlots()
    private var lastPositions: [Int: Point] = [:]
    private var lastTime: Int64?

    mutating func read(_ rawLine: Substring, number: Int) throws(TouchTraceError) {
        var line = rawLine
        if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard let first = fields.first else { return }
        func fail(_ message: String) -> TouchTraceError { TouchTraceError(line: number, message: message) }

        if first == "frame" {
            guard fields.count == 1 else { throw fail("'frame' takes no fields") }
            closeFrame()
            return
        }
        guard fields.count == 3 || fields.count == 5 else {
            throw fail("expected 't_us slot phase [x y]', got \(fields.count) fields")
        }
        guard let time = Int64(fields[0]), time >= 0, time <= TouchTrace.latestTimeUsec else {
            throw fail("time '\(fields[0])' is not a whole number of microseconds from 0 to \(TouchTrace.latestTimeUsec)")
        }
        guard let slot = Int(fields[1]), slot >= -1 else { throw fail("slot '\(fields[1])' is not an integer ≥ -1") }
        guard let phase = TouchPhase(rawValue: String(fields[2])) else {
            throw fail("unknown phase '\(fields[2])' (expected down, move, up or cancel)")
        }
        if let last = lastTime, time < last { throw fail("time \(time) goes back before \(last)") }

        let position: Point
        if fields.count == 5 {
            guard let x = Double(fields[3]), let y = Double(fields[4]), x.isFinite, y.isFinite else {
                throw fail("position '\(fields[3]) \(fields[4])' is not two finite numbers")
            }
            position = Point(x: x, y: y)
        } else {
            guard phase == .up || phase == .cancel else { throw fail("\(phase.rawValue) needs a position 'x y'") }
            position = lastPositions[slot] ?? .zero
        }

        let isDown = slots.position(of: slot) != nil
        if phase == .down, isDown { throw fail("slot \(slot) is already down") }
        if phase != .down, !isDown { throw fail("slot \(slot) is not down") }

        if let previous = pending.last, TouchClock.microseconds(previous.time) != time { closeFrame() }
        // The file counts microseconds, as the kernel does; above here time is seconds.
        let event = TouchEvent(slot: slot, phase: phase, position: position, time: TouchClock.seconds(microseconds: time))
        slots.apply(event)
        lastPositions[slot] = position
        lastTime = time
        pending.append(event)
    }

    private mutating func closeFrame() {
        guard !pending.isEmpty else { return }
        frames.append(TouchFrame(pending))
        pending.removeAll()
    }

    mutating func finish() -> [TouchFrame] {
        closeFrame()
        return frames
    }
}
