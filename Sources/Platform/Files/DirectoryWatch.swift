#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// A directory's files as another process finishes them: an inotify descriptor that wakes the kiosk's poll when
/// a file named in `names` is closed after writing or renamed into the directory (an atomic write's last step),
/// instead of the kiosk looking at the files on a timer. The fd belongs in the event loop; when it is readable,
/// `read()` drains it without blocking.
public final class DirectoryWatch {
    public let fd: Int32
    public let directory: String
    /// The file names that matter; others in the directory (a temporary `.partial`, a lock) are passed over.
    public let names: Set<String>

    public init(directory: String, names: Set<String>) throws {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw SystemCallError("open an inotify descriptor") }
        guard inotify_add_watch(fd, directory, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)) >= 0 else {
            let error = SystemCallError("watch \(directory) (inotify)")
            close(fd)
            throw error
        }
        self.fd = fd
        self.directory = directory
        self.names = names
    }

    deinit { close(fd) }

    /// What arrived since the last read: the names that changed, and whether the kernel's queue overflowed
    /// (then any of them may have, and all must be looked at again).
    public struct Batch: Equatable, Sendable {
        public var changed: Set<String> = []
        public var missedSome = false
    }

    public func read() -> Batch {
        var batch = Batch()
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return batch }
            Self.parse(buffer[..<n], into: &batch, names: names)
        }
    }

    /// The events in `bytes` (struct inotify_event, each followed by its NUL-padded name).
    static func parse(_ bytes: ArraySlice<UInt8>, into batch: inout Batch, names: Set<String>) {
        let header = MemoryLayout<inotify_event>.size
        var offset = bytes.startIndex
        while offset + header <= bytes.endIndex {
            let (mask, length) = bytes[offset..<(offset + header)].withUnsafeBytes { raw in
                (raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self), Int(raw.loadUnaligned(fromByteOffset: 12, as: UInt32.self)))
            }
            let nameStart = offset + header, nameEnd = min(bytes.endIndex, nameStart + length)
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { batch.missedSome = true }
            let name = String(decoding: bytes[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
            if names.contains(name) { batch.changed.insert(name) }
            offset = nameEnd
        }
    }
}
