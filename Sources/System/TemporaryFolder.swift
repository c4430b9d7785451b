#if canImport(Glibc)
import Glibc
#endif

/// A new folder under /tmp for scratch files.
public enum TemporaryFolder {
    public static func make(prefix: String) throws(SystemCallError) -> String {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw SystemCallError("make a folder under /tmp")
        }
        return String(cString: made)
    }
}
