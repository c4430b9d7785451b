/// Rewrites every named reference into a numeric one before libxml2 sees the feed. HTML's (`&nbsp;`,
/// `&eacute;`, `&mdash;`) because XML does not predeclare them: a strict parser stops at the first, libxml2's
/// recover mode drops it. XML's own five too: after any well-formedness error libxml2 drops named references,
/// `&amp;` included, but keeps character references. Stray ampersands (`AT&T`) become `&#38;`.
/// CDATA sections and comments are copied untouched: their text is taken literally (CDATA holding HTML is
/// decoded later, as HTML). When parsing (`prepare`), CDATA sections and the text between tags that holds
/// references are set aside instead, the text decoded here (see `CDATASections`). One linear pass over the bytes.
///
/// The DOCTYPE is taken out here and its internal entities (`<!ENTITY company "Example &#38; Co">`) are
/// expanded as text, one level deep and at most `expansionLimit` bytes in all, so libxml2 never sees a DTD:
/// external entities are never read and nested ones cannot explode. A reference nobody declared is kept as
/// literal text, as feedparser shows it.
enum EntityPrepass {
    static let expansionLimit = 1 << 20

    static func rewrite(_ bytes: [UInt8]) -> [UInt8] {
        var sections: CDATASections?
        return rewrite(bytes, settingAside: &sections)
    }

    /// The document for libxml2, with its CDATA sections set aside.
    static func prepare(_ bytes: [UInt8]) -> (document: [UInt8], sections: CDATASections) {
        var sections: CDATASections? = CDATASections(source: bytes)
        let document = rewrite(bytes, settingAside: &sections)
        return (document, sections!)
    }

    /// Rewrites the references; sets CDATA sections aside into `sections` unless it is nil.
    private static func rewrite(_ bytes: [UInt8], settingAside sections: inout CDATASections?) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "&")) || bytes.contains(UInt8(ascii: "!")) else { return bytes }
        var declared: [String: [UInt8]] = [:]
        var expanded = 0
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        var index = 0
        let count = bytes.count
        let span = bytes.span
        // Text with references goes aside too while the tags read as tags: from the first start tag, until
        // anything that is not a well-formed tag (a `<` inside one, one never closed, a stray `<`), after which
        // libxml2 recovers its own way and reads the rest as it stands.
        var textAside = sections != nil
        var inContent = false
        // Text that held a declared entity goes to libxml2, and is not decoded again from each reference on.
        var keptUntil = 0
        while index < count {
            // Copy the text up to the next `<` or `&` in one go: most bytes are neither.
            let runStart = index
            index = ByteSearch.firstIndex(of: UInt8(ascii: "<"), or: UInt8(ascii: "&"), in: span, from: index)
            if textAside && inContent && runStart >= keptUntil && index < count && bytes[index] == UInt8(ascii: "&") {
                let end = ByteSearch.firstIndex(of: UInt8(ascii: "<"), in: span, from: index)
                if let number = sections!.setAsideText({ decodeText(bytes, runStart..<end, declared: declared, into: &$0) }) {
                    appendPlaceholder(number, to: &out)
                    index = end
                    continue
                }
                keptUntil = end
            }
            if index > runStart { out.append(contentsOf: bytes[runStart..<index]) }
            guard index < count else { break }
            if bytes[index] == UInt8(ascii: "&") {
                index = rewriteReference(bytes, at: index, declared: declared, expanded: &expanded, into: &out)
                continue
            }
            // Only `<!` can open a CDATA section, a comment or a DOCTYPE.
            if index + 1 < count && bytes[index + 1] == UInt8(ascii: "!") {
                if sections != nil, let end = skipLiteral(bytes, at: index, open: cdataOpen, close: cdataClose),
                   end - index >= cdataOpen.count + cdataClose.count,
                   bytes[(end - cdataClose.count)..<end].elementsEqual(cdataClose) {
                    let number = sections!.setAside((index + cdataOpen.count)..<(end - cdataClose.count))
                    appendPlaceholder(number, to: &out)
                    index = end
                    continue
                }
                if let end = skipLiteral(bytes, at: index, open: cdataOpen, close: cdataClose)
                    ?? skipLiteral(bytes, at: index, open: commentOpen, close: commentClose)
                {
                    out.append(contentsOf: bytes[index..<end])
                    index = end
                    continue
                }
                if bytes.count - index >= doctypeOpen.count,
                   zip(bytes[index..<(index + doctypeOpen.count)], doctypeOpen).allSatisfy({ ($0 | 0x20) == ($1 | 0x20) }) {
                    let end = declarationEnd(bytes, from: index + doctypeOpen.count)
                    declared.merge(DoctypeEntities.declared(in: bytes[index..<end])) { first, _ in first }
                    index = end
                    continue
                }
            }
            if textAside {
                let next = index + 1 < count ? bytes[index + 1] : 0
                if next == UInt8(ascii: "?") {
                    // A processing instruction, copied as it stands.
                    let end = skipLiteral(bytes, at: index, open: piOpen, close: piClose) ?? count
                    out.append(contentsOf: bytes[index..<end])
                    index = end
                    continue
                }
                if next != UInt8(ascii: "!"), let end = tagEnd(span, from: index + 1) {
                    // A tag: its attribute values' references are rewritten for libxml2, none set aside.
                    var cursor = index
                    if ByteSearch.firstIndex(of: UInt8(ascii: "&"), in: span.extracting(index..<end), from: 0)
                        == end - index {
                        out.append(contentsOf: bytes[index..<end])  // most tags hold no reference
                        cursor = end
                    }
                    while cursor < end {
                        let stop = min(end, ByteSearch.firstIndex(of: UInt8(ascii: "&"), in: span, from: cursor))
                        out.append(contentsOf: bytes[cursor..<stop])
                        cursor = stop < end ? rewriteReference(bytes, at: stop, declared: declared, expanded: &expanded, into: &out) : end
                    }
                    if next != UInt8(ascii: "/") { inContent = true }
                    index = end
                    continue
                }
                textAside = false
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    private static func appendPlaceholder(_ number: Int, to out: inout [UInt8]) {
        out.append(contentsOf: cdataOpen)
        out.append(contentsOf: String(number).utf8)
        out.append(UInt8(ascii: ";"))  // libxml2 joins adjacent sections: each number ends (CDATASections)
        out.append(contentsOf: cdataClose)
    }

    /// Just past the `>` of the tag whose name starts at `from`, if it is a tag as XML writes one: a name, then
    /// anything but `<` up to a `>` outside quotes. Nil otherwise.
    private static func tagEnd(_ bytes: Span<UInt8>, from: Int) -> Int? {
        guard from < bytes.count else { return nil }
        let first = bytes[from]
        let startsName = (0x61...0x7A).contains(first | 0x20) || first == UInt8(ascii: "_") || first == UInt8(ascii: ":")
            || first >= 0x80
        guard startsName || first == UInt8(ascii: "/") else { return nil }
        var cursor = from + 1
        var quote: UInt8 = 0
        while true {
            cursor = ByteSearch.firstIndex(of: UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"),
                                           in: bytes, from: cursor)
            guard cursor < bytes.count else { return nil }
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "<") { return nil }
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return cursor + 1
            }
            cursor += 1
        }
    }

    private static let cdataOpen = Array("<![CDATA[".utf8), cdataClose = Array("]]>".utf8)
    private static let commentOpen = Array("<!--".utf8), commentClose = Array("-->".utf8)
    private static let piOpen = Array("<?".utf8), piClose = Array("?>".utf8)
    private static let doctypeOpen = Array("<!DOCTYPE".utf8)

    /// Just past the `>` closing a declaration (a DOCTYPE) whose body starts at `start`: its internal subset
    /// is in brackets and holds `>` of its own, and so may its quoted strings. The end of the input if none.
    static func declarationEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var depth = 0
        var quote: UInt8?
        var cursor = start
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if let q = quote {
                if byte == q { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ">") && depth <= 0 {
                return cursor + 1
            }
            cursor += 1
        }
        return bytes.count
    }

    /// The index just past `close` when `open` starts at `index` (the end of input if never closed).
    private static func skipLiteral(_ bytes: [UInt8], at index: Int, open: [UInt8], close: [UInt8]) -> Int? {
        guard bytes[index...].starts(with: open) else { return nil }
        let span = bytes.span
        var cursor = index + open.count
        while true {
            cursor = ByteSearch.firstIndex(of: close[0], in: span, from: cursor)
            guard cursor + close.count <= bytes.count else { return bytes.count }
            if bytes[cursor..<(cursor + close.count)].elementsEqual(close) { return cursor + close.count }
            cursor += 1
        }
    }

    /// What a reference stands for, as read by `reference(_:at:declared:)`.
    private enum Reference {
        /// A character, by a number (`verbatim` when the bytes already say it as libxml2 wants) or a name.
        case character(UInt32, verbatim: Bool)
        /// One of XML's five, by its character.
        case predefined(UInt8)
        /// An entity the DOCTYPE declared, by its replacement text.
        case declared([UInt8])
        /// A name nobody declared, `&name;`: literal text.
        case unknown
        /// An ampersand that starts no reference: literal text.
        case stray
    }

    /// Reads the reference starting at the `&` at `index`; returns it and where to go on.
    private static func reference(_ bytes: [UInt8], at index: Int, declared: [String: [UInt8]]) -> (Reference, next: Int) {
        var cursor = index + 1
        let limit = min(bytes.count, index + 40)
        if cursor < limit && bytes[cursor] == UInt8(ascii: "#") {
            cursor += 1
            let hex = cursor < limit && (bytes[cursor] | 0x20) == UInt8(ascii: "x")
            if hex { cursor += 1 }
            let digitsStart = cursor
            var value: UInt32 = 0
            while cursor < limit, isDigit(bytes[cursor], hex: hex) {
                let digit = bytes[cursor] <= 0x39 ? UInt32(bytes[cursor] - 0x30) : UInt32((bytes[cursor] | 0x20) - 0x61 + 10)
                value = min(value &* (hex ? 16 : 10) &+ digit, 0x11_0000)
                cursor += 1
            }
            if cursor > digitsStart && cursor < bytes.count && bytes[cursor] == UInt8(ascii: ";") {
                let codePoint = characterReference(value)
                return (.character(codePoint, verbatim: !hex && codePoint == value), cursor + 1)
            }
        } else {
            while cursor < limit, isNameByte(bytes[cursor]) { cursor += 1 }
            if cursor > index + 1 && cursor < bytes.count && bytes[cursor] == UInt8(ascii: ";") {
                // XML's own five fill escaped HTML (`&lt;p&gt;`): matched on the bytes, no string made.
                if let character = predefinedReference(bytes[(index + 1)..<cursor]) {
                    return (.predefined(character), cursor + 1)
                }
                let name = String(decoding: bytes[(index + 1)..<cursor], as: UTF8.self)
                if let codePoint = table[name] { return (.character(UInt32(codePoint), verbatim: false), cursor + 1) }
                if let replacement = declared[name] { return (.declared(replacement), cursor + 1) }
                return (.unknown, cursor + 1)
            }
        }
        return (.stray, index + 1)
    }

    /// Copies or rewrites the reference starting at the `&` at `index` for libxml2; returns where to go on.
    private static func rewriteReference(_ bytes: [UInt8], at index: Int, declared: [String: [UInt8]],
                                         expanded: inout Int, into out: inout [UInt8]) -> Int {
        let (reference, next) = reference(bytes, at: index, declared: declared)
        switch reference {
        case .character(_, verbatim: true):
            out.append(contentsOf: bytes[index..<next])  // already what libxml2 wants: the common case
        case .character(let codePoint, verbatim: false):
            out.append(contentsOf: Array("&#\(codePoint);".utf8))
        case .predefined(let character):
            out.append(contentsOf: [UInt8(ascii: "&"), UInt8(ascii: "#"), 0x30 + character / 10, 0x30 + character % 10, UInt8(ascii: ";")])
        case .declared(let replacement):
            if expanded + replacement.count <= expansionLimit {
                out.append(contentsOf: replacement)
                expanded += replacement.count
            }
        case .unknown:
            out.append(contentsOf: ampersand)
            out.append(contentsOf: bytes[(index + 1)..<next])
        case .stray:
            out.append(contentsOf: ampersand)
        }
        return next
    }

    /// Text between tags that holds references, decoded as libxml2 would read it once rewritten: references
    /// to characters, line ends as line feeds (a `&#13;` stays a carriage return, as in XML). Nil when it holds a
    /// reference to a declared entity: such text goes to libxml2, rewritten where expansions are counted against
    /// `expansionLimit`.
    private static func decodeText(_ bytes: [UInt8], _ range: Range<Int>, declared: [String: [UInt8]],
                                   into out: inout [UInt8]) -> Bool {
        let span = bytes.span.extracting(range)
        var cursor = 0
        while cursor < span.count {
            let stop = ByteSearch.firstIndex(of: UInt8(ascii: "&"), or: 0x0D, in: span, from: cursor)
            if stop > cursor { out.append(contentsOf: bytes[(range.lowerBound + cursor)..<(range.lowerBound + stop)]) }
            guard stop < span.count else { break }
            if span[stop] == 0x0D {
                out.append(0x0A)
                cursor = stop + 1 < span.count && span[stop + 1] == 0x0A ? stop + 2 : stop + 1
                continue
            }
            // Escaped HTML is mostly `&lt;`, `&gt;` and `&amp;`: those by their bytes, the rest read in full.
            if stop + 3 < span.count && span[stop + 3] == UInt8(ascii: ";") && span[stop + 2] == UInt8(ascii: "t") {
                let first = span[stop + 1]
                if first == UInt8(ascii: "l") || first == UInt8(ascii: "g") {
                    out.append(first == UInt8(ascii: "l") ? UInt8(ascii: "<") : UInt8(ascii: ">"))
                    cursor = stop + 4
                    continue
                }
            }
            if stop + 4 < span.count && span[stop + 4] == UInt8(ascii: ";") && span[stop + 1] == UInt8(ascii: "a")
                && span[stop + 2] == UInt8(ascii: "m") && span[stop + 3] == UInt8(ascii: "p") {
                out.append(UInt8(ascii: "&"))
                cursor = stop + 5
                continue
            }
            let (reference, next) = reference(bytes, at: range.lowerBound + stop, declared: declared)
            switch reference {
            case .character(let codePoint, _):
                // characterReference and the table give characters XML allows, so never nil.
                out.append(contentsOf: UTF8.encode(Unicode.Scalar(codePoint) ?? "\u{FFFD}")!)
            case .predefined(let character): out.append(character)
            case .declared: return false
            case .unknown, .stray: out.append(contentsOf: bytes[(range.lowerBound + stop)..<next])
            }
            cursor = next - range.lowerBound
        }
        return true
    }

    /// The decimal code point a character reference should have: `&#X41;` (XML wants a lowercase x), `&#150;`
    /// (a windows-1252 byte written as a code point, as HTML reads it), and `&#0;` or past U+10FFFF (not a
    /// character: U+FFFD) would each stop or confuse libxml2.
    private static func characterReference(_ value: UInt32) -> UInt32 {
        if (0x80...0x9F).contains(value) { return FeedCharset.cp1252High[Int(value - 0x80)] }
        let isXMLChar = value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
        return isXMLChar ? value : 0xFFFD
    }

    private static func isDigit(_ byte: UInt8, hex: Bool) -> Bool {
        (0x30...0x39).contains(byte) || hex && (0x61...0x66).contains(byte | 0x20)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    /// The character `&amp;`, `&lt;`, `&gt;`, `&quot;` or `&apos;` stands for, by the name's bytes.
    private static func predefinedReference(_ name: ArraySlice<UInt8>) -> UInt8? {
        switch name.count {
        case 2 where name.last == UInt8(ascii: "t"):
            return name.first == UInt8(ascii: "l") ? UInt8(ascii: "<") : name.first == UInt8(ascii: "g") ? UInt8(ascii: ">") : nil
        case 3: return name.elementsEqual("amp".utf8) ? UInt8(ascii: "&") : nil
        case 4:
            return name.elementsEqual("quot".utf8) ? UInt8(ascii: "\"") : name.elementsEqual("apos".utf8) ? UInt8(ascii: "'") : nil
        default: return nil
        }
    }

    private static let ampersand = Array("&#38;".utf8)

    /// HTML 4's named character references (the set feeds actually use) minus XML's five.
    static let table: [String: Int] = {
        var table: [String: Int] = [:]
        let words = names.split(separator: " ")
        var index = 0
        while index + 1 < words.count {
            table[String(words[index])] = Int(words[index + 1])
            index += 2
        }
        return table
    }()

    private static let names = """
        nbsp 160 iexcl 161 cent 162 pound 163 curren 164 yen 165 brvbar 166 sect 167 uml 168 copy 169
        ordf 170 laquo 171 not 172 shy 173 reg 174 macr 175 deg 176 plusmn 177 sup2 178 sup3 179 acute 180
        micro 181 para 182 middot 183 cedil 184 sup1 185 ordm 186 raquo 187 frac14 188 frac12 189 frac34 190
        iquest 191 Agrave 192 Aacute 193 Acirc 194 Atilde 195 Auml 196 Aring 197 AElig 198 Ccedil 199
        Egrave 200 Eacute 201 Ecirc 202 Euml 203 Igrave 204 Iacute 205 Icirc 206 Iuml 207 ETH 208 Ntilde 209
        Ograve 210 Oacute 211 Ocirc 212 Otilde 213 Ouml 214 times 215 Oslash 216 Ugrave 217 Uacute 218
        Ucirc 219 Uuml 220 Yacute 221 THORN 222 szlig 223 agrave 224 aacute 225 acirc 226 atilde 227
        auml 228 aring 229 aelig 230 ccedil 231 egrave 232 eacute 233 ecirc 234 euml 235 igrave 236
        iacute 237 icirc 238 iuml 239 eth 240 ntilde 241 ograve 242 oacute 243 ocirc 244 otilde 245 ouml 246
        divide 247 oslash 248 ugrave 249 uacute 250 ucirc 251 uuml 252 yacute 253 thorn 254 yuml 255
        OElig 338 oelig 339 Scaron 352 scaron 353 Yuml 376 fnof 402 circ 710 tilde 732 Alpha 913 Beta 914
        Gamma 915 Delta 916 Epsilon 917 Zeta 918 Eta 919 Theta 920 Iota 921 Kappa 922 Lambda 923 Mu 924
        Nu 925 Xi 926 Omicron 927 Pi 928 Rho 929 Sigma 931 Tau 932 Upsilon 933 Phi 934 Chi 935 Psi 936
        Omega 937 alpha 945 beta 946 gamma 947 delta 948 epsilon 949 zeta 950 eta 951 theta 952 iota 953
        kappa 954 lambda 955 mu 956 nu 957 xi 958 omicron 959 pi 960 rho 961 sigmaf 962 sigma 963 tau 964
        upsilon 965 phi 966 chi 967 psi 968 omega 969 thetasym 977 upsih 978 piv 982 ensp 8194 emsp 8195
        thinsp 8201 zwnj 8204 zwj 8205 lrm 8206 rlm 8207 ndash 8211 mdash 8212 lsquo 8216 rsquo 8217
        sbquo 8218 ldquo 8220 rdquo 8221 bdquo 8222 dagger 8224 Dagger 8225 bull 8226 hellip 8230
        permil 8240 prime 8242 Prime 8243 lsaquo 8249 rsaquo 8250 oline 8254 frasl 8260 euro 8364 image 8465
        weierp 8472 real 8476 trade 8482 alefsym 8501 larr 8592 uarr 8593 rarr 8594 darr 8595 harr 8596
        crarr 8629 lArr 8656 uArr 8657 rArr 8658 dArr 8659 hArr 8660 forall 8704 part 8706 exist 8707
        empty 8709 nabla 8711 isin 8712 notin 8713 ni 8715 prod 8719 sum 8721 minus 8722 lowast 8727
        radic 8730 prop 8733 infin 8734 ang 8736 and 8743 or 8744 cap 8745 cup 8746 int 8747 there4 8756
        sim 8764 cong 8773 asymp 8776 ne 8800 equiv 8801 le 8804 ge 8805 sub 8834 sup 8835 nsub 8836
        sube 8838 supe 8839 oplus 8853 otimes 8855 perp 8869 sdot 8901 lceil 8968 rceil 8969 lfloor 8970
        rfloor 8971 lang 9001 rang 9002 loz 9674 spades 9824 clubs 9827 hearts 9829 diams 9830
        """.replacingNewlines()
}

extension String {
    fileprivate func replacingNewlines() -> String {
        String(unicodeScalars.map { $0 == "\n" ? " " : Character($0) })
    }
}
