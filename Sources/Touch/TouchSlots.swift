/// Which fingers are down and where, kept up to date from events: every libinput slot is tracked.
public struct TouchSlots: Sendable, Equatable {
    /// Position of each finger that is down, by slot.
    public private(set) var positions: [Int: Point] = [:]

    public init() {}

    public var isEmpty: Bool { positions.isEmpty }
    public var count: Int { positions.count }

    public func position(of slot: Int) -> Point? { positions[slot] }

    /// The lowest slot still down, a deterministic choice when a gesture needs another finger to follow.
    public var lowestSlot: Int? { positions.keys.min() }

    public mutating func apply(_ event: TouchEvent) {
        switch event.phase {
        case .down, .move: positions[event.slot] = event.position
        case .up, .cancel: positions[event.slot] = nil
        }
    }

    public mutating func apply(_ frame: TouchFrame) {
        for event in frame.events { apply(event) }
    }
}
