/// A drag along one axis (or free), started once the finger passes the slop, with the slop subtracted so
/// the content does not jump, and with the release velocity for a fling.
///
/// It follows one finger: the first one down. Other fingers never move it (a second finger does not make
/// the first jump). If the followed finger lifts while another is down, the pan carries on with that one
/// from where it is, again without a jump. A cancelled touch ends the pan as `cancelled`.
public struct PanRecognizer: Sendable {
    public let lock: AxisLock
    public var fling: FlingLimits

    public private(set) var state: GestureState = .possible
    /// Movement since the pan began, slop already subtracted; along the locked axis only (the other is 0),
    /// both axes for a free pan.
    public private(set) var translation: Point = .zero
    /// How much `translation` changed on the latest event: what to add to a scroll offset now.
    public private(set) var delta: Point = .zero
    /// While active, the finger's current velocity; once ended, the release velocity after `fling` limits
    /// (zero below 50 pt/s, capped at 8000). Along the locked axis only.
    public private(set) var velocity: Velocity = .zero
    /// Where the followed finger is now.
    public private(set) var position: Point = .zero
    /// Where the followed finger touched down (adjusted on a hand-over so displacement stays continuous).
    public private(set) var startPosition: Point = .zero
    /// The followed finger's slot, nil when no finger is down.
    public private(set) var slot: Int?

    private var slots = TouchSlots()
    private var tracker = VelocityTracker()

    /// - axis: which movement this pan follows.
    /// - slop: points before the pan starts; defaults to Flutter's 18 for an axis, 36 for a free pan.
    /// - dominance: the 2 of the 2:1 axis rule; 0 for an outer scroller that takes any movement along its axis.
    public init(axis: PanAxis, slop: Double? = nil, dominance: Double = AxisLock.viewPagerDominance,
                fling: FlingLimits = .standard) {
        let slop = slop ?? (axis == .free ? TouchSlop.flutterPan : TouchSlop.flutter)
        self.lock = AxisLock(axis: axis, slop: slop, dominance: dominance)
        self.fling = fling
    }

    public var axis: PanAxis { lock.axis }

    /// Back to a fresh recognizer with the same settings: no finger, nothing recognized.
    public mutating func reset() {
        self = PanRecognizer(axis: lock.axis, slop: lock.slop, dominance: lock.dominance, fling: fling)
    }

    public mutating func handle(_ frame: TouchFrame) {
        for event in frame.events { handle(event) }
    }

    public mutating func handle(_ event: TouchEvent) {
        delta = .zero
        if state == .began { state = .changed }
        let firstFinger = slots.isEmpty
        slots.apply(event)
        switch event.phase {
        case .down:
            // A down on the followed slot means its lift was lost: treat it as a fresh touch.
            if firstFinger || event.slot == slot { start(event) }
        case .move:
            guard event.slot == slot else { return }
            move(to: event.position, at: event.time)
        case .up:
            guard event.slot == slot else { return }
            if let next = slots.lowestSlot, let nextPosition = slots.position(of: next) {
                handOver(to: next, at: nextPosition, at: event.time)
            } else {
                lift(at: event.time)
            }
        case .cancel:
            guard event.slot == slot else { return }
            cancel()
            slot = nil
        }
    }

    /// Ends the pan without acting on it: `cancelled` if it had begun, `failed` if not. The arena calls this
    /// when another gesture wins.
    public mutating func cancel() {
        if state.isActive { state = .cancelled } else if state == .possible { state = .failed }
        delta = .zero
        velocity = .zero
    }

    private mutating func start(_ event: TouchEvent) {
        state = .possible
        slot = event.slot
        startPosition = event.position
        position = event.position
        translation = .zero
        velocity = .zero
        tracker.reset()
        tracker.add(event.position, at: event.time)
    }

    private mutating func move(to newPosition: Point, at time: Double) {
        guard newPosition.x.isFinite, newPosition.y.isFinite else { return }
        tracker.add(newPosition, at: time)
        let movement = newPosition - position
        position = newPosition
        switch state {
        case .possible:
            let displacement = position - startPosition
            switch lock.decide(displacement) {
            case .locked:
                state = .began
                translation = lock.translation(afterLocking: displacement)
                delta = translation
            case .rejected:
                state = .failed
            case .undecided:
                break
            }
        case .began, .changed:
            delta = lock.project(movement)
            translation += delta
            state = .changed
        case .ended, .cancelled, .failed:
            return
        }
        if state.isActive { velocity = along(tracker.velocity()) }
    }

    /// The followed finger lifted but another is down: follow that one from where it is.
    private mutating func handOver(to next: Int, at nextPosition: Point, at time: Double) {
        startPosition = startPosition + (nextPosition - position)
        slot = next
        position = nextPosition
        tracker.reset()
        tracker.add(nextPosition, at: time)
    }

    private mutating func lift(at time: Double) {
        // libinput's up carries no position, so it is not a sample; asking at the lift time lets a pause
        // before lifting (> 40 ms) read as zero velocity.
        if state.isActive {
            state = .ended
            velocity = fling.apply(along(tracker.velocity(at: time)))
        } else if state == .possible {
            state = .failed
        }
        slot = nil
    }

    private func along(_ v: Velocity) -> Velocity {
        switch lock.axis {
        case .horizontal: return Velocity(x: v.x, y: 0)
        case .vertical: return Velocity(x: 0, y: v.y)
        case .free: return v
        }
    }
}
