#if canImport(Glibc)
import Glibc
#endif

/// The single thread the panel runs on: poll(2) over file descriptors (DRM flips, libinput, signals, worker
/// results) plus one-shot timers. It sleeps in poll until something happens, so an idle panel uses no CPU.
public final class EventLoop {
    public typealias FDHandler = (_ revents: Int16) -> Void
    public typealias TimerHandler = () -> Void

    public struct Watch: Hashable, Sendable { fileprivate let id: Int }
    public struct Timer: Hashable, Sendable { fileprivate let id: Int }

    private struct FDEntry { let id: Int; let fd: Int32; let events: Int16; let handler: FDHandler }
    private struct TimerEntry { let id: Int; let deadline: UInt64; let handler: TimerHandler }

    private var fds: [FDEntry] = []
    private var timers: [TimerEntry] = []
    private var nextID = 0
    private var stopped = false
    private let signals: SignalWatch
    /// The signal that ended `run()`, if one did.
    public private(set) var receivedSignal: Int32?

    /// Takes over SIGINT and SIGTERM: they end `run()` cleanly instead of killing the process mid-frame.
    /// Create it on the main thread before starting any other thread, so every thread inherits the blocked mask.
    public init() throws {
        signals = try SignalWatch([SIGINT, SIGTERM])
        _ = watch(signals.fd) { [unowned self] _ in
            if let signal = self.signals.take() {
                self.receivedSignal = signal
                self.stop()
            }
        }
    }

    /// Calls `handler` whenever `fd` is ready for `events` (POLLIN by default).
    @discardableResult
    public func watch(_ fd: Int32, events: Int16 = Int16(POLLIN), handler: @escaping FDHandler) -> Watch {
        nextID += 1
        fds.append(FDEntry(id: nextID, fd: fd, events: events, handler: handler))
        return Watch(id: nextID)
    }

    public func unwatch(_ watch: Watch) { fds.removeAll { $0.id == watch.id } }

    /// Calls `handler` once, at or after `deadline` (nanoseconds on `MonotonicClock`).
    @discardableResult
    public func schedule(at deadline: UInt64, handler: @escaping TimerHandler) -> Timer {
        nextID += 1
        timers.append(TimerEntry(id: nextID, deadline: deadline, handler: handler))
        return Timer(id: nextID)
    }

    @discardableResult
    public func schedule(after seconds: Double, handler: @escaping TimerHandler) -> Timer {
        schedule(at: MonotonicClock.nanoseconds() &+ UInt64(max(0, seconds) * 1e9), handler: handler)
    }

    public func cancel(_ timer: Timer) { timers.removeAll { $0.id == timer.id } }

    /// Makes `run()` return after the current iteration.
    public func stop() { stopped = true }

    /// Whether `stop()` was called (or a signal came) since `run()` last began.
    public var isStopped: Bool { stopped }

    /// Runs until `stop()` or SIGINT/SIGTERM.
    public func run() throws {
        stopped = false
        while !stopped { try runOnce() }
    }

    /// Waits for the next event or due timer (at most `maxWait` seconds when given) and dispatches it.
    public func runOnce(maxWait: Double? = nil) throws {
        let now = MonotonicClock.nanoseconds()
        var timeout: Int32 = -1
        if let soonest = timers.map(\.deadline).min() {
            // Round up so a timer never fires early and the loop never spins on a sub-millisecond wait.
            let wait = soonest > now ? (soonest - now + 999_999) / 1_000_000 : 0
            timeout = Int32(min(wait, UInt64(Int32.max)))
        }
        if let maxWait {
            let limit = Int32(min(max(0, maxWait) * 1000, Double(Int32.max)))
            timeout = timeout < 0 ? limit : min(timeout, limit)
        }
        var polled = fds.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
        let ready = poll(&polled, nfds_t(polled.count), timeout)
        if ready < 0 {
            if errno == EINTR { return }
            throw SystemCallError("poll")
        }
        let snapshot = fds
        for (entry, result) in zip(snapshot, polled) where result.revents != 0 {
            // A handler may have removed a later watch; skip those.
            guard fds.contains(where: { $0.id == entry.id }) else { continue }
            entry.handler(result.revents)
        }
        fireDueTimers()
    }

    /// Fires the due timers one at a time, earliest first, each taken out before it runs: a handler that
    /// cancels another timer due in the same round stops it, and one it schedules waits for the next round.
    private func fireDueTimers() {
        let now = MonotonicClock.nanoseconds()
        let round = Set(timers.filter { $0.deadline <= now }.map(\.id))
        while let next = timers.indices.filter({ round.contains(timers[$0].id) })
            .min(by: { timers[$0].deadline < timers[$1].deadline }) {
            let timer = timers.remove(at: next)
            timer.handler()
        }
    }
}
