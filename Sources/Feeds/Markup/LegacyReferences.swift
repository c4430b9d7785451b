/// HTML's legacy references without their semicolon (`&quot`, `&amp`, `&copy2019`), spelled out as numbers
/// (`&#34;`) before libxml2's HTML parser reads an article: it keeps them as typed, where browsers (and
/// `CharacterReference`, for the list's plain text) decode them. In a tag, one followed by a letter, a digit or
/// `=` stays as typed, as the HTML specification says for attribute values (`?a=1&copy=2` is a query).
enum LegacyReferences {
    static func spelledOut(_ html: [UInt8]) -> [UInt8] {
        let span = html.span
        var index = ByteSearch.firstIndex(of: UInt8(ascii: "&"), in: span, from: 0)
        guard index < html.count else { return html }
        var out: [UInt8] = []
        var copied = 0
        // The last tag found before the ampersand: `<` then a letter or `/`, to its `>` outside quotes. Each `<`
        // is looked at once, and a tag's inside is never searched for another.
        var tagStart = 0
        var tagEnd = 0
        var scanned = 0
        while index < html.count {
            while index >= tagEnd {
                let next = ByteSearch.firstIndex(of: UInt8(ascii: "<"), in: span, from: max(scanned, tagEnd))
                guard next < index else { break }
                let after = next + 1 < html.count ? html[next + 1] : 0
                if (0x61...0x7A).contains(after | 0x20) || after == UInt8(ascii: "/") {
                    tagStart = next
                    tagEnd = closingBracket(html, from: next + 1).map { $0 + 1 } ?? html.count
                }
                scanned = next + 1
            }
            let inTag = tagStart < index && index < tagEnd
            var nameEnd = index + 1
            while nameEnd < html.count, nameEnd - index <= 33, CharacterReference.isNameByte(html[nameEnd]) { nameEnd += 1 }
            let name = html[(index + 1)..<nameEnd]
            let terminated = nameEnd < html.count && html[nameEnd] == UInt8(ascii: ";")
            // Spelled in full and known to libxml2 (HTML 4's names): left to it.
            let known = terminated && CharacterReference.named(name) != nil && !CharacterReference.isCapitalized(name)
            if !known, let (scalar, end) = CharacterReference.legacy(name) {
                let following = end < html.count ? html[end] : 0
                let isValue = inTag && (CharacterReference.isNameByte(following) || following == UInt8(ascii: "="))
                if !isValue {
                    if out.isEmpty { out.reserveCapacity(html.count + 16) }
                    out.append(contentsOf: html[copied..<index])
                    out.append(contentsOf: "&#\(scalar.value);".utf8)
                    copied = end == nameEnd && terminated ? end + 1 : end
                }
            }
            index = ByteSearch.firstIndex(of: UInt8(ascii: "&"), in: span, from: index + 1)
        }
        guard copied > 0 else { return html }
        out.append(contentsOf: html[copied...])
        return out
    }

    /// The `>` that closes a tag whose name starts at `from`, stepping over quoted attribute values; nil if none.
    private static func closingBracket(_ html: [UInt8], from: Int) -> Int? {
        var index = from
        var quote: UInt8 = 0
        while index < html.count {
            let byte = html[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index
            }
            index += 1
        }
        return nil
    }
}
