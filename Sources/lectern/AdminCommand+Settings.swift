import Admin
import CommandLineSupport
import Feeds
import Pairing
import Reader

/// The panel's settings as `lectern admin` shows and changes them: the same sources the kiosk reads, in its
/// order (defaults, the image's file, the card's, the panel's `panel.conf`, the environment, the flags), each
/// key said with the source that set it last. A phone's change goes into `panel.conf`, where the panel's own
/// changes go, marked `# phone` so its source shows. A stand-in until the kiosk's settings book takes this over.
final class PanelSettings: AdminSettings {
    /// The configuration files in order, each with the source it counts as.
    let files: [(path: String, source: AdminSetting.Source)]
    let stateDirectory: String
    let environment: [String: String]
    /// Keys no phone sets: where the store and an OPML file live are the owner's, from the card or the image.
    static let ownerKeys: Set<String> = ["store", "opml"]

    init(files: [(path: String, source: AdminSetting.Source)], stateDirectory: String, environment: [String: String]) {
        self.files = files
        self.stateDirectory = stateDirectory
        self.environment = environment
    }

    var panelPath: String { stateDirectory + "/" + SharedState.panelSettingsName }

    /// Keys the kiosk runs with from its environment or flags (`kiosk.fixed`, written by the kiosk at start:
    /// `key = value` lines, `# flag` after a flag's), then this process's own `LECTERN_*` variables.
    func fixed() -> [String: (value: String?, source: AdminSetting.Source)] {
        var found: [String: (value: String?, source: AdminSetting.Source)] = [:]
        if let bytes = try? AtomicFile.read(stateDirectory + "/" + SharedState.fixedSettingsName, limit: 1 << 16) {
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                let body = line.prefix { $0 != "#" }
                let key = body.prefix { $0 != "=" && $0 != " " && $0 != "\t" }
                guard !key.isEmpty, ReaderSettings.keys.contains(String(key)) else { continue }
                let value = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]).trimmedSpaces }
                found[String(key)] = (value, line.contains("flag") ? .flag : .environment)
            }
        }
        for key in ReaderSettings.keys {
            if let value = environment[ReaderConfiguration.environmentName(of: key)] { found[key] = (value, .environment) }
        }
        return found
    }

    /// The panel file's `key = value` lines, in order, and which a phone wrote.
    func panelLines() -> [(key: String, value: String, phone: Bool)] {
        guard let bytes = try? AtomicFile.read(panelPath, limit: 1 << 16) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            let body = line.prefix { $0 != "#" }
            guard let equals = body.firstIndex(of: "=") else { return nil }
            let key = String(body[..<equals]).trimmedSpaces
            guard ReaderSettings.keys.contains(key) else { return nil }
            return (key, String(body[body.index(after: equals)...]).trimmedSpaces, line.contains("# phone"))
        }
    }

    func entries() -> [AdminSetting] {
        var settings = ReaderSettings()
        var sources: [String: AdminSetting.Source] = [:]
        func apply(_ key: String, _ value: String, _ source: AdminSetting.Source) {
            // A value the kiosk would skip (a typo on the card) leaves the key as it was, as it does there.
            guard (try? settings.set(key, to: value)) != nil else { return }
            sources[key] = source
        }
        for (path, source) in files {
            guard let bytes = try? AtomicFile.read(path, limit: 1 << 20) else { continue }
            for (key, value) in ReaderConfiguration.readFile(String(decoding: bytes, as: UTF8.self), name: path).source.values {
                apply(key, value, source)
            }
        }
        for line in panelLines() { apply(line.key, line.value, line.phone ? .phone : .panel) }
        for (key, fixed) in fixed() {
            if let value = fixed.value { apply(key, value, fixed.source) } else { sources[key] = fixed.source }
        }
        return ReaderSettings.keys.map { key in
            AdminSetting(key: key, value: settings.value(of: key) ?? "", source: sources[key] ?? .default)
        }
    }

    func change(_ values: [(key: String, value: String)]) -> AdminSettingsOutcome {
        let fixed = fixed()
        var check = ReaderSettings()
        for (key, value) in values {
            guard ReaderSettings.keys.contains(key) else { return .refused(key: key, message: "no setting is called \(key)") }
            guard !Self.ownerKeys.contains(key) else {
                return .refused(key: key, message: "\(key) is set in lectern.conf on the card, not from a phone")
            }
            if let source = fixed[key]?.source {
                let how = source == .flag ? "a flag (--\(key))" : "the environment (\(ReaderConfiguration.environmentName(of: key)))"
                return .refused(key: key, message: "\(key) is fixed by \(how) and is not changed")
            }
            guard !value.contains("\n"), !value.contains("#") else {
                return .refused(key: key, message: "\(key) takes one line without #")
            }
            do { try check.set(key, to: value) } catch {
                return .refused(key: key, message: error.description)
            }
        }
        var lines = panelLines()
        for (key, value) in values {
            let entry = (key: key, value: value.trimmedSpaces, phone: true)
            if let index = lines.firstIndex(where: { $0.key == key }) { lines[index] = entry } else { lines.append(entry) }
        }
        var text = "# Changed on the panel or from a phone; lectern rewrites this file. Settings here win over the configuration file.\n"
        for line in lines { text += "\(line.key) = \(line.value)\(line.phone ? " # phone" : "")\n" }
        do { try AtomicFile.write(Array(text.utf8), to: panelPath) } catch {
            return .refused(key: values.first?.key ?? "", message: "the settings could not be saved: \(error)")
        }
        return .ok
    }
}

extension StringProtocol {
    /// Without spaces and tabs at either end.
    var trimmedSpaces: String {
        let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(String.UnicodeScalarView(scalars.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()))
    }
}
