import Touch

/// Who owns the touches of one sequence, from the first finger down until the last finger lifts. The owner is
/// chosen when the sequence starts and keeps every event of it, so a sheet that appears mid-gesture, a page
/// that finishes sliding or a row that closes never receives half a gesture (a lift with no touch, a drag
/// that began elsewhere). "Swallowing" a touch is owning it and doing nothing.
public struct TouchSequence<Owner: Sendable & Equatable>: Sendable {
    private var slots = TouchSlots()
    public private(set) var owner: Owner?

    public init() {}

    /// Whether a finger is down.
    public var isActive: Bool { !slots.isEmpty }

    /// The owner of `event`: chosen by `choose` when it starts a sequence, the sequence's owner otherwise.
    /// Events of fingers that are not down (a stray lift) belong to nobody.
    public mutating func route(_ event: TouchEvent, choose: () -> Owner) -> Owner? {
        let known = slots.position(of: event.slot) != nil
        if event.phase == .down {
            if slots.isEmpty { owner = choose() }
        } else if !known {
            return nil
        }
        slots.apply(event)
        return owner
    }

    /// `frame` split once by owner: consecutive events of one owner go together, in order, as one frame, with
    /// whether that part starts a sequence. Events that belong to nobody (a stray lift) are dropped. Owners are
    /// chosen before any part is handled: a frame whose lift ends one sequence and whose touch starts the next
    /// (rare: libinput gives a lift and a new finger their own frames) has the new owner chosen as things stood
    /// before the lift was handled.
    public mutating func split(_ frame: TouchFrame, choose: (TouchEvent) -> Owner)
        -> [(owner: Owner, frame: TouchFrame, starts: Bool)] {
        var parts: [(owner: Owner, frame: TouchFrame, starts: Bool)] = []
        for event in frame.events {
            let starts = event.phase == .down && !isActive
            guard let owner = route(event, choose: { choose(event) }) else { continue }
            if !starts, let last = parts.indices.last, parts[last].owner == owner {
                parts[last].frame.events.append(event)
            } else {
                parts.append((owner, TouchFrame(time: frame.time, events: [event]), starts))
            }
        }
        return parts
    }
}
