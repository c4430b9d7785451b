import Platform

/// One timer in the panel's loop that a keeper sleeps on between its wake-ups: set again (replacing the last),
/// or cleared, with the wait it was set for kept for tests and logs.
final class LoopAlarm {
    private let events: EventLoop
    private var timer: EventLoop.Timer?
    /// The wait it was last set for, in seconds, while it is set.
    private(set) var wait: Double?

    init(events: EventLoop) { self.events = events }

    var isSet: Bool { timer != nil }

    func set(after seconds: Double, _ action: @escaping () -> Void) {
        clear()
        wait = seconds
        timer = events.schedule(after: seconds) { [unowned self] in
            timer = nil
            wait = nil
            action()
        }
    }

    func clear() {
        if let timer { events.cancel(timer) }
        timer = nil
        wait = nil
    }
}
