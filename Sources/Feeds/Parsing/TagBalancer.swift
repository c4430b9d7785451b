/// Repairs a feed that is not well-formed XML the way a forgiving reader takes it (feedparser falls back to
/// its loose SGML parser for these): an end tag closes every element left open inside it, an end tag with no
/// open element is dropped, a `<` that starts no tag is text, and whatever is open at the end is closed. The
/// usual culprit is HTML pasted unescaped into a description (`<br>`, an unclosed `<i>`), which libxml2's
/// recover mode would otherwise let swallow the rest of the feed. Comments, CDATA, processing instructions
/// and the DOCTYPE are copied untouched. One pass, no recursion.
enum TagBalancer {
    static func balance(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 256)
        var open: [ArraySlice<UInt8>] = []
        // How many of each name are open: an end tag for a name that is not open is dropped without searching
        // the stack, so a hostile run of stray end tags under deep nesting stays linear.
        var openCount: [ArraySlice<UInt8>: Int] = [:]
        var index = 0
        let count = bytes.count
        func closeTag(_ name: ArraySlice<UInt8>) {
            openCount[name, default: 1] -= 1
            out.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/")])
            out.append(contentsOf: name)
            out.append(UInt8(ascii: ">"))
        }
        while index < count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "<") else {
                out.append(byte)
                index += 1
                continue
            }
            if let end = literalEnd(bytes, at: index) {
                out.append(contentsOf: bytes[index..<end])
                index = end
                continue
            }
            let next = index + 1 < count ? bytes[index + 1] : 0
            if next == UInt8(ascii: "/") {
                let nameStart = index + 2
                var nameEnd = nameStart
                while nameEnd < count, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
                guard let close = tagEnd(bytes, from: nameEnd) else {
                    out.append(contentsOf: Array("&#60;".utf8))
                    index += 1
                    continue
                }
                let name = bytes[nameStart..<nameEnd]
                if openCount[name, default: 0] > 0, let depth = open.lastIndex(where: { $0.elementsEqual(name) }) {
                    while open.count > depth { closeTag(open.removeLast()) }
                }
                index = close + 1
            } else if isNameStart(next) {
                var nameEnd = index + 1
                while nameEnd < count, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
                guard let close = tagEnd(bytes, from: nameEnd) else {
                    out.append(contentsOf: Array("&#60;".utf8))
                    index += 1
                    continue
                }
                out.append(contentsOf: bytes[index...close])
                if bytes[close - 1] != UInt8(ascii: "/") {
                    open.append(bytes[(index + 1)..<nameEnd])
                    openCount[bytes[(index + 1)..<nameEnd], default: 0] += 1
                }
                index = close + 1
            } else {
                out.append(contentsOf: Array("&#60;".utf8))
                index += 1
            }
        }
        while let name = open.popLast() { closeTag(name) }
        return out
    }

    /// The end of a comment, CDATA section, processing instruction or DOCTYPE starting at `index`, if one does.
    private static func literalEnd(_ bytes: [UInt8], at index: Int) -> Int? {
        let rest = bytes[index...]
        let pairs: [(String, String)] = [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>")]
        for (open, close) in pairs where rest.starts(with: Array(open.utf8)) {
            return find(Array(close.utf8), in: bytes, from: index + open.utf8.count) ?? bytes.count
        }
        guard rest.starts(with: Array("<!".utf8)) else { return nil }
        return EntityPrepass.declarationEnd(bytes, from: index + 2)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var cursor = start
        while cursor + needle.count <= bytes.count {
            if bytes[cursor] == needle[0] && bytes[cursor..<(cursor + needle.count)].elementsEqual(needle) {
                return cursor + needle.count
            }
            cursor += 1
        }
        return nil
    }

    /// The `>` ending a tag whose name ends at `start`, skipping quoted attribute values; nil if a `<` comes first.
    private static func tagEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var quote: UInt8?
        var cursor = start
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if let q = quote {
                if byte == q { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return cursor
            } else if byte == UInt8(ascii: "<") {
                return nil
            }
            cursor += 1
        }
        return nil
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte | 0x20) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
