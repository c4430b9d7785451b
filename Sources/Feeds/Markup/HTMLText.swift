/// Plain text for the inspection contract, for titles on screen and for the list's snippets: tags stripped, the
/// contents of script, style and applet dropped, entities decoded, block boundaries (`<br>`, `<p>`, `</li>`,
/// table cells, …) made whitespace, runs of whitespace collapsed to one space. Without the boundaries a feed's
/// `testers.<br>iOS 11` would read `testers.iOS 11`: the words of two lines are never one word.
///
/// This is a tokenizer, not a parser: plain text needs no tree, and every summary and body of every entry goes
/// through here, so building one (as the blocks for the screen do, with libxml2's HTML parser) would cost most of
/// a feed's parse. Its rules are the HTML tokenizer's as Python's `html.parser` applies them, which is what
/// feedparser-based tools compare with: `<` starts a tag only before a letter, `/`, `!` or `?`; quoted attribute
/// values may hold `>`; script and style run to their end tag.
public enum HTMLText {
    /// The text of an HTML fragment.
    public static func plainText(fromHTML html: String) -> String {
        // Most titles, authors and many summaries are their own plain text: one scan says so.
        if isOwnPlainText(html.utf8.span) { return html }
        if !html.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) {
            return collapsingWhitespace(html)
        }
        let bytes = Array(html.utf8)
        let span = bytes.span
        var text = WhitespaceCollapser(capacity: bytes.count)
        var index = 0
        var skippedApplets = 0
        // A `<` with no `>` anywhere after it opens nothing; one with a `>` after it commits to the markup, which
        // then runs to its end or to the end of the input (as in browsers). No byte is scanned twice, so hostile
        // input (`<a` a million times) costs what its length costs.
        let lastClose = bytes.lastIndex(of: UInt8(ascii: ">")) ?? -1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                index = skipMarkup(bytes, at: index, lastClose: lastClose, applets: &skippedApplets, text: &text)
            } else if byte == UInt8(ascii: "&") {
                index = CharacterReference.decode(bytes, at: index) { scalar in
                    if skippedApplets == 0 { text.append(scalar) }
                }
            } else if isSpace(byte) {
                if skippedApplets == 0 { text.append(byte) }
                index += 1
            } else {
                // A run of words with single spaces between them, copied in one go: most of an article is that.
                let start = index
                index += 1
                while true {
                    index = ByteSearch.firstTextStop(in: span, from: index)
                    guard index < bytes.count else { break }
                    let next = bytes[index]
                    if next == 0x20 && index + 1 < bytes.count && bytes[index + 1] > 0x20
                        && bytes[index + 1] != UInt8(ascii: "<") && bytes[index + 1] != UInt8(ascii: "&") {
                        index += 2
                    } else if next < 0x20 && !isSpace(next) {
                        index += 1  // a control character is text
                    } else {
                        break
                    }
                }
                if skippedApplets == 0 { text.append(run: bytes[start..<index]) }
            }
        }
        return text.result
    }

    /// A plain-text construct taken literally, with its whitespace collapsed.
    public static func collapsingWhitespace(_ text: String) -> String {
        if isCollapsed(text) { return text }
        var collected = WhitespaceCollapser(capacity: text.utf8.count)
        for byte in text.utf8 { collected.append(byte) }
        return collected.result
    }

    /// Whether `text` holds no markup, no reference and nothing to collapse: no whitespace but single spaces
    /// between words. Jumps from one space, `<` or `&` to the next eight bytes at a time.
    private static func isOwnPlainText(_ text: Span<UInt8>) -> Bool {
        var index = 0
        while true {
            index = ByteSearch.firstTextStop(in: text, from: index)
            guard index < text.count else { return true }
            let byte = text[index]
            if byte == 0x20 {
                // One space between two words is as it should be.
                if index == 0 || index + 1 == text.count || isSpace(text[index + 1]) { return false }
            } else if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || isSpace(byte) {
                return false
            }
            index += 1  // a single space, or a control character, which is text
        }
    }

    /// Whether `text` has nothing to collapse: no whitespace but single spaces between words.
    private static func isCollapsed(_ text: String) -> Bool {
        var previousWasSpace = true  // a space at the start is one too many
        for byte in text.utf8 {
            if byte == 0x20 {
                if previousWasSpace { return false }
                previousWasSpace = true
            } else if byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                return false
            } else {
                previousWasSpace = false
            }
        }
        return !previousWasSpace || text.isEmpty
    }

    /// Steps over the markup starting at `bytes[start] == "<"` and returns where text resumes. A `<` that opens
    /// no markup is text.
    private static func skipMarkup(_ bytes: [UInt8], at start: Int, lastClose: Int, applets: inout Int,
                                   text: inout WhitespaceCollapser) -> Int {
        let next = start + 1 < bytes.count ? bytes[start + 1] : 0
        if isLetter(next) {
            guard lastClose > start else { return literal(start, &text, applets) }
            guard let end = tagEnd(bytes, from: start + 1) else { return bytes.count }  // a quote left open
            let name = TagName(bytes, from: start + 1)
            let selfClosing = bytes[end - 1] == UInt8(ascii: "/")
            if name.isBlock && applets == 0 { text.append(0x20) }
            if name == .applet && !selfClosing { applets += 1 }
            if (name == .script || name == .style) && !selfClosing {
                return rawTextEnd(bytes, from: end + 1, closing: name == .script ? scriptClose : styleClose)
            }
            return end + 1
        }
        if next == UInt8(ascii: "/") {
            let afterSlash = start + 2 < bytes.count ? bytes[start + 2] : 0
            guard lastClose > start else { return literal(start, &text, applets) }
            guard isLetter(afterSlash) || afterSlash == UInt8(ascii: ">") else {
                // `</ x>` is a bogus comment to the next `>`.
                return (firstIndex(of: UInt8(ascii: ">"), in: bytes, from: start + 2) ?? bytes.count - 1) + 1
            }
            guard let end = tagEnd(bytes, from: start + 2) else { return bytes.count }
            let name = TagName(bytes, from: start + 2)
            if name == .applet { applets = max(0, applets - 1) }
            if name.isBlock && applets == 0 { text.append(0x20) }
            return end + 1
        }
        if next == UInt8(ascii: "!") {
            if start + 3 < bytes.count && bytes[start + 2] == UInt8(ascii: "-") && bytes[start + 3] == UInt8(ascii: "-") {
                return (find(Self.commentClose, in: bytes, from: start + 4) ?? bytes.count - 3) + 3
            }
            if start + 2 < bytes.count && bytes[start + 2] == UInt8(ascii: "[") {
                // A marked section (`<![CDATA[...]]>`) runs to its own end, whatever it holds.
                return (find(Self.markedSectionClose, in: bytes, from: start + 3) ?? bytes.count - 3) + 3
            }
            return (firstIndex(of: UInt8(ascii: ">"), in: bytes, from: start + 2) ?? bytes.count - 1) + 1
        }
        if next == UInt8(ascii: "?") {
            return (firstIndex(of: UInt8(ascii: ">"), in: bytes, from: start + 2) ?? bytes.count - 1) + 1
        }
        return literal(start, &text, applets)
    }

    private static func literal(_ index: Int, _ text: inout WhitespaceCollapser, _ applets: Int) -> Int {
        if applets == 0 { text.append(UInt8(ascii: "<")) }
        return index + 1
    }

    /// The `>` closing a tag whose name starts at `from`, skipping quoted attribute values; nil if none.
    private static func tagEnd(_ bytes: [UInt8], from: Int) -> Int? {
        var index = from
        var quote: UInt8 = 0
        var afterEquals = false
        while index < bytes.count {
            let byte = bytes[index]
            if quote != 0 {
                // Quoted values (URLs, srcset lists, styles) are most of a tag: jump to the closing quote.
                index = ByteSearch.firstIndex(of: quote, in: bytes.span, from: index)
                guard index < bytes.count else { return nil }
                quote = 0
            } else if byte == UInt8(ascii: ">") {
                return index
            } else if (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) && afterEquals {
                quote = byte
            } else if byte == UInt8(ascii: "=") {
                afterEquals = true
            } else if !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C) {
                afterEquals = false
            }
            index += 1
        }
        return nil
    }

    /// Where text resumes after a script's or style's contents: past its end tag, or at the end of the input.
    private static func rawTextEnd(_ bytes: [UInt8], from: Int, closing: [UInt8]) -> Int {
        var index = from
        while let candidate = firstIndex(of: UInt8(ascii: "<"), in: bytes, from: index) {
            var matches = candidate + closing.count <= bytes.count
            var offset = 1
            while matches && offset < closing.count {
                matches = bytes[candidate + offset] | 0x20 == closing[offset]
                offset += 1
            }
            if matches { return (tagEnd(bytes, from: candidate + 2) ?? bytes.count - 1) + 1 }
            index = candidate + 1
        }
        return bytes.count
    }

    private static let scriptClose = Array("</script".utf8)
    private static let styleClose = Array("</style".utf8)
    private static let commentClose = Array("-->".utf8)
    private static let markedSectionClose = Array("]]>".utf8)

    private static func isLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte | 0x20) }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private static func firstIndex(of target: UInt8, in bytes: [UInt8], from: Int) -> Int? {
        var index = from
        while index < bytes.count {
            if bytes[index] == target { return index }
            index += 1
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        var index = from
        while index + needle.count <= bytes.count {
            var offset = 0
            while offset < needle.count && bytes[index + offset] == needle[offset] { offset += 1 }
            if offset == needle.count { return index }
            index += 1
        }
        return nil
    }

    /// Appends text, turning every run of ASCII whitespace into one space and dropping it at both ends.
    struct WhitespaceCollapser {
        private var bytes: [UInt8] = []
        private var pendingSpace = false

        init(capacity: Int) { bytes.reserveCapacity(capacity) }

        /// Bytes that start and end with no whitespace and hold none but single spaces.
        mutating func append(run word: ArraySlice<UInt8>) {
            if pendingSpace { bytes.append(0x20) }
            pendingSpace = false
            bytes.append(contentsOf: word)
        }

        mutating func append(_ byte: UInt8) {
            if HTMLText.isSpace(byte) {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(byte)
            }
        }

        mutating func append(_ scalar: Unicode.Scalar) {
            if scalar.isASCII {
                append(UInt8(scalar.value))
                return
            }
            if pendingSpace { bytes.append(0x20) }
            pendingSpace = false
            bytes.append(contentsOf: UTF8.encode(scalar)!)
        }

        var result: String { String(decoding: bytes, as: UTF8.self) }
    }
}
