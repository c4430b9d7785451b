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

/// The loop keeps time in seconds already (Platform's `EventLoop+Seconds`).
extension EventLoop: PanelClock {}
