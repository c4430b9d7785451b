import Wireless

/// Where the settings come from, lowest first: defaults, the configuration file, what a person changed on the
/// panel (saved in the state directory), `LECTERN_<KEY>` environment variables, `--<key>` flags. The owner's
/// file sets the panel up; a change made at the panel then sticks across restarts; the environment and flags
/// are for one run (a service drop-in, a test).
public struct ReaderConfiguration: Sendable {
    /// One source of settings and what it gave, for errors that name where a bad value came from.
    public struct Source: Sendable {
        public var name: String
        public var values: [(key: String, value: String)]
        /// A bad value here is skipped (the key keeps what the sources before gave it) and said, rather than
        /// stopping the panel: true for files, false for the environment and flags, which a person just typed.
        public var forgiving = false

        public init(name: String, values: [(key: String, value: String)]) {
            self.name = name
            self.values = values
        }
    }

    /// What surrounds a key or a value without being part of it.
    static let spaces = " \t\r"

    /// The configuration file's format: `key = value` lines, `#` comments, blank lines ignored. Strict: the
    /// first line that cannot be read is the error (for files named on a command line).
    public static func parseFile(_ text: String, name: String) throws(ConfigurationError) -> Source {
        let (source, problems) = readFile(text, name: name)
        if let first = problems.first { throw ConfigurationError(first) }
        return source
    }

    /// The same format read forgivingly, as the panel reads its files: a line that cannot be read (no `=`, an
    /// unknown key) is left out and said, so one typo on a card never leaves the panel dark.
    public static func readFile(_ text: String, name: String) -> (source: Source, problems: [String]) {
        var values: [(String, String)] = []
        var problems: [String] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.prefix { $0 != "#" }.trimmingCharacters(from: spaces)
            if line.isEmpty { continue }
            guard let equals = line.firstIndex(of: "=") else {
                problems.append("\(name):\(number + 1): expected key = value")
                continue
            }
            let key = line[..<equals].trimmingCharacters(from: spaces)
            // The card's Wi-Fi keys are `lectern card import`'s, which gives them to iwd, not the reader's.
            if WiFiCardSettings.keys.contains(key) { continue }
            guard ReaderSettings.keys.contains(key) else {
                problems.append("\(name):\(number + 1): unknown setting '\(key)'")
                continue
            }
            values.append((key, line[line.index(after: equals)...].trimmingCharacters(from: spaces)))
        }
        var source = Source(name: name, values: values)
        source.forgiving = true
        return (source, problems)
    }

    /// `LECTERN_TEXT_SIZE=19` sets `text-size`.
    public static func environmentSource(_ environment: [String: String]) -> Source {
        var values: [(String, String)] = []
        for key in ReaderSettings.keys {
            if let value = environment[environmentName(of: key)] { values.append((key, value)) }
        }
        return Source(name: "the environment", values: values)
    }

    public static func environmentName(of key: String) -> String {
        "LECTERN_" + String(key.uppercased().map { $0 == "-" ? "_" : $0 })
    }

    /// Applies `sources` in order over the defaults; any bad value is the error.
    public static func settings(from sources: [Source]) throws(ConfigurationError) -> ReaderSettings {
        var problems: [String] = []
        let settings = try settings(from: sources, problems: &problems)
        if let first = problems.first { throw ConfigurationError(first) }
        return settings
    }

    /// Applies `sources` in order over the defaults. A bad value in a forgiving source is skipped and added to
    /// `problems` as one line naming the file, the key and the value; elsewhere it is the error.
    public static func settings(from sources: [Source], problems: inout [String]) throws(ConfigurationError) -> ReaderSettings {
        var settings = ReaderSettings()
        for source in sources {
            for (key, value) in source.values {
                do {
                    try settings.set(key, to: value)
                } catch {
                    guard source.forgiving else { throw ConfigurationError("\(source.name): \(error)") }
                    problems.append("\(source.name): \(error); using \(settings.value(of: key) ?? "the default")")
                }
            }
        }
        return settings
    }

    /// What the panel saves: the keys a person changes there, as a file `parseFile` reads back.
    public static func panelFile(_ settings: ReaderSettings) -> String {
        var text = "# Changed on the panel; lectern rewrites this file. Settings here win over the configuration file.\n"
        for key in ReaderSettings.panelKeys { text += "\(key) = \(settings.value(of: key) ?? "")\n" }
        return text
    }
}

public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
