#if canImport(Glibc)
import LoopbackServer
import Glibc
#endif
import Testing
import System
@testable import Feeds

/// The worker as the panel's loop uses it: jobs in, poll(2) on the eventfd, results out on the polling thread.
@Suite struct FetchWorkerTests {
    struct Summary: Sendable, Equatable {
        var status: Int?
        var error: FetchError.Kind?
        var bodyBytes: Int
        var thread: pthread_t
    }

    static let process: FetchWorker<Summary>.Process = { _, result in
        switch result {
        case .success(let response):
            Summary(status: response.status, error: nil, bodyBytes: response.body.count, thread: pthread_self())
        case .failure(let error):
            Summary(status: nil, error: error.kind, bodyBytes: 0, thread: pthread_self())
        }
    }

    static func fetcher(totalTimeout: Double = 5) -> FeedFetcher {
        var configuration = FeedFetcher.Configuration()
        configuration.connectTimeout = 2
        configuration.totalTimeout = totalTimeout
        return FeedFetcher(userAgent: FeedFetcher.userAgent(version: "0.1.0-test"), configuration: configuration)
    }

    /// What the event loop does: sleep in poll(2) on the worker's fd, drain when readable.
    func collect<Output>(_ worker: FetchWorker<Output>, count: Int, within seconds: Double = 5)
        -> [FetchWorker<Output>.Completion] {
        var completions: [FetchWorker<Output>.Completion] = []
        let deadline = MonotonicClock.seconds() + seconds
        while completions.count < count, MonotonicClock.seconds() < deadline {
            var watched = pollfd(fd: worker.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&watched, 1, Int32((deadline - MonotonicClock.seconds()) * 1000) + 1) >= 0 else { break }
            if watched.revents & Int16(POLLIN) != 0 {
                let taken = worker.takeResults()
                #expect(!taken.isEmpty, "a readable eventfd means results are waiting")
                completions += taken
            }
        }
        return completions
    }

    func isReadable(_ fd: Int32) -> Bool {
        var watched = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 0) == 1
    }

    @Test func fetchesAndProcessesOnOneBackgroundThreadAndWakesThePoller() throws {
        let server = try LoopbackHTTPServer(routes: [
            "/a": { _ in .http(status: 200, body: Array("alpha".utf8)) },
            "/b": { _ in .http(status: 200, headers: [("Content-Encoding", "gzip")], body: StoredDeflate.gzip(Array("beta!!".utf8))) },
            "/gone": { _ in .http(status: 410) },
        ])
        defer { server.stop() }
        let worker = try FetchWorker<Summary>(fetcher: Self.fetcher())
        defer { worker.shutdown() }
        #expect(!isReadable(worker.fileDescriptor))
        let refused = try BoundSocket()
        defer { refused.close() }
        let ids = ["/a", "/b", "/gone"].map { worker.submit(FetchRequest(url: server.url($0)), process: Self.process) }
            + [worker.submit(FetchRequest(url: "http://127.0.0.1:\(refused.port)/"), process: Self.process)]
        let completions = collect(worker, count: 4)
        #expect(completions.map(\.id) == ids, "jobs finish in the order they were submitted")
        #expect(completions.map(\.output.status) == [200, 200, 410, nil])
        #expect(completions.map(\.output.bodyBytes) == [5, 6, 0, 0])
        #expect(completions.last?.output.error == .connectionFailed)
        #expect(completions.map(\.request.url).first == server.url("/a"))
        let threads = Set(completions.map(\.output.thread))
        #expect(threads.count == 1, "one worker thread")
        #expect(!threads.contains(pthread_self()), "processing ran off the polling thread")
        #expect(!isReadable(worker.fileDescriptor), "drained: the fd is quiet again")
        #expect(worker.pendingCount == 0)
        #expect(worker.takeResults().isEmpty)
    }

    @Test func cancellingDropsQueuedJobsAndAbortsTheRunningOne() throws {
        let server = try LoopbackHTTPServer(routes: [
            "/slow": { _ in .slow(delay: 4, body: Array("late".utf8)) },
            "/queued": { _ in .http(status: 200) },
            "/after": { _ in .http(status: 200) },
        ])
        defer { server.stop() }
        let worker = try FetchWorker<Summary>(fetcher: Self.fetcher(totalTimeout: 10))
        defer { worker.shutdown() }
        let slow = worker.submit(FetchRequest(url: server.url("/slow")), process: Self.process)
        let queued = worker.submit(FetchRequest(url: server.url("/queued")), process: Self.process)
        // Wait for the slow request to reach the server, so it is the running job.
        let start = MonotonicClock.seconds()
        while server.requests(to: "/slow").isEmpty, MonotonicClock.seconds() - start < 3 { usleep(5_000) }
        worker.cancel(queued)
        worker.cancel(slow)
        let after = worker.submit(FetchRequest(url: server.url("/after")), process: Self.process)
        let completions = collect(worker, count: 1)
        #expect(completions.map(\.id) == [after])
        #expect(MonotonicClock.seconds() - start < 2.5, "the stalled transfer was aborted, not waited out")
        #expect(server.requests(to: "/queued").isEmpty)
        #expect(worker.pendingCount == 0)
    }

    @Test func aFinishedJobCancelledBeforeItIsTakenIsNotDelivered() throws {
        let server = try LoopbackHTTPServer(routes: ["/a": { _ in .http(status: 200) }])
        defer { server.stop() }
        let worker = try FetchWorker<Summary>(fetcher: Self.fetcher())
        defer { worker.shutdown() }
        let id = worker.submit(FetchRequest(url: server.url("/a")), process: Self.process)
        var watched = pollfd(fd: worker.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&watched, 1, 5_000) == 1)
        #expect(worker.pendingCount == 1)
        worker.cancel(id)
        #expect(worker.pendingCount == 0)
        #expect(worker.takeResults().isEmpty)
        #expect(!isReadable(worker.fileDescriptor))
    }

    @Test func shutdownJoinsPromptlyWithAJobInFlight() throws {
        let server = try LoopbackHTTPServer(routes: ["/slow": { _ in .slow(delay: 4, body: Array("late".utf8)) }])
        defer { server.stop() }
        let worker = try FetchWorker<Summary>(fetcher: Self.fetcher(totalTimeout: 10))
        for _ in 0..<3 { worker.submit(FetchRequest(url: server.url("/slow")), process: Self.process) }
        let start = MonotonicClock.seconds()
        while server.requests(to: "/slow").isEmpty, MonotonicClock.seconds() - start < 3 { usleep(5_000) }
        let stopping = MonotonicClock.seconds()
        worker.shutdown()
        #expect(MonotonicClock.seconds() - stopping < 2, "shutdown aborted the transfer instead of waiting it out")
        #expect(server.requests(to: "/slow").count == 1, "queued jobs never ran")
        worker.shutdown()  // idempotent
    }

    @Test func anIdleWorkerShutsDownAtOnce() throws {
        let worker = try FetchWorker<Int>(fetcher: Self.fetcher())
        usleep(50_000)
        #expect(!isReadable(worker.fileDescriptor))
        let start = MonotonicClock.seconds()
        worker.shutdown()
        #expect(MonotonicClock.seconds() - start < 0.5)
    }
}
