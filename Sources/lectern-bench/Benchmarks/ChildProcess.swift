#if canImport(Glibc)
import Reader
import Glibc
#endif

/// Runs another program and collects what it prints: how `lectern-bench feeds` times the reference parser in the same
/// run as Lectern's own.
enum ChildProcess {
    struct Output {
        var status: Int32
        var standardOutput: String
        /// User and system CPU time the program used, in nanoseconds.
        var cpuNanoseconds: UInt64
    }

    /// Runs `arguments[0]` (searched on PATH) with the rest as its arguments; stderr passes through unless
    /// `quiet` (a recovering parser's complaints about a broken fixture, a hundred times over, are noise).
    static func run(_ arguments: [String], quiet: Bool = false) throws -> Output {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw BenchFailure("cannot make a pipe for \(arguments[0]): errno \(errno)") }
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
        defer { close(pipeEnds[0]) }
        guard spawned == 0 else { throw BenchFailure("cannot start \(arguments[0]): errno \(spawned)") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count > 0 { bytes += chunk[0..<count] } else if count == 0 || errno != EINTR { break }
        }
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
