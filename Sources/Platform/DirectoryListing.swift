#if canImport(Glibc)
import Glibc
#endif

/// The names in a folder, for tools that take a folder of files (benchmarks, imports).
public enum DirectoryListing {
    /// Regular files and links directly in `path`, unsorted, without `.` and `..`.
    public static func files(in path: String) throws -> [String] {
        guard let directory = opendir(path) else { throw SystemCallError("open folder \(path)") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let type = entry.pointee.d_type
            guard type == UInt8(DT_REG) || type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) else { continue }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
