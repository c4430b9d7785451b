#if canImport(Glibc)
import Glibc
#endif

/// A font file's bytes, read once and shared by every size of every face in it (FreeType and HarfBuzz both
/// read from this memory). The only place Text touches the file system.
final class FontData {
    let bytes: UnsafeMutableRawBufferPointer

    init(path: String, limit: Int = 64 << 20) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FontError("cannot open font \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FontError("cannot stat font \(path)") }
        let size = Int(info.st_size)
        guard size > 0, size <= limit else { throw FontError("font \(path) has unusable size \(size)") }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        var done = 0
        while done < size {
            let n = Glibc.read(fd, buffer.baseAddress! + done, size - done)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                buffer.deallocate()
                throw FontError("cannot read font \(path)")
            }
            done += n
        }
        bytes = buffer
    }

    deinit { bytes.deallocate() }
}
