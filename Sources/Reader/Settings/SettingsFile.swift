/// One `key = value` file of the state directory whose lines may end in a comment naming where the value came
/// from (`# phone`, `# environment`, `# flag`): `panel.conf` and `kiosk.fixed`. The reader's own parser ignores
/// the comments, so the panel reads these files as it always did; the settings book reads the marks too.
struct SettingsFile: Equatable {
    struct Line: Equatable {
        var key: String
        var value: String
        /// The comment's word, nil when the line has none.
        var mark: String?
    }

    var lines: [Line] = []

    /// The file's lines that name a known key; anything else (blank lines, comments, damage) is left out.
    init(text: String) {
        let spaces = ReaderConfiguration.spaces
        for raw in text.split(separator: "\n") {
            let comment = raw.firstIndex(of: "#")
            let body = comment.map { raw[..<$0] } ?? raw[...]
            guard let equals = body.firstIndex(of: "=") else { continue }
            let key = body[..<equals].trimmingCharacters(from: spaces)
            guard ReaderSettings.keys.contains(key) else { continue }
            let mark = comment.map { raw[raw.index(after: $0)...].trimmingCharacters(from: spaces) }
            lines.append(Line(key: key, value: body[body.index(after: equals)...].trimmingCharacters(from: spaces),
                              mark: mark.flatMap { $0.isEmpty ? nil : $0 }))
        }
    }

    init(lines: [Line]) { self.lines = lines }

    /// Sets `key` to `value` with `mark`, where the key was (so the file keeps its order), else at the end.
    mutating func set(_ key: String, _ value: String, mark: String?) {
        if let index = lines.firstIndex(where: { $0.key == key }) {
            lines[index] = Line(key: key, value: value, mark: mark)
        } else {
            lines.append(Line(key: key, value: value, mark: mark))
        }
    }

    /// The file's text, under `heading` (a comment line).
    func text(heading: String) -> String {
        var text = "# \(heading)\n"
        for line in lines {
            text += "\(line.key) = \(line.value)" + (line.mark.map { " # \($0)" } ?? "") + "\n"
        }
        return text
    }
}
