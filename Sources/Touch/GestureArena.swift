/// Decides which of several recognizers watching the same touches gets them, deterministically: a
/// horizontal pull inside a vertical scroller, a row swipe inside a list, a tap on a row.
///
/// Every member sees each event in the order given at creation. The first member to recognize (a pan
/// passing its slop and axis rule, a tap completing, a press held long enough) wins the touch sequence;
/// every other member is cancelled at once and hears nothing more until all fingers lift and a new one
/// touches. When two members would recognize on the same event, the earlier one in the list wins, so list
/// the more specific (inner, stricter) member first. A new sequence starts every member afresh: a loser
/// never heard its fingers lift, and must not carry them into the next gesture (a tap right after a swipe).
public struct GestureArena<Key: Hashable & Sendable>: Sendable {
    public struct Member: Sendable {
        public let key: Key
        public fileprivate(set) var gesture: Gesture
    }

    public private(set) var members: [Member]
    /// The member that owns the current (or last) touch sequence, nil while undecided.
    public private(set) var winner: Key?
    /// Fingers currently down.
    public private(set) var touches = TouchSlots()

    public init(_ members: [(Key, Gesture)]) {
        self.members = members.map { Member(key: $0.0, gesture: $0.1) }
    }

    public subscript(key: Key) -> Gesture? {
        members.first { $0.key == key }?.gesture
    }

    public func pan(_ key: Key) -> PanRecognizer? {
        if case .pan(let pan)? = self[key] { return pan }
        return nil
    }

    public func tap(_ key: Key) -> TapRecognizer? {
        if case .tap(let tap)? = self[key] { return tap }
        return nil
    }

    public func longPress(_ key: Key) -> LongPressRecognizer? {
        if case .longPress(let press)? = self[key] { return press }
        return nil
    }

    /// The earliest time some member needs `advance(to:)` without an event (a long press coming due).
    public var deadline: Double? {
        members.filter { winner == nil || $0.key == winner }.compactMap(\.gesture.deadline).min()
    }

    public mutating func handle(_ frame: TouchFrame) {
        for event in frame.events { handle(event) }
    }

    public mutating func handle(_ event: TouchEvent) {
        if event.phase == .down, touches.isEmpty {
            winner = nil
            for index in members.indices { members[index].gesture.reset() }
        }
        touches.apply(event)
        for index in members.indices where winner == nil || members[index].key == winner {
            members[index].gesture.handle(event)
            settle(index)
        }
    }

    /// Lets time-driven members (long press, tap timeout) see that time has passed.
    public mutating func advance(to time: Double) {
        for index in members.indices where winner == nil || members[index].key == winner {
            members[index].gesture.advance(to: time)
            settle(index)
        }
    }

    private mutating func settle(_ index: Int) {
        guard winner == nil, members[index].gesture.isClaiming else { return }
        winner = members[index].key
        for other in members.indices where other != index { members[other].gesture.cancel() }
    }
}
