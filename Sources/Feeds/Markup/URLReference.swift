/// RFC 3986 reference resolution (section 5.2) on strings: feeds are full of relative links (`/img/a.png`,
/// `../post`, `//cdn.example/x`) that resolve against xml:base, the entry's link or the feed's own URL.
/// No Foundation: `URL` would bring ICU along, and resolution needs only the five components.
public enum URLReference {
    /// `reference` resolved against `base`. A reference that is already absolute (has a scheme) comes back
    /// as it is but with its dot segments removed; without a usable base, the reference is returned unchanged.
    public static func resolve(_ reference: String, against base: String?) -> String {
        let trimmed = reference.trimmingASCIIWhitespace()
        // Most links in feeds are absolute http(s) URLs already in normal form: they need no parsing.
        if isPlainWebURL(trimmed) { return trimmed }
        let r = Components(trimmed)
        if r.scheme != nil {
            return r.with(path: removeDotSegments(r.path)).serialized
        }
        guard let base, !base.isEmpty else { return trimmed }
        let b = Components(base.trimmingASCIIWhitespace())
        guard b.scheme != nil else { return trimmed }
        var t = Components()
        if r.authority != nil {
            t.authority = r.authority
            t.path = removeDotSegments(r.path)
            t.query = r.query
        } else {
            if r.path.isEmpty {
                t.path = b.path
                t.query = r.query ?? b.query
            } else {
                if r.path.hasPrefix("/") {
                    t.path = removeDotSegments(r.path)
                } else {
                    t.path = removeDotSegments(merge(base: b, path: r.path))
                }
                t.query = r.query
            }
            t.authority = b.authority
        }
        t.scheme = b.scheme
        t.fragment = r.fragment
        return t.serialized
    }

    /// An http or https URL with no dot segment (no `/.` anywhere, which is stricter than needed).
    private static func isPlainWebURL(_ string: String) -> Bool {
        var utf8 = string.utf8.makeIterator()
        for expected in "http".utf8 {
            guard let byte = utf8.next(), byte | 0x20 == expected else { return false }
        }
        var byte = utf8.next()
        if byte.map({ $0 | 0x20 }) == UInt8(ascii: "s") { byte = utf8.next() }
        guard byte == UInt8(ascii: ":"), utf8.next() == UInt8(ascii: "/"), utf8.next() == UInt8(ascii: "/") else {
            return false
        }
        var previous: UInt8 = 0
        while let next = utf8.next() {
            if previous == UInt8(ascii: "/") && next == UInt8(ascii: ".") { return false }
            previous = next
        }
        return true
    }

    /// The scheme in lowercase, if any: the sanitiser keeps only links it knows to be harmless.
    public static func scheme(of string: String) -> String? { Components(string.trimmingASCIIWhitespace()).scheme?.lowercased() }

    private static func merge(base: Components, path: String) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + path }
        guard let slash = base.path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(base.path[...slash]) + path
    }

    /// Section 5.2.4, over path segments, split at the bytes of `/` (most paths have a dot, in a file name, and
    /// splitting by Character segmented each into graphemes).
    static func removeDotSegments(_ path: String) -> String {
        if !path.utf8.contains(UInt8(ascii: ".")) { return path }
        let slash = UInt8(ascii: "/")
        let bytes = Array(path.utf8)
        let absolute = bytes.first == slash
        let segments = bytes.split(separator: slash, omittingEmptySubsequences: false).dropFirst(absolute ? 1 : 0)
        var output: [ArraySlice<UInt8>] = []
        var trailingSlash = false
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            if segment.elementsEqual(".".utf8) {
                trailingSlash = isLast
            } else if segment.elementsEqual("..".utf8) {
                if !output.isEmpty { output.removeLast() }
                trailingSlash = isLast
            } else {
                output.append(segment)
                trailingSlash = false
            }
        }
        var result: [UInt8] = absolute ? [slash] : []
        result.reserveCapacity(bytes.count + 1)
        for (index, segment) in output.enumerated() {
            if index > 0 { result.append(slash) }
            result.append(contentsOf: segment)
        }
        if trailingSlash && result.last != slash { result.append(slash) }
        return String(decoding: result, as: UTF8.self)
    }

    /// The five components of a URI reference (appendix B's regular expression, by hand).
    private struct Components {
        var scheme: String?
        var authority: String?
        var path = ""
        var query: String?
        var fragment: String?

        init() {}

        /// Searched by UTF-8 bytes: the delimiters are ASCII, and searching by Character would segment
        /// every URL into grapheme clusters.
        init(_ string: String) {
            var rest = Substring(string)
            if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
                fragment = String(rest[rest.index(after: hash)...])
                rest = rest[..<hash]
            }
            if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
                query = String(rest[rest.index(after: question)...])
                rest = rest[..<question]
            }
            if let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")), Self.isScheme(rest[..<colon]) {
                scheme = String(rest[..<colon])
                rest = rest[rest.index(after: colon)...]
            }
            if rest.hasPrefix("//") {
                let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
                let end = rest[afterSlashes...].utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
                authority = String(rest[afterSlashes..<end])
                rest = rest[end...]
            }
            path = String(rest)
        }

        private static func isScheme(_ text: Substring) -> Bool {
            guard let first = text.unicodeScalars.first, first.isASCIILetter else { return false }
            return text.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
        }

        func with(path: String) -> Components {
            var copy = self
            copy.path = path
            return copy
        }

        var serialized: String {
            var result = ""
            if let scheme { result += scheme + ":" }
            if let authority { result += "//" + authority }
            result += path
            if let query { result += "?" + query }
            if let fragment { result += "#" + fragment }
            return result
        }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks (feeds wrap links onto their own lines).
    func trimmingASCIIWhitespace() -> String {
        guard let head = utf8.first, let tail = utf8.last else { return self }
        if !Unicode.Scalar(head).isASCIIWhitespace && !Unicode.Scalar(tail).isASCIIWhitespace { return self }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isASCIIWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isASCIIWhitespace })!
        return String(scalars[first...last])
    }
}

extension Unicode.Scalar {
    var isASCIIWhitespace: Bool { self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\u{0C}" }
}
