#if canImport(Glibc)
import Glibc
#endif

/// A thread of the process's own, running one closure: the fetch and sync workers' (joined by whoever started
/// it), or a test server's connection (detached).
public struct WorkerThread: Sendable {
    private let handle: pthread_t

    /// Starts a joinable thread running `body`.
    public static func start(_ body: @escaping @Sendable () -> Void) throws(SystemCallError) -> WorkerThread {
        let start = Unmanaged.passRetained(ThreadStart(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, start)
        guard result == 0 else {
            Unmanaged<ThreadStart>.fromOpaque(start).release()
            throw SystemCallError("start a thread", errno: result)
        }
        return WorkerThread(handle: thread)
    }

    /// Waits for `body` to return.
    public func join() { pthread_join(handle, nil) }

    /// Lets the thread end on its own: nobody joins it.
    public func detach() { pthread_detach(handle) }
}

/// Holds a thread's body for the C entry point, which can capture nothing.
private final class ThreadStart {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
