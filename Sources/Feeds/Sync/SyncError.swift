/// Why a sync stopped, in one line for the feeds screen, the log and `lectern sync`'s stderr. Never holds the
/// password: messages are built from the account's address and the server's status alone.
public struct SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The account is not set up right (a missing or unreadable password file, a bad URL).
        case configuration
        /// The server refused the credentials (Fever's `auth: 0`, Google Reader's 401 or 403).
        case authentication
        /// The server answered with an HTTP error status.
        case status(Int)
        /// No answer: refused, timed out, cut off.
        case unreachable
        /// An answer that is not what the API promises (not JSON, missing fields).
        case malformed
        /// The store could not be read or written.
        case store
        /// Stopped on purpose (the panel shutting down).
        case cancelled
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
