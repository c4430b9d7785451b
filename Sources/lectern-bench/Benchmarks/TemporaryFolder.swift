#if canImport(Glibc)
import Reader
import Glibc
#endif

/// A new folder under /tmp for scratch files.
public enum TemporaryFolder {
    public static func make(prefix: String) throws -> String {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw BenchFailure("cannot make a folder under /tmp: errno \(errno)")
        }
        return String(cString: made)
    }
}
