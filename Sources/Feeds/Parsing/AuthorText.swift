/// The name in an RSS author string. RSS 2.0 asks for `email (Name)`; feeds also write `Name <email>`, a bare
/// email or a bare name. Like feedparser: take the email out, then the brackets it leaves; what remains is the
/// name, if anything does.
enum AuthorText {
    static func name(in raw: String) -> String? {
        // Most authors are a name alone: no email to take out, found without splitting into Characters.
        guard raw.utf8.contains(UInt8(ascii: "@")) else { return nil }
        let words = raw.split(separator: " ", omittingEmptySubsequences: false)
        guard words.contains(where: { $0.contains("@") }) else { return nil }
        var kept: [Substring] = []
        for word in words {
            var core = word
            while let first = core.first, "(<[".contains(first) { core = core.dropFirst() }
            while let last = core.last, ")>]".contains(last) { core = core.dropLast() }
            if core.contains("@") && !core.contains(" ") {
                // Keep brackets that belonged to the name, drop the email's own.
                let leading = word.prefix { "(<[".contains($0) }
                let trailing = word.reversed().prefix { ")>]".contains($0) }
                if leading.count > 1 || trailing.count > 1 {
                    kept.append(Substring(String(leading.dropLast()) + String(trailing.dropLast().reversed())))
                }
                continue
            }
            kept.append(word)
        }
        var name = kept.joined(separator: " ").trimmingASCIIWhitespace()
        name = name.replacingOccurrences("()", with: "").replacingOccurrences("<>", with: "").trimmingASCIIWhitespace()
        if name.hasPrefix("(") { name.removeFirst() }
        if name.hasSuffix(")") { name.removeLast() }
        name = name.trimmingASCIIWhitespace()
        return name.isEmpty ? nil : name
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
