#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: what was tried, on what, and the errno it returned.
public struct SystemCallError: Error, CustomStringConvertible, Sendable {
    public let operation: String
    public let errno: Int32

    public init(_ operation: String, errno: Int32 = Glibc.errno) {
        self.operation = operation
        self.errno = errno
    }

    public var description: String { "\(operation): \(String(cString: strerror(errno)))" }
}
