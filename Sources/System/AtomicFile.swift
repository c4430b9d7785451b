#if canImport(Glibc)
import Glibc
#endif

/// Writes and reads whole files so that a power cut leaves either the old file or the new one, never half.
public enum AtomicFile {
    /// Whether something is at `path` (a file the caller may then read; a race only makes that read fail).
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Writes `bytes` to a temporary file beside `path`, flushes it to disk, renames it over `path`, then flushes
    /// the directory: until the directory's entry is on disk, a power cut may bring back the old name. Not
    /// `durable`, the flushes are left out (a cache, spared the SD card): a reader still sees the old file or the
    /// new, never half of one, but a power cut may lose the write or leave the file torn.
    /// `permissions` are the file's from its first byte (a secret is never readable by others, whatever the umask).
    public static func write(_ bytes: [UInt8], to path: String, durable: Bool = true,
                             permissions: mode_t = 0o644) throws(SystemCallError) {
        let temporary = path + ".partial"
        unlink(temporary)
        let file: FileDescriptor
        do { file = try .open(temporary, O_WRONLY | O_CREAT | O_EXCL, permissions: permissions) } catch {
            throw SystemCallError("create \(temporary)", errno: error)
        }
        func abandon(_ operation: String, _ error: Errno) -> SystemCallError {
            file.close()
            unlink(temporary)
            return SystemCallError(operation, errno: error)
        }
        do { try file.writeAll(bytes) } catch { throw abandon("write \(temporary)", error) }
        if durable && fsync(file.rawValue) != 0 { throw abandon("flush \(temporary)", .current) }
        file.close()
        guard rename(temporary, path) == 0 else {
            let error = SystemCallError("rename \(temporary) to \(path)")
            unlink(temporary)
            throw error
        }
        if durable { try flushDirectory(of: path) }
    }

    /// Flushes the directory holding `path`, so that a rename or removal there survives a power cut.
    public static func flushDirectory(of path: String) throws(SystemCallError) {
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
    public static func read(_ path: String, limit: Int = 64 << 20) throws(SystemCallError) -> [UInt8] {
        let file: FileDescriptor
        do { file = try .open(path, O_RDONLY) } catch { throw SystemCallError("open \(path)", errno: error) }
        defer { file.close() }
        do { return try file.readAll(limit: limit) } catch {
            let tooLarge = error.rawValue == EFBIG ? " (larger than \(limit) bytes)" : ""
            throw SystemCallError("read \(path)" + tooLarge, errno: error)
        }
    }

    /// Creates `path` and its parents as needed (like `mkdir -p`).
    public static func makeDirectory(_ path: String) throws(SystemCallError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST { throw SystemCallError("create directory \(prefix)") }
            prefix += "/"
        }
    }
}
