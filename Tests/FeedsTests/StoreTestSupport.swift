#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under /tmp, removed with everything in it when the test is done with it.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/lectern-feeds-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
    }

    deinit {
        chmod(path, 0o755)
        remove(path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Removes `path` and what it holds (no symlinks are followed: they are unlinked like files).
    private func remove(_ path: String) {
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name == "." || name == ".." { continue }
                let child = path + "/" + name
                if entry.pointee.d_type == UInt8(DT_DIR) { remove(child) } else { unlink(child) }
            }
            closedir(directory)
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
