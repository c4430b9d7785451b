#if canImport(Glibc)
import Glibc
#endif

/// Unbuffered writes: to stderr for the one-line errors the kiosk and its tools print, to stdout for live output.
public enum FileStream {
    public struct Handle: Sendable {
        public let fd: Int32
        public func write(_ text: String) {
            var bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
                if n <= 0 { return }
                offset += n
            }
        }
    }
    public static let standardError = Handle(fd: 2)
    /// For output someone waits on line by line (a test watching a file), where print's buffer would hold it.
    public static let standardOutput = Handle(fd: 1)
}
