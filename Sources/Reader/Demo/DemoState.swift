/// Which demo was on show, kept across a restart so a crash or a power cut brings back the same one (the
/// reader keeps its own place in `ReaderPlace`).
/// The file is lines of `key=value` (today one key: `scene`), so a later version can add keys and an older one
/// can skip what it does not know.
public struct DemoState: Equatable, Sendable {
    /// The demo on show, one of `DemoCatalog.names`.
    public var scene: String

    public init(scene: String) { self.scene = scene }

    /// The longest file read back: a state file is a few dozen bytes, anything bigger is not ours.
    public static let largestFile = 4096

    public var encoded: [UInt8] { Array("scene=\(scene)\n".utf8) }

    /// The state in `bytes`, or nil when they are not a state file this version can use (no known scene,
    /// not UTF-8, too big).
    public init?(decoding bytes: [UInt8]) {
        guard bytes.count <= Self.largestFile, let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var scene: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let equals = line.firstIndex(of: "=") else { return nil }
            if line[..<equals] == "scene" { scene = String(line[line.index(after: equals)...]) }
        }
        guard let scene, DemoCatalog.names.contains(scene) else { return nil }
        self.scene = scene
    }
}
