#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: what was tried, on what, and the errno it returned.
public struct SystemCallError: Error, Equatable, CustomStringConvertible, Sendable {
    public let operation: String
    public let errno: Int32

    public init(_ operation: String, errno: Int32 = Glibc.errno) {
        self.operation = operation
        self.errno = errno
    }

    public init(_ operation: String, errno: Errno) { self.init(operation, errno: errno.rawValue) }

    public var description: String { "\(operation): \(Errno(errno))" }
}
