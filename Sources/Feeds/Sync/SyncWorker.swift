import CLinux
import Synchronization
import System
#if canImport(Glibc)
import Glibc
#endif

/// Runs syncs off the frame path: each on a thread of its own, with a store connection of its own, its outcome
/// recorded in the store and handed to the loop through an eventfd (watch `fileDescriptor` for POLLIN, then
/// `takeOutcome()`). The loop thread owns the worker; one sync runs at a time.
public final class SyncWorker {
    public typealias Outcome = Result<SyncEngine.Report, SyncError>

    public let fileDescriptor: Int32
    private let storePath: String
    private let account: SyncAccount
    private let fetcher: FeedFetcher
    private let images: ImageCache?
    private let icons: FeedIcons?
    private let shared = Shared()
    private var thread: WorkerThread?

    /// What the loop and the sync's thread share.
    private final class Shared: Sendable {
        let cancelled = Atomic<Bool>(false)
        let outcome = Mutex<Outcome?>(nil)
    }

    public init(storePath: String, account: SyncAccount, fetcher: FeedFetcher, images: ImageCache? = nil,
                icons: FeedIcons? = nil) throws(SystemCallError) {
        let fd = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard fd >= 0 else { throw SystemCallError("eventfd") }
        fileDescriptor = fd
        self.storePath = storePath
        self.account = account
        self.fetcher = fetcher
        self.images = images
        self.icons = icons
    }

    deinit {
        shutdown()
        close(fileDescriptor)
    }

    /// A sync started and not yet taken.
    public var isRunning: Bool { thread != nil }

    /// Starts a sync unless one is running; returns whether it started. `now` dates what it records.
    @discardableResult
    public func start(at now: Timestamp) -> Bool {
        guard thread == nil else { return false }
        shared.cancelled.store(false, ordering: .relaxed)
        let (shared, storePath, account, fetcher, images, icons, fd) = (shared, storePath, account, fetcher, images, icons,
                                                                       fileDescriptor)
        let started = try? WorkerThread.start {
            SyncWorker.yieldToFrames()
            let outcome = SyncWorker.sync(storePath: storePath, account: account, fetcher: fetcher, images: images,
                                          icons: icons, at: now, isCancelled: { shared.cancelled.load(ordering: .relaxed) })
            shared.outcome.withLock { $0 = outcome }
            var one: UInt64 = 1
            _ = write(fd, &one, MemoryLayout<UInt64>.size)
        }
        thread = started
        return started != nil
    }

    /// The finished sync's outcome (nil while it runs); the thread is joined, so another may start.
    public func takeOutcome() -> Outcome? {
        var counter: UInt64 = 0
        _ = read(fileDescriptor, &counter, MemoryLayout<UInt64>.size)
        guard let outcome = shared.outcome.withLock({ value -> Outcome? in defer { value = nil }; return value }) else {
            return nil
        }
        thread?.join()
        thread = nil
        return outcome
    }

    /// Cancels a running sync (libcurl notices within a second) and waits for its thread.
    public func shutdown() {
        guard let thread else { return }
        shared.cancelled.store(true, ordering: .relaxed)
        thread.join()
        self.thread = nil
        _ = shared.outcome.withLock { $0 = nil }
    }

    /// Lowers the calling thread's priority (nice 10; on Linux a thread's nice value is its own): a sync's
    /// parsing and JSON decoding must give way to the loop's frames when the cores are busy.
    static func yieldToFrames() { _ = lectern_lower_thread_priority(10) }

    /// One sync on the calling thread, recorded in the store: how it went, and the failures in a row.
    public static func sync(storePath: String, account: SyncAccount, fetcher: FeedFetcher, images: ImageCache? = nil,
                            icons: FeedIcons? = nil, at now: Timestamp,
                            isCancelled: (@Sendable () -> Bool)? = nil,
                            progress: @escaping (String) -> Void = { _ in }) -> Outcome {
        let store: FeedStore
        do {
            store = try FeedStore(path: storePath)
        } catch {
            return .failure(SyncError(.store, "store not opened: \(error)"))
        }
        // One connection (and TLS session) for the hundreds of calls of a first sync, as for a refresh of many feeds.
        let fetcher = fetcher.connections == nil ? fetcher.sharing(SharedConnections()) : fetcher
        var engine = SyncEngine(account: account, fetcher: fetcher, isCancelled: isCancelled, images: images, icons: icons)
        engine.progress = progress
        let outcome: Outcome
        do {
            outcome = .success(try engine.run(store: store, now: now))
        } catch {
            outcome = .failure(error)
        }
        var record = (try? store.syncRecord()) ?? SyncRecord()
        record.lastAttempt = now
        switch outcome {
        case .success:
            record.lastSuccess = now
            record.lastError = nil
            record.consecutiveFailures = 0
        case .failure(let error):
            record.lastError = error.message
            record.consecutiveFailures += 1
        }
        try? store.recordSync(record)
        return outcome
    }
}
