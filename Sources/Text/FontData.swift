import System
#if canImport(Glibc)
import Glibc
#endif

/// A font file's bytes, shared by every size of every face in it (FreeType and HarfBuzz both read from this
/// memory). The only place Text touches the file system.
///
/// Mapped rather than read: a fallback face's pages come in only as FreeType and HarfBuzz touch them, so Noto
/// Color Emoji (11 MB of pictures) or WenQuanYi (5 MB) cost resident memory for the tables and glyphs drawn,
/// not for their whole size, though every fallback is opened with the first paragraph. Fonts are read-only
/// system files (a package upgrade replaces a file by renaming a new one over it, leaving the mapped one whole).
/// Read into memory when mapping fails.
final class FontData {
    let bytes: UnsafeRawBufferPointer
    private let isMapped: Bool

    init(path: String, limit: Int = 64 << 20) throws {
        let file: FileDescriptor
        do { file = try .open(path, O_RDONLY) } catch { throw FontError("cannot open font \(path): \(error)") }
        defer { file.close() }
        var info = stat()
        guard fstat(file.rawValue, &info) == 0 else { throw FontError("cannot stat font \(path)") }
        let size = Int(info.st_size)
        guard size > 0, size <= limit else { throw FontError("font \(path) has unusable size \(size)") }
        if let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, file.rawValue, 0),
           mapping != UnsafeMutableRawPointer(bitPattern: -1) {
            bytes = UnsafeRawBufferPointer(start: mapping, count: size)
            isMapped = true
            return
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        guard (try? file.read(into: buffer)) == size else {
            buffer.deallocate()
            throw FontError("cannot read font \(path)")
        }
        bytes = UnsafeRawBufferPointer(buffer)
        isMapped = false
    }

    deinit {
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        } else {
            bytes.deallocate()
        }
    }
}
