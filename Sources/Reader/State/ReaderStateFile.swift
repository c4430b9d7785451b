#if canImport(Glibc)
import Glibc
#endif
import Platform

/// `reader.state` in the state directory: written whole through `AtomicFile` on every change, so a power cut
/// leaves the old state or the new one, read once at start.
public struct ReaderStateFile: Sendable {
    public static let name = "reader.state"
    public let path: String

    public init(directory: String) { path = directory + "/" + Self.name }

    /// What was saved; nil when nothing was. A file that cannot be read or used is no state either, and the
    /// reason comes back as `problem` for one log line: a bad file must never keep the panel from starting.
    public func load() -> (state: ReaderState?, problem: String?) {
        let bytes: [UInt8]
        do {
            bytes = try AtomicFile.read(path, limit: ReaderState.largestFile)
        } catch let error as SystemCallError where error.errno == ENOENT {
            return (nil, nil)
        } catch {
            return (nil, "ignoring the saved reader state: \(error)")
        }
        guard let state = ReaderState(decoding: bytes) else {
            return (nil, "ignoring the saved reader state: \(path) is not a state file this version knows")
        }
        return (state, nil)
    }

    public func save(_ state: ReaderState) throws {
        try AtomicFile.write(state.encoded, to: path)
    }
}
