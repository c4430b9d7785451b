/// A feed's CDATA sections, taken out before libxml2 reads the feed and put back as text when its tree is copied.
///
/// libxml2 2.9 reads a CDATA section a character at a time, checking each is an XML character, and a blog's
/// feed is mostly CDATA (every post's HTML): that was half of libxml2's time on such a feed. The entity pre-pass
/// finds each section's end anyway, so it leaves `<![CDATA[n;]]>` in the document instead (n numbers the
/// section), and the copy of the tree takes the n-th section's bytes straight from the feed. Only the pre-pass
/// writes CDATA sections into what libxml2 reads, so every one it reports is a placeholder; one it cannot
/// look up stays the text it holds. An unclosed section is left in the document, for libxml2 to recover from
/// as before.
///
/// Each number ends in `;` because libxml2 joins adjacent CDATA sections into one node: escaped HTML around a
/// CDATA section (`&lt;i&gt;<![CDATA[News]]>&lt;/i&gt;`, set aside as three) reaches the copy as `3;4;5;`, which
/// is the three sections in order. Bare numbers ran together into `345`, another section's number or none.
///
/// Text between tags that holds references (escaped HTML: `&lt;p&gt;` and `&#8217;` all through it) is set aside
/// the same way, decoded by the pre-pass: libxml2 stopped at every reference and copied the text node again.
struct CDATASections {
    /// The decoded feed, which the sections are ranges of.
    let source: [UInt8]
    private enum Section {
        /// A CDATA section's contents in the source, line ends as written.
        case raw(Range<Int>)
        /// Text as the pre-pass decoded it, in `decoded`.
        case decoded(Range<Int>)
    }
    private var sections: [Section] = []
    private var decoded: [UInt8] = []

    init(source: [UInt8]) { self.source = source }

    var count: Int { sections.count }

    /// Sets aside the section whose contents are `range` of the source; returns its number.
    mutating func setAside(_ range: Range<Int>) -> Int {
        sections.append(.raw(range))
        return sections.count - 1
    }

    /// Sets aside the text `decode` writes, unless it gives up; returns its number.
    mutating func setAsideText(_ decode: (inout [UInt8]) -> Bool) -> Int? {
        let start = decoded.count
        guard decode(&decoded) else {
            decoded.removeSubrange(start...)
            return nil
        }
        sections.append(.decoded(start..<decoded.count))
        return sections.count - 1
    }

    /// The contents of the sections a placeholder names (the text of a CDATA node libxml2 made: one `n;` or
    /// several run together), with line ends made line feeds as an XML parser would; nil unless it is such a
    /// run of numbers of sections.
    func text(forPlaceholder contents: UnsafePointer<UInt8>) -> String? {
        var cursor = 0
        // Nearly every node is one placeholder: read without collecting.
        guard let first = number(in: contents, at: &cursor) else { return nil }
        if contents[cursor] == 0 { return text(ofSection: first) }
        var numbers = [first]
        while contents[cursor] != 0 {
            guard let next = number(in: contents, at: &cursor) else { return nil }
            numbers.append(next)
        }
        return numbers.map(text(ofSection:)).joined()
    }

    /// The section number `n;` at `cursor`, which it steps past; nil if there is none or it names no section.
    private func number(in contents: UnsafePointer<UInt8>, at cursor: inout Int) -> Int? {
        var number = 0
        let start = cursor
        // At most nine digits: more name no section, and the sum cannot overflow.
        while cursor - start < 9, contents[cursor] >= UInt8(ascii: "0"), contents[cursor] <= UInt8(ascii: "9") {
            number = number * 10 + Int(contents[cursor] - UInt8(ascii: "0"))
            cursor += 1
        }
        guard cursor > start, contents[cursor] == UInt8(ascii: ";"), number < sections.count else { return nil }
        cursor += 1
        return number
    }

    private func text(ofSection index: Int) -> String {
        let range: Range<Int>
        switch sections[index] {
        case .decoded(let text): return String(decoding: decoded[text], as: UTF8.self)
        case .raw(let raw): range = raw
        }
        let contents = source[range]
        let span = source.span.extracting(range)
        guard ByteSearch.firstIndex(of: 0x0D, in: span, from: 0) == span.count else {
            return String(decoding: Self.withLineFeeds(contents), as: UTF8.self)
        }
        return String(decoding: contents, as: UTF8.self)
    }

    /// CR LF and lone CR as LF (XML 1.0, 2.11).
    private static func withLineFeeds(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var previousWasReturn = false
        for byte in bytes {
            if byte == 0x0D {
                out.append(0x0A)
            } else if !(byte == 0x0A && previousWasReturn) {
                out.append(byte)
            }
            previousWasReturn = byte == 0x0D
        }
        return out
    }
}
