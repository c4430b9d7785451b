import Feeds
import Platform

/// Keeps the panel in step with its aggregator account, in the panel's own loop: one timer for the next sync
/// (the interval while syncs succeed, backing off after failures) and a watch on the sync worker's descriptor.
/// The sync itself runs on the worker's thread with its own store connection, so frames never wait for it; a
/// pull on the feeds screen asks for one now.
public final class SyncKeeper {
    private let events: EventLoop
    private let worker: SyncWorker
    private let schedule: SyncSchedule
    private let store: FeedStore
    private let wallClock: () -> Timestamp
    private var watch: EventLoop.Watch?
    private let alarm: LoopAlarm

    /// Each finished sync, after its outcome is recorded in the store.
    public var onFinish: (SyncWorker.Outcome) -> Void = { _ in }
    /// How long the timer waits, in seconds, when one is set (for tests and logs).
    public var nextWait: Double? { alarm.wait }
    public var isSyncing: Bool { worker.isRunning }

    public init(events: EventLoop, worker: SyncWorker, schedule: SyncSchedule, store: FeedStore,
                wallClock: @escaping () -> Timestamp) {
        self.events = events
        self.worker = worker
        self.schedule = schedule
        self.store = store
        self.wallClock = wallClock
        alarm = LoopAlarm(events: events)
    }

    /// Syncs now if the last success is older than the interval (or a failure's back-off is over), else when it
    /// will be; and keeps going until `stop()`.
    public func start() {
        guard watch == nil else { return }
        watch = events.watch(worker.fileDescriptor) { [unowned self] _ in finished() }
        let record = (try? store.syncRecord()) ?? SyncRecord()
        let wait = schedule.wait(afterFailures: record.consecutiveFailures)
        let since = record.lastAttempt.map { Double(wallClock().secondsSince1970 - $0.secondsSince1970) } ?? .infinity
        // A clock that jumped back (a board booted in 1970, then NTP) must not hold syncs off for decades.
        if since >= wait || since < 0 { syncNow() } else { arm(after: wait - since) }
    }

    public func stop() {
        if let watch { events.unwatch(watch) }
        watch = nil
        alarm.clear()
        worker.shutdown()
    }

    /// Starts a sync unless one runs; true either way while a sync is under way (its outcome will come).
    @discardableResult
    public func syncNow() -> Bool {
        alarm.clear()
        return worker.start(at: wallClock()) || worker.isRunning
    }

    private func finished() {
        guard let outcome = worker.takeOutcome() else { return }
        let record = (try? store.syncRecord()) ?? SyncRecord()
        var refused = false
        if case .failure(let error) = outcome { refused = error.kind == .authentication }
        arm(after: schedule.wait(afterFailures: record.consecutiveFailures, refused: refused))
        onFinish(outcome)
    }

    private func arm(after seconds: Double) {
        alarm.set(after: seconds) { [unowned self] in syncNow() }
    }
}
