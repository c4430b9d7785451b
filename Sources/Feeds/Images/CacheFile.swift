#if canImport(Glibc)
import Glibc
#endif

/// The files of the picture and icon caches: read whole up to a cap, and written beside then renamed into
/// place, so a reader sees the old file or the new, never half of one. Not fsynced: a cache, spared the SD card.
enum CacheFile {
    /// The file's bytes, or nil when it is missing, unreadable or larger than `limit`.
    static func read(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while result.count <= limit {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            result += chunk[..<n]
        }
        return result.count <= limit ? result : nil
    }

    static func write(_ bytes: [UInt8], to final: String) throws(ImageCacheError) {
        let partial = final + ".partial"
        let fd = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ImageCacheError("create \(partial)") }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                let error = ImageCacheError("write \(partial)")
                close(fd)
                unlink(partial)
                throw error
            }
            written += n
        }
        close(fd)
        guard rename(partial, final) == 0 else {
            let error = ImageCacheError("rename \(partial)")
            unlink(partial)
            throw error
        }
    }
}
