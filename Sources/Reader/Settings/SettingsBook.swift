#if canImport(Glibc)
import Glibc
#endif
import Pairing
import Platform

/// The settings the panel and the phones share, in the state directory: `panel.conf` holds the keys a person
/// changed on the panel or from a phone (a phone's lines marked `# phone`), `kiosk.fixed` the keys the kiosk's
/// environment and flags set, which no phone may change. The kiosk and `lectern admin` both write `panel.conf`,
/// so each change reads, changes and writes it whole under one lock (`panel.conf.lock`, flock(2)); a rename
/// never shows half a file, so readers take no lock.
public struct SettingsBook: Sendable {
    public static let lockName = "panel.conf.lock"
    /// The keys a phone may change: what a person would, none of the display's or the store's (a wrong one there
    /// leaves the panel dark, and is fixed with the card in hand).
    public static let phoneKeys = ["theme", "text-size", "reading-distance", "idle-minutes", "card-seconds", "night",
                                   "dim-minutes", "wake-minutes", "samples", "refresh-minutes", "sync-minutes"]

    public let stateDirectory: String
    public let configFiles: [String]
    public let cardDirectory: String
    /// How long a change waits for the other process's lock, seconds: short on the kiosk's frame loop.
    public let lockWait: Double

    public init(stateDirectory: String, configFiles: [String], cardDirectory: String, lockWait: Double = 2) {
        self.stateDirectory = stateDirectory
        self.configFiles = configFiles
        self.cardDirectory = cardDirectory
        self.lockWait = lockWait
    }

    public var panelPath: String { stateDirectory + "/" + SharedState.panelSettingsName }
    public var fixedPath: String { stateDirectory + "/" + SharedState.fixedSettingsName }

    // MARK: Reading

    /// Every key in `ReaderSettings.keys` order, with the value the panel runs with and the source that gave it:
    /// the sources applied in turn as the kiosk applies them, a value a source cannot take left to the ones before.
    public func provenance() -> [(key: String, value: String, source: SettingSource)] {
        var settings = ReaderSettings()
        var sources: [String: SettingSource] = [:]
        for (lines, source) in layers() {
            for line in lines {
                do {
                    try settings.set(line.key, to: line.value)
                    sources[line.key] = source(line)
                } catch {
                    continue
                }
            }
        }
        return ReaderSettings.keys.map { ($0, settings.value(of: $0) ?? "", sources[$0] ?? .default) }
    }

    /// The keys the kiosk's environment or flags fixed, with which of the two.
    public func fixedKeys() -> [String: SettingSource] {
        var fixed: [String: SettingSource] = [:]
        for line in Self.read(fixedPath).lines { fixed[line.key] = line.mark == "flag" ? .flag : .environment }
        return fixed
    }

    /// The files in the order they apply, each line's source told by a function of the line.
    private func layers() -> [([SettingsFile.Line], (SettingsFile.Line) -> SettingSource)] {
        let card = cardDirectory + "/lectern.conf"
        var layers: [([SettingsFile.Line], (SettingsFile.Line) -> SettingSource)] = configFiles.map { path in
            let source: SettingSource = path == card ? .card : .file
            return (Self.read(path).lines, { _ in source })
        }
        layers.append((Self.read(panelPath).lines, { $0.mark == "phone" ? .phone : .panel }))
        layers.append((Self.read(fixedPath).lines, { $0.mark == "flag" ? .flag : .environment }))
        return layers
    }

    static func read(_ path: String) -> SettingsFile {
        guard let bytes = try? AtomicFile.read(path, limit: 1 << 20) else { return SettingsFile(lines: []) }
        return SettingsFile(text: String(decoding: bytes, as: UTF8.self))
    }

    // MARK: Writing

    /// Keys from a phone, all or none: each must be one a phone may change, not fixed by the kiosk's environment
    /// or flags, and a value the key takes; the first that is not is the error, naming the key and why.
    public func changeFromPhone(_ values: [(key: String, value: String)]) throws(SettingError) {
        let fixed = fixedKeys()
        var check = ReaderSettings()
        for (key, value) in values {
            guard Self.phoneKeys.contains(key) else {
                throw SettingError(key: key, value: value, expected: nil,
                                   reason: ReaderSettings.keys.contains(key) ? "is set on the panel's card, not from a phone" : nil)
            }
            if let source = fixed[key] {
                throw SettingError(key: key, value: value, expected: nil,
                                   reason: source == .flag ? "is fixed by the kiosk's --\(key) flag"
                                       : "is fixed by the kiosk's environment (\(ReaderConfiguration.environmentName(of: key)))")
            }
            try check.set(key, to: value)
        }
        do { try write(values, origin: .phone) } catch {
            throw SettingError(key: values.first?.key ?? "", value: "", expected: nil, reason: "was not saved: \(error)")
        }
    }

    /// Writes `values` into `panel.conf` as changed from `origin` (a phone's lines marked so), keeping every other
    /// key as it was. No key filter: the panel writes its own keys, the account route the sync keys. Each value
    /// must be one its key takes (the error says what it takes), so the file never holds what the panel refuses.
    public func write(_ values: [(key: String, value: String)], origin: SettingSource) throws {
        var check = ReaderSettings()
        for (key, value) in values {
            guard Self.fitsOneLine(value) else {
                throw SettingError(key: key, value: value, expected: ReaderSettings.keys.contains(key) ? "one line without #" : nil)
            }
            try check.set(key, to: value)
        }
        try locked {
            var file = Self.read(panelPath)
            for (key, value) in values {
                file.set(key, value[...].trimmingCharacters(from: ReaderConfiguration.spaces), mark: origin == .phone ? "phone" : nil)
            }
            try AtomicFile.write(Array(file.text(heading: Self.panelHeading).utf8), to: panelPath)
        }
    }

    static let panelHeading = "Changed on the panel or from a phone (marked); lectern rewrites this file. "
        + "Settings here win over the configuration files."

    /// What the kiosk was started with that no phone may change: `LECTERN_<KEY>` variables, then `--<key>` flags.
    public func writeFixed(environment: [String: String], flags: [(key: String, value: String)]) throws {
        var file = SettingsFile(lines: [])
        for (key, value) in ReaderConfiguration.environmentSource(environment).values where Self.fitsOneLine(value) {
            file.set(key, value, mark: "environment")
        }
        for (key, value) in flags where ReaderSettings.keys.contains(key) && Self.fitsOneLine(value) {
            file.set(key, value, mark: "flag")
        }
        try AtomicFile.write(Array(file.text(heading: "Fixed by the kiosk's environment and flags for this run; lectern rewrites this file.").utf8),
                             to: fixedPath, durable: false)
    }

    static func fitsOneLine(_ value: String) -> Bool {
        !value.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "#" }
    }

    /// Runs `body` holding `panel.conf.lock`, which the other process waits for (the kiosk briefly: see
    /// `FileLock`).
    private func locked<T>(_ body: () throws -> T) throws -> T {
        try FileLock.holding(stateDirectory + "/" + Self.lockName, waitingAtMost: lockWait, body)
    }
}
