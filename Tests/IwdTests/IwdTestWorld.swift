#if canImport(Glibc)
import Glibc
#endif
import Testing
import Platform
@testable import Iwd

/// A client and a fake iwd joined by a socketpair, both on one real EventLoop: the test drives the loop until
/// what it waits for has happened. The time limit only ends a test that is already failing; nothing waits for
/// time to pass.
final class IwdTestWorld {
    let loop: EventLoop
    let fake: FakeIwd
    let client: IwdClient
    var changes = 0

    init() throws {
        loop = try EventLoop()
        let fds = try Self.socketPair()
        fake = try FakeIwd(socket: fds[1], loop: loop)
        client = try IwdClient(connection: BusConnection.peer(socket: fds[0], server: false, loop: loop))
        client.onChange = { [unowned self] in self.changes += 1 }
    }

    /// Two connected stream sockets, as a bus daemon's socket would be for each end.
    static func socketPair() throws -> [Int32] {
        var fds: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        guard socketpair(AF_UNIX, type, 0, &fds) == 0 else { throw SystemCallError("socketpair") }
        return fds
    }

    /// Runs the loop until `condition` holds; records an issue (and returns false) if it never does.
    @discardableResult
    func run(until condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let limit = MonotonicClock.seconds() + 10
        while !condition() {
            guard MonotonicClock.seconds() < limit else {
                Issue.record("the awaited condition never held", sourceLocation: sourceLocation)
                return false
            }
            try loop.runOnce(maxWait: 1)
        }
        return true
    }

    /// Runs until discovery finished: objects read, agent registered, scan results in.
    func discovered() throws {
        try run { client.agentRegistered && client.networks.count == fake.ordered.count }
    }

    enum Outcome: Equatable { case ok, failed(IwdError), neverCompleted }

    /// Starts an operation and runs the loop until it completes.
    func outcome(_ start: (@escaping (IwdError?) -> Void) -> Void,
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> Outcome {
        guard let error = try complete(start, sourceLocation: sourceLocation) else { return .neverCompleted }
        return error.map(Outcome.failed) ?? .ok
    }

    /// Starts an operation and runs the loop until it completes; returns what it completed with.
    func complete<T>(_ start: (@escaping (T) -> Void) -> Void, sourceLocation: SourceLocation = #_sourceLocation) throws -> T? {
        var result: T?
        start { result = $0 }
        try run(until: { result != nil }, sourceLocation: sourceLocation)
        return result
    }
}
