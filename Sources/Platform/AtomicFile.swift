#if canImport(Glibc)
import Glibc
#endif

/// Writes and reads whole files so that a power cut leaves either the old file or the new one, never half.
public enum AtomicFile {
    /// Whether something is at `path` (a file the caller may then read; a race only makes that read fail).
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Writes `bytes` to a temporary file beside `path`, flushes it to disk, renames it over `path`, then flushes
    /// the directory: until the directory's entry is on disk, a power cut may bring back the old name.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let temporary = path + ".partial"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SystemCallError("create \(temporary)") }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let error = SystemCallError("write \(temporary)")
                close(fd)
                unlink(temporary)
                throw error
            }
            written += n
        }
        if fsync(fd) != 0 {
            let error = SystemCallError("flush \(temporary)")
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let error = SystemCallError("rename \(temporary) to \(path)")
            unlink(temporary)
            throw error
        }
        try flushDirectory(of: path)
    }

    /// fsync on the directory holding `path`, so a rename in it survives a power cut.
    /// Flushes the directory holding `path`, so that a rename or removal there survives a power cut.
    public static func flushDirectory(of path: String) throws {
        let directory: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            directory = "."
        }
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemCallError("open directory \(directory)") }
        defer { close(fd) }
        // Some file systems cannot flush a directory (EINVAL); the rename stands, there is nothing more to do.
        if fsync(fd) != 0 && errno != EINVAL { throw SystemCallError("flush directory \(directory)") }
    }

    /// Reads a whole file, refusing anything over `limit` bytes so a wrong path cannot exhaust memory.
    public static func read(_ path: String, limit: Int = 64 << 20) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemCallError("open \(path)") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemCallError("read \(path)")
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { throw SystemCallError("read \(path) (larger than \(limit) bytes)", errno: EFBIG) }
        }
    }

    /// Creates `path` and its parents as needed (like `mkdir -p`).
    public static func makeDirectory(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST { throw SystemCallError("create directory \(prefix)") }
            prefix += "/"
        }
    }
}
