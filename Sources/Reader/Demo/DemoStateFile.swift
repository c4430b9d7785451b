#if canImport(Glibc)
import Glibc
#endif
import Platform

/// `reader.state` in the state directory: written whole through `AtomicFile` on every change, so a power cut
/// leaves the old state or the new one, read once at start.
public struct DemoStateFile: Sendable {
    public static let name = "reader.state"
    public let path: String

    public init(directory: String) { path = directory + "/" + Self.name }

    /// What was saved; nil when nothing was. A file that cannot be read or used is no state either, and the
    /// reason comes back as `problem` for one log line: a bad file must never keep the panel from starting.
    public func load() -> (state: DemoState?, problem: String?) {
        let bytes: [UInt8]
        do {
            bytes = try AtomicFile.read(path, limit: DemoState.largestFile)
        } catch where error.errno == ENOENT {
            return (nil, nil)
        } catch {
            return (nil, "ignoring the saved demo state: \(error)")
        }
        guard let state = DemoState(decoding: bytes) else {
            return (nil, "ignoring the saved demo state: \(path) is not a state file this version knows")
        }
        return (state, nil)
    }

    public func save(_ state: DemoState) throws {
        try AtomicFile.write(state.encoded, to: path)
    }

    /// The demo to show first and how it was chosen.
    public struct Start: Equatable, Sendable {
        public var scene: String
        /// Whether it came from the file (worth a line in the log).
        public var restored: Bool
        /// Why the file was not used or not updated, one log line each.
        public var problems: [String]
    }

    /// `requested` (a `--scene`) wins and is remembered from now on, like a demo chosen by tap; else what was
    /// saved; else the first demo.
    public func start(requested: String?) -> Start {
        let (saved, problem) = load()
        if let requested {
            var problems: [String] = []
            if saved?.scene != requested {
                do { try save(DemoState(scene: requested)) } catch { problems.append("demo state not saved: \(error)") }
            }
            return Start(scene: requested, restored: false, problems: problems)
        }
        guard let saved else { return Start(scene: DemoCatalog.names[0], restored: false, problems: problem.map { [$0] } ?? []) }
        return Start(scene: saved.scene, restored: true, problems: [])
    }
}
