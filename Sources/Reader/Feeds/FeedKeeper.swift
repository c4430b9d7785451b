import Feeds
import Platform

/// Keeps the subscriptions fresh while the panel runs, in the panel's own loop: one timer for the next feed
/// due and a watch on the refresher's descriptor. Fetching and parsing happen on the refresher's worker; this
/// thread only wakes to submit and to write results, so frames never wait for the network.
public final class FeedKeeper {
    /// Waits between looks at the schedule, in monotonic seconds. The schedule is kept in wall-clock time, and a
    /// board without a real-time clock may boot in 1970 and jump when NTP answers: looking again at least hourly
    /// catches up with such a jump; waiting at least a minute keeps a store that fails to write from spinning.
    static let shortestWait = 60.0
    static let longestWait = 3_600.0

    private let events: EventLoop
    private let refresher: FeedRefresher
    private let wallClock: () -> Timestamp
    private var watch: EventLoop.Watch?
    private let alarm: LoopAlarm

    /// Each finished refresh, as it is written; and what went wrong with the store, which never stops the panel.
    public var onReport: (FeedRefresher.Report) -> Void = { _ in }
    public var onError: (Error) -> Void = { _ in }
    /// How long the timer waits, in seconds, when one is set (for tests and logs).
    public var nextWait: Double? { alarm.wait }

    public init(events: EventLoop, refresher: FeedRefresher, wallClock: @escaping () -> Timestamp) {
        self.events = events
        self.refresher = refresher
        self.wallClock = wallClock
        alarm = LoopAlarm(events: events)
    }

    /// Fetches whatever is due now and keeps going until `stop()`.
    public func start() {
        guard watch == nil else { return }
        watch = events.watch(refresher.fileDescriptor) { [unowned self] _ in collect() }
        refreshDue()
    }

    public func stop() {
        if let watch { events.unwatch(watch) }
        watch = nil
        alarm.clear()
        refresher.shutdown()
    }

    /// Fetches whatever is due now (a feed just added is), and sets the timer again.
    public func refreshDue() {
        do {
            try refresher.refresh(dueAt: wallClock())
            try rearm()
        } catch {
            failed(error)
        }
    }

    private func collect() {
        for report in refresher.collect() { onReport(report) }
        do {
            try rearm()
        } catch {
            failed(error)
        }
    }

    /// Sets the one timer for the earliest next check among the feeds not in flight; none when nothing is polled.
    private func rearm() throws {
        alarm.clear()
        guard let next = try refresher.nextCheck() else { return }
        let seconds = Double(next.secondsSince1970) - Double(wallClock().secondsSince1970)
        arm(after: min(max(seconds, Self.shortestWait), Self.longestWait))
    }

    private func failed(_ error: Error) {
        onError(error)
        if !alarm.isSet { arm(after: Self.shortestWait) }
    }

    private func arm(after seconds: Double) {
        alarm.set(after: seconds) { [unowned self] in refreshDue() }
    }
}
