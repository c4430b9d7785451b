/// Unbuffered writes: to stderr for the one-line errors the kiosk and its tools print, to stdout for live output.
public enum FileStream {
    public struct Handle: Sendable {
        public let fd: Int32
        /// Writes all of `text`; a stream that is gone (a closed pipe) takes nothing more, and nobody is told.
        public func write(_ text: String) { try? FileDescriptor(rawValue: fd).writeAll(Array(text.utf8)) }
    }
    public static let standardError = Handle(fd: 2)
    /// For output someone waits on line by line (a test watching a file), where print's buffer would hold it.
    public static let standardOutput = Handle(fd: 1)
}
