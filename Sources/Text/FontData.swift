import System
#if canImport(Glibc)
import Glibc
#endif

/// A font file's bytes, read once and shared by every size of every face in it (FreeType and HarfBuzz both
/// read from this memory). The only place Text touches the file system.
final class FontData {
    let bytes: UnsafeMutableRawBufferPointer

    init(path: String, limit: Int = 64 << 20) throws {
        let file: FileDescriptor
        do { file = try .open(path, O_RDONLY) } catch { throw FontError("cannot open font \(path): \(error)") }
        defer { file.close() }
        var info = stat()
        guard fstat(file.rawValue, &info) == 0 else { throw FontError("cannot stat font \(path)") }
        let size = Int(info.st_size)
        guard size > 0, size <= limit else { throw FontError("font \(path) has unusable size \(size)") }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        guard (try? file.read(into: buffer)) == size else {
            buffer.deallocate()
            throw FontError("cannot read font \(path)")
        }
        bytes = buffer
    }

    deinit { bytes.deallocate() }
}
