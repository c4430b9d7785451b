import Platform
import Touch

/// A touch trace read from a file, for the commands that play one. A file that is no trace is one clear error
/// naming the file and the line.
public struct TraceFile {
    public let path: String
    public let trace: TouchTrace
    /// Bigger files are not read: an hour of ten fingers is far less.
    public static let largest = 16 << 20

    public init(reading path: String) throws {
        self.path = path
        do {
            trace = try TouchTrace(parsing: String(decoding: try AtomicFile.read(path, limit: Self.largest), as: UTF8.self))
        } catch let error as TouchTraceError {
            throw TraceFileError(description: "\(path): \(error)")
        }
    }
}

/// A trace file that is no trace, said in one line.
public struct TraceFileError: Error, CustomStringConvertible {
    public let description: String
}
