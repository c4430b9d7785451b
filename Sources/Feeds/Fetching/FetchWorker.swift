import CCurl
import CLinux
import System
#if canImport(Glibc)
import Glibc
#endif

/// Runs fetches off the frame path: one background thread takes jobs in order, fetches, runs the job's own
/// processing (parsing, say) there too, and hands the outputs to the loop thread through an eventfd.
///
/// The loop watches `fileDescriptor` for POLLIN (Platform's `EventLoop.watch`) and calls `takeResults()` when it
/// is readable. The worker sleeps on a condition variable while there is nothing to do. The owning thread (the
/// loop's) makes, feeds, drains and shuts down the worker; the class is deliberately not Sendable.
public final class FetchWorker<Output: Sendable> {
    public struct JobID: Hashable, Sendable {
        public let value: UInt64
    }

    /// Turns a fetch's result into what the loop wants; runs on the worker thread.
    public typealias Process = @Sendable (FetchRequest, Result<FetchResponse, FetchError>) -> Output

    public struct Completion: Sendable {
        public let id: JobID
        public let request: FetchRequest
        public let output: Output
    }

    /// Readable when results wait in `takeResults()`. Valid until `shutdown()`; unwatch it before that.
    public let fileDescriptor: Int32
    private let shared: WorkerState<Output>
    private let thread: WorkerThread
    private var isShutDown = false

    public init(fetcher: FeedFetcher) throws(SystemCallError) {
        let fd = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard fd >= 0 else { throw SystemCallError("eventfd") }
        let shared = WorkerState<Output>(fetcher: fetcher, eventFD: fd)
        let thread: WorkerThread
        do { thread = try WorkerThread.start { shared.run() } } catch {
            close(fd)
            throw error
        }
        self.fileDescriptor = fd
        self.shared = shared
        self.thread = thread
    }

    deinit { shutdown() }

    /// Queues a fetch; `process` runs on the worker with its result, and its output comes back in a Completion.
    @discardableResult
    public func submit(_ request: FetchRequest, process: @escaping Process) -> JobID {
        precondition(!isShutDown, "submit after shutdown")
        return shared.submit(request, process: process)
    }

    /// Drops a queued job, aborts the one running (within about a second: libcurl asks between reads and at
    /// least once a second while it waits), or takes back a finished one not yet taken. A cancelled job delivers
    /// no Completion (so a wake-up may find `takeResults()` empty).
    public func cancel(_ id: JobID) { shared.cancel(id) }

    /// Jobs submitted and not yet delivered or cancelled (queued, running, or done and waiting to be taken).
    public var pendingCount: Int { shared.pendingCount }

    /// The outputs finished since the last call, in the order the jobs ran. Call on the loop thread when
    /// `fileDescriptor` is readable (calling at other times is harmless).
    public func takeResults() -> [Completion] {
        var counter: UInt64 = 0
        // Reset the eventfd before taking: a result added after this read writes it again, so none is missed.
        _ = read(fileDescriptor, &counter, MemoryLayout<UInt64>.size)
        return shared.takeResults()
    }

    /// Cancels everything, joins the thread and closes the eventfd. Idempotent; `deinit` calls it too. A running
    /// transfer is aborted; a running `process` closure is waited for (keep them short: they hold up the join).
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        shared.stop()
        thread.join()
        close(fileDescriptor)
    }
}

/// What the loop thread and the worker thread share. @unchecked Sendable because the compiler cannot see the
/// locking: every mutable field is read and written only between `pthread_mutex_lock` and `_unlock` on `mutex`
/// (the `locked` helper), and `fetcher` and `eventFD` never change. (Synchronization's Mutex has no condition
/// variable, and the idle worker must sleep on one, so this is a pthread mutex and condition.)
private final class WorkerState<Output: Sendable>: @unchecked Sendable {
    struct Job {
        let id: FetchWorker<Output>.JobID
        let request: FetchRequest
        let process: FetchWorker<Output>.Process
    }

    let fetcher: FeedFetcher
    let eventFD: Int32
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`:
    private var queue: [Job] = []
    private var queueStart = 0
    private var results: [FetchWorker<Output>.Completion] = []
    private var running: FetchWorker<Output>.JobID?
    private var runningCancelled = false
    private var stopping = false
    private var nextID: UInt64 = 0

    init(fetcher: FeedFetcher, eventFD: Int32) {
        self.fetcher = fetcher
        self.eventFD = eventFD
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    func submit(_ request: FetchRequest, process: @escaping FetchWorker<Output>.Process) -> FetchWorker<Output>.JobID {
        locked {
            nextID += 1
            let id = FetchWorker<Output>.JobID(value: nextID)
            queue.append(Job(id: id, request: request, process: process))
            pthread_cond_signal(condition)
            return id
        }
    }

    func cancel(_ id: FetchWorker<Output>.JobID) {
        locked {
            if running == id { runningCancelled = true }
            if let index = queue[queueStart...].firstIndex(where: { $0.id == id }) { queue.remove(at: index) }
            results.removeAll { $0.id == id }
        }
    }

    var pendingCount: Int {
        locked { queue.count - queueStart + (running == nil ? 0 : 1) + results.count }
    }

    func takeResults() -> [FetchWorker<Output>.Completion] {
        locked {
            defer { results = [] }
            return results
        }
    }

    func stop() {
        locked {
            stopping = true
            runningCancelled = true
            queue = []
            queueStart = 0
            pthread_cond_broadcast(condition)
        }
    }

    private func isCancelled(_ id: FetchWorker<Output>.JobID) -> Bool {
        locked { stopping || (running == id && runningCancelled) }
    }

    /// The worker thread's body: sleep until there is a job or a stop, run jobs one at a time.
    func run() {
        while let job = nextJob() {
            let result: Result<FetchResponse, FetchError>
            do {
                result = .success(try fetcher.fetch(job.request, isCancelled: { [self] in isCancelled(job.id) }))
            } catch {
                result = .failure(error)
            }
            let output = isCancelled(job.id) ? nil : job.process(job.request, result)
            let delivered: Bool = locked {
                running = nil
                guard let output, !runningCancelled, !stopping else { return false }
                results.append(FetchWorker<Output>.Completion(id: job.id, request: job.request, output: output))
                return true
            }
            if delivered {
                var one: UInt64 = 1
                _ = write(eventFD, &one, MemoryLayout<UInt64>.size)
            }
        }
    }

    private func nextJob() -> Job? {
        locked {
            while queueStart == queue.count, !stopping { pthread_cond_wait(condition, mutex) }
            guard !stopping else { return nil }
            let job = queue[queueStart]
            queueStart += 1
            if queueStart == queue.count {
                queue = []
                queueStart = 0
            }
            running = job.id
            runningCancelled = false
            return job
        }
    }
}
