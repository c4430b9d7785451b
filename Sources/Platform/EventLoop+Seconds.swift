extension EventLoop {
    /// Seconds on CLOCK_MONOTONIC, the clock of the loop's deadlines and of libinput's and DRM's timestamps, in
    /// the unit everything above Platform counts in.
    public var now: Double { MonotonicClock.seconds() }

    /// Calls `handler` once, at or after `seconds` on CLOCK_MONOTONIC: `schedule(at:)` for callers that count in
    /// seconds (the frame pacing, the window's flips), converted here once rather than by each of them.
    @discardableResult
    public func schedule(atSeconds seconds: Double, handler: @escaping TimerHandler) -> Timer {
        // A deadline past any the loop could reach (or not a number) must not trap converting to nanoseconds:
        // it is held at about thirty years.
        let bounded = seconds.isFinite ? min(max(0, seconds), 1e9) : 1e9
        return schedule(at: UInt64(bounded * 1e9), handler: handler)
    }
}
