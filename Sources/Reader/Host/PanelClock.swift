import Platform

/// What the panel's frame pacing needs of the event loop: the time, and one-shot timers on the same clock. On
/// the panel it is the event loop; tests drive a virtual one, so pacing is checked without a panel or waiting.
public protocol PanelClock: AnyObject {
    associatedtype Timer
    /// Seconds on CLOCK_MONOTONIC, the clock libinput's and DRM's timestamps are on.
    var now: Double { get }
    /// Calls `handler` once, at or after `seconds`.
    func schedule(atSeconds seconds: Double, handler: @escaping () -> Void) -> Timer
    func cancel(_ timer: Timer)
}

extension EventLoop: PanelClock {
    public var now: Double { MonotonicClock.seconds() }

    public func schedule(atSeconds seconds: Double, handler: @escaping () -> Void) -> Timer {
        // A deadline past any the loop could reach (or not a number) must not trap converting to nanoseconds:
        // it is held at about thirty years.
        let bounded = seconds.isFinite ? min(max(0, seconds), 1e9) : 1e9
        return schedule(at: UInt64(bounded * 1e9), handler: handler)
    }
}
