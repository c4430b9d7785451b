#if canImport(Glibc)
import Glibc
#endif

/// The names in a folder, for tools that take a folder of files (benchmarks, imports).
public enum DirectoryListing {
    /// Regular files and links directly in `path`, unsorted, without `.` and `..`.
    public static func files(in path: String) throws -> [String] {
        try names(in: path) { $0 == UInt8(DT_REG) || $0 == UInt8(DT_LNK) || $0 == UInt8(DT_UNKNOWN) }
    }

    /// Everything directly in `path` (files, folders, links), unsorted, without `.` and `..`: sysfs classes
    /// list their devices as links to folders.
    public static func entries(in path: String) throws -> [String] {
        try names(in: path) { _ in true }
    }

    private static func names(in path: String, of type: (UInt8) -> Bool) throws -> [String] {
        guard let directory = opendir(path) else { throw SystemCallError("open folder \(path)") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            guard type(entry.pointee.d_type) else { continue }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
