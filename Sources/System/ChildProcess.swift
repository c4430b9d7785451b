#if canImport(Glibc)
import Glibc
#endif

/// Runs another program and collects what it prints: how `lectern-bench feeds` times the reference parser in the same
/// run as Lectern's own.
public enum ChildProcess {
    public struct Output: Sendable {
        public var status: Int32
        public var standardOutput: String
        /// User and system CPU time the program used, in nanoseconds.
        public var cpuNanoseconds: UInt64
    }

    /// Runs `arguments[0]` (searched on PATH) with the rest as its arguments; stderr passes through unless
    /// `quiet` (a recovering parser's complaints about a broken fixture, a hundred times over, are noise).
    public static func run(_ arguments: [String], quiet: Bool = false) throws(SystemCallError) -> Output {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw SystemCallError("make a pipe for \(arguments[0])") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        if quiet { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
        close(pipeEnds[1])
        let output = FileDescriptor(rawValue: pipeEnds[0])
        defer { output.close() }
        guard spawned == 0 else { throw SystemCallError("start \(arguments[0])", errno: spawned) }
        // A pipe's read fails only when a signal interrupts it, which readAll retries; the status tells the rest.
        let bytes = (try? output.readAll(limit: .max)) ?? []
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exited = (status & 0x7f) == 0
        func nanoseconds(_ time: timeval) -> UInt64 { UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_usec) * 1_000 }
        return Output(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f),
                      standardOutput: String(decoding: bytes, as: UTF8.self),
                      cpuNanoseconds: nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime))
    }
}
