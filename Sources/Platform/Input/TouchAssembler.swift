import Raster
import Touch

/// Turns raw device input into the app's touch frames, in logical points with the panel's mounting undone:
/// - every seat slot is tracked; a pointer with its button down is one more finger (slot `pointerSlot`);
/// - events wait for the frame that closes them, so fingers moving together arrive together;
/// - a device that disappears cancels its fingers, so gestures end cleanly instead of hanging half-done;
/// - libinput's `time_usec` becomes seconds on CLOCK_MONOTONIC (`TouchClock`), the unit above Platform.
public struct TouchAssembler: Sendable {
    /// The slot a pressed pointer uses, clear of libinput's seat slots.
    public static let pointerSlot = 1_000

    /// Size of the logical picture in pixels (the panel's size with the rotation applied).
    public var logicalWidth: Double
    public var logicalHeight: Double
    public var turn: QuarterTurn
    /// Pixels per point, the same the scenes draw with.
    public var scale: Scale

    private var pending: [TouchEvent] = []
    /// Where each active finger is, and the device it belongs to.
    private var active: [Int: (device: Int, position: Point)] = [:]
    private var pointer: (device: Int, position: Point, pressed: Bool)?

    public init(logicalWidth: Int, logicalHeight: Int, turn: QuarterTurn = .none, scale: Scale = .one) {
        self.logicalWidth = Double(logicalWidth)
        self.logicalHeight = Double(logicalHeight)
        self.turn = turn
        self.scale = scale
    }

    /// The panel's size in pixels as the device reports coordinates (before the mounting is undone).
    public var panelSize: (width: Int, height: Int) {
        turn.swapsAxes ? (Int(logicalHeight), Int(logicalWidth)) : (Int(logicalWidth), Int(logicalHeight))
    }

    /// Feeds one raw event; returns the frames it completes (usually none or one).
    public mutating func handle(_ input: RawInput) -> [TouchFrame] {
        switch input {
        case let .touchDown(device, slot, x, y, t):
            let p = logical(x, y)
            // A down on a slot still held means its up was lost: end that touch first.
            if let stale = active[slot] { pending.append(TouchEvent(slot: slot, phase: .cancel, position: stale.position, time: seconds(t))) }
            active[slot] = (device, p)
            pending.append(TouchEvent(slot: slot, phase: .down, position: p, time: seconds(t)))
        case let .touchMotion(_, slot, x, y, t):
            guard let finger = active[slot] else { return [] }
            let p = logical(x, y)
            active[slot] = (finger.device, p)
            pending.append(TouchEvent(slot: slot, phase: .move, position: p, time: seconds(t)))
        case let .touchUp(_, slot, t):
            guard let finger = active.removeValue(forKey: slot) else { return [] }
            pending.append(TouchEvent(slot: slot, phase: .up, position: finger.position, time: seconds(t)))
        case let .touchCancel(_, slot, t):
            guard let finger = active.removeValue(forKey: slot) else { return [] }
            pending.append(TouchEvent(slot: slot, phase: .cancel, position: finger.position, time: seconds(t)))
        case let .touchFrame(t):
            return flush(at: t)
        case let .pointerMotion(device, x, y, t):
            let p = logical(x, y)
            let pressed = pointer?.pressed ?? false
            // While pressed, the press belongs to the device that pressed: another mouse moving must not take it
            // over, or removing the first would leave the press stuck (found in review).
            pointer = (pressed ? (pointer?.device ?? device) : device, p, pressed)
            guard pressed else { return [] }
            return [TouchFrame(time: seconds(t), events: [TouchEvent(slot: Self.pointerSlot, phase: .move, position: p, time: seconds(t))])]
        case let .pointerButton(device, pressed, t):
            let p = pointer?.position ?? Point.zero
            let was = pointer?.pressed ?? false
            pointer = (device, p, pressed)
            guard was != pressed else { return [] }
            let phase: TouchPhase = pressed ? .down : .up
            return [TouchFrame(time: seconds(t), events: [TouchEvent(slot: Self.pointerSlot, phase: phase, position: p, time: seconds(t))])]
        case let .deviceRemoved(device, t):
            // A finger whose down no frame has delivered yet was never seen: it gets no cancel (found in review).
            let unseen = Set(pending.filter { $0.phase == .down }.map(\.slot))
            var cancelled: [TouchEvent] = []
            var dropped: Set<Int> = []
            for (slot, finger) in active.sorted(by: { $0.key < $1.key }) where finger.device == device {
                active.removeValue(forKey: slot)
                dropped.insert(slot)
                if !unseen.contains(slot) {
                    cancelled.append(TouchEvent(slot: slot, phase: .cancel, position: finger.position, time: seconds(t)))
                }
            }
            if let p = pointer, p.device == device {
                if p.pressed { cancelled.append(TouchEvent(slot: Self.pointerSlot, phase: .cancel, position: p.position, time: seconds(t))) }
                pointer = nil
            }
            // Anything half-assembled from the vanished device is dropped with it.
            pending.removeAll { dropped.contains($0.slot) }
            return cancelled.isEmpty ? [] : [TouchFrame(time: seconds(t), events: cancelled)]
        }
        return []
    }

    /// Ends every finger at once, for input that failed as a whole (its fd reports an error): like every device
    /// going away together. Returns the frame of cancels, or none when nothing was down.
    public mutating func cancelAll(at time: Double) -> [TouchFrame] {
        let unseen = Set(pending.filter { $0.phase == .down }.map(\.slot))
        var cancelled = active.sorted { $0.key < $1.key }.filter { !unseen.contains($0.key) }.map {
            TouchEvent(slot: $0.key, phase: .cancel, position: $0.value.position, time: time)
        }
        if let p = pointer, p.pressed {
            cancelled.append(TouchEvent(slot: Self.pointerSlot, phase: .cancel, position: p.position, time: time))
        }
        active.removeAll()
        pointer = nil
        pending.removeAll()
        return cancelled.isEmpty ? [] : [TouchFrame(time: time, events: cancelled)]
    }

    private mutating func flush(at microseconds: Int64) -> [TouchFrame] {
        guard !pending.isEmpty else { return [] }
        defer { pending.removeAll(keepingCapacity: true) }
        return [TouchFrame(time: seconds(microseconds), events: pending)]
    }

    /// The one place libinput's microseconds become the seconds everything above Platform counts in.
    private func seconds(_ microseconds: Int64) -> Double { TouchClock.seconds(microseconds: microseconds) }

    /// Panel pixels → logical points: undo the mounting (the inverse of `QuarterTurn.apply`), then the scale.
    public func logical(_ px: Double, _ py: Double) -> Point {
        let x: Double, y: Double
        switch turn {
        case .none: x = px; y = py
        case .clockwise90: x = py; y = logicalHeight - px
        case .clockwise180: x = logicalWidth - px; y = logicalHeight - py
        case .clockwise270: x = logicalWidth - py; y = px
        }
        return Point(x: scale.points(x), y: scale.points(y))
    }
}
