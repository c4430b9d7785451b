#if canImport(Glibc)
import Glibc
#endif

/// The error number a failed system call left (errno), said as strerror says it: "No such file or directory".
public struct Errno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's errno now: read it right after the call that failed, before any other call.
    public static var current: Errno { Errno(Glibc.errno) }

    public var description: String { String(cString: strerror(rawValue)) }
}
