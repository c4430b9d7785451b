/// A desktop window that could not be had: what was tried and why not, in SDL's words (or dlopen's).
public struct WindowError: Error, CustomStringConvertible, Sendable {
    /// What was tried: "open libSDL2-2.0.so.0", "start SDL's video".
    public let operation: String
    public let reason: String

    public init(_ operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    public var description: String { reason.isEmpty ? operation : "\(operation): \(reason)" }
}
