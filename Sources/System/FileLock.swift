#if canImport(Glibc)
import Glibc
#endif

/// An advisory lock (flock(2)) on a file beside what two processes change, held while one of them reads,
/// changes and rewrites it. The wait is bounded: the kiosk takes these locks on its frame loop, and the other
/// process may be stopped or hung while it holds one; the panel then says the change failed rather than freeze.
public enum FileLock {
    /// Runs `body` holding the lock on `path` (made if missing), waiting at most `seconds` for it.
    public static func holding<T>(_ path: String, waitingAtMost seconds: Double, _ body: () throws -> T) throws -> T {
        // Read-only is enough for flock(2), so a lock file made by another user still locks.
        let fd = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SystemCallError("open \(path)") }
        defer { close(fd) }
        var waited = 0.0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { throw SystemCallError("lock \(path)") }
            guard waited < seconds else { throw SystemCallError("lock \(path) (held by another process)", errno: EWOULDBLOCK) }
            // Whoever holds it writes one small file: a few milliseconds.
            usleep(5_000)
            waited += 0.005
        }
        return try body()
    }
}
