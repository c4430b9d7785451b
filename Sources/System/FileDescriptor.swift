#if canImport(Glibc)
import Glibc
#endif

/// An open file, pipe or socket, with the loops every read(2) and write(2) needs: either may move fewer bytes than
/// asked, and a signal may interrupt either (EINTR), which is no failure. Who opens a descriptor closes it.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let standardOutput = FileDescriptor(rawValue: 1)
    public static let standardError = FileDescriptor(rawValue: 2)

    /// open(2), always close-on-exec; `permissions` are a new file's when `flags` hold O_CREAT.
    public static func open(_ path: String, _ flags: Int32, permissions: mode_t = 0o644)
        throws(Errno) -> FileDescriptor {
        let fd = Glibc.open(path, flags | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw .current }
        return FileDescriptor(rawValue: fd)
    }

    public func close() { Glibc.close(rawValue) }

    /// Reads until `buffer` is full or the file ends; returns how many bytes came.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        var done = 0
        while done < buffer.count {
            let n = Glibc.read(rawValue, buffer.baseAddress! + done, buffer.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw .current
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Reads to the end, refusing more than `limit` bytes (EFBIG) so that a wrong path cannot exhaust memory.
    public func readAll(limit: Int = 64 << 20) throws(Errno) -> [UInt8] {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { chunk.deallocate() }
        var bytes: [UInt8] = []
        while true {
            let n = try read(into: chunk)
            bytes.append(contentsOf: chunk[..<n])
            if bytes.count > limit { throw Errno(EFBIG) }
            if n < chunk.count { return bytes }
        }
    }

    /// Writes all of `bytes`: a full disk or a closed pipe throws.
    public func writeAll(_ bytes: [UInt8]) throws(Errno) {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(rawValue, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .current
            }
            guard n > 0 else { throw Errno(EIO) }
            written += n
        }
    }
}
