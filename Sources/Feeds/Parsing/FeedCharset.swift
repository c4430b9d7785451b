import Glibc

/// Turns a feed's bytes into UTF-8 the way feedparser and browsers settle a charset (RFC 3023, docs/feeds.md):
/// a byte order mark first; for an XML media type the HTTP charset beats the XML declaration; then the
/// declaration; then the HTTP charset of any other type; else UTF-8. Whatever was chosen, bytes that do not
/// decode fall back: valid UTF-8 stays UTF-8, anything else is read as windows-1252 (the classic case: a feed
/// declared UTF-8 whose CMS pasted cp1252 quotes). The XML declaration still names the feed's own encoding:
/// libxml2 is told to ignore it (FeedXML), and a feed already in UTF-8 is not copied. One departure from RFC 3023: `text/xml` without a charset is
/// not taken as US-ASCII (feeds served that way are UTF-8 or say so in their declaration).
///
/// EBCDIC feeds (IBM037, IBM500, IBM875, IBM1140…, whatever glibc's iconv knows) cannot say so in a declaration
/// anyone reads as ASCII: the declaration is in EBCDIC too. Their first bytes give them away, as the XML
/// specification's Appendix F says (`<?xm` is 4C 6F A7 94), and the declaration is then read through IBM037,
/// as every EBCDIC code page writes a declaration's letters, digits and punctuation alike.
enum FeedCharset {
    static func utf8(_ bytes: [UInt8], contentType: String?) -> [UInt8] {
        var body = bytes[...]
        var chosen: String?
        let (mediaType, httpCharset) = parse(contentType: contentType)
        if body.starts(with: [0xEF, 0xBB, 0xBF]) {
            body = body.dropFirst(3)
            chosen = "utf-8"
        } else if body.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            body = body.dropFirst(4)
            chosen = "utf-32be"
        } else if body.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            body = body.dropFirst(4)
            chosen = "utf-32le"
        } else if body.starts(with: [0xFE, 0xFF]) {
            body = body.dropFirst(2)
            chosen = "utf-16be"
        } else if body.starts(with: [0xFF, 0xFE]) {
            body = body.dropFirst(2)
            chosen = "utf-16le"
        } else if body.starts(with: [0x00, 0x00, 0x00, 0x3C]) {
            chosen = "utf-32be"
        } else if body.starts(with: [0x3C, 0x00, 0x00, 0x00]) {
            chosen = "utf-32le"
        } else if body.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
            chosen = "utf-16be"
        } else if body.starts(with: [0x3C, 0x00, 0x3F, 0x00]) {
            chosen = "utf-16le"
        } else if body.starts(with: ebcdicXMLDeclaration) {
            chosen = ebcdicCharset(body, httpCharset: httpCharset)
        }
        if chosen == nil {
            let declared = declaredEncoding(body)
            if isXMLMediaType(mediaType), let httpCharset {
                chosen = httpCharset
            } else {
                chosen = declared ?? httpCharset
            }
            // No BOM and `<?xml` readable as ASCII: whatever the label says, this is not UTF-16 or UTF-32
            // (a template copied with its declaration, a server's default header).
            if let label = chosen.map(normalized), ["utf16", "utf32", "ucs2", "ucs4", "unicode"].contains(where: label.hasPrefix) {
                chosen = "utf-8"
            }
        }
        let charset = chosen ?? "utf-8"
        var decoded: [UInt8]
        if isUTF8(charset), case let check = checkUTF8(body), check.isValid {
            // The usual case, checked in one pass that also says whether there are C1 controls to repair.
            decoded = body.count == bytes.count ? bytes : Array(body)
            if check.hasC1Controls { decoded = withoutC1Controls(decoded) }
        } else {
            decoded = decode(body, charset: charset)
            // C1 controls in EBCDIC are EBCDIC's own (NEL ends its lines), not windows-1252 gone through Latin-1.
            decoded = isEBCDIC(charset) ? withNextLinesAsLineFeeds(decoded) : withoutC1Controls(decoded)
        }
        // Whitespace before `<?xml` (a template's stray newline) makes the declaration an error.
        var first = 0
        while first < decoded.count, [0x20, 0x09, 0x0A, 0x0D].contains(decoded[first]) { first += 1 }
        if first > 0, decoded[first...].starts(with: Array("<?xml".utf8)) {
            decoded.removeSubrange(..<first)
        }
        return decoded
    }

    /// Labels of UTF-8 (and of ASCII, which is UTF-8 as far as valid bytes go).
    static func isUTF8(_ charset: String) -> Bool {
        switch normalized(charset) {
        case "utf8", "unicode11utf8", "unicode20utf8", "xunicode20utf8", "usascii", "ascii": true
        default: false
        }
    }

    static func decode(_ bytes: ArraySlice<UInt8>, charset: String) -> [UInt8] {
        switch normalized(charset) {
        case "utf8", "unicode11utf8", "unicode20utf8", "xunicode20utf8", "usascii", "ascii":
            return isValidUTF8(bytes) ? Array(bytes) : windows1252(bytes)
        case "iso88591", "latin1", "l1", "windows1252", "cp1252", "xcp1252", "iso885915", "cp819", "ibm819":
            // As browsers do: ISO-8859-1 labels mean windows-1252 (C1 controls are never meant in a feed).
            return windows1252(bytes)
        default:
            if let converted = iconv(bytes, from: charset) { return converted }
            return isValidUTF8(bytes) ? Array(bytes) : windows1252(bytes)
        }
    }

    /// `<?xm` in EBCDIC.
    static let ebcdicXMLDeclaration: [UInt8] = [0x4C, 0x6F, 0xA7, 0x94]

    /// The code page of a document that starts with `<?xm` in EBCDIC: an HTTP charset naming an EBCDIC code page,
    /// else the declaration's, else IBM037 (US and Canada, the one feedparser assumes).
    static func ebcdicCharset(_ body: ArraySlice<UInt8>, httpCharset: String?) -> String {
        if let httpCharset, isEBCDIC(httpCharset) { return httpCharset }
        // The declaration ends within its first 512 bytes (declaredEncoding looks no further).
        if let head = iconv(body.prefix(512), from: "IBM037"), let declared = declaredEncoding(head[...]), isEBCDIC(declared) {
            return declared
        }
        return "IBM037"
    }

    /// Whether iconv knows `charset` as an EBCDIC code page: one in which `<?xm` is written 4C 6F A7 94.
    static func isEBCDIC(_ charset: String) -> Bool {
        switch normalized(charset) {
        case "utf8", "usascii", "ascii", "iso88591", "latin1", "windows1252", "cp1252": return false  // the usual, without iconv
        default: return iconv(ebcdicXMLDeclaration[...], from: charset) == Array("<?xm".utf8)
        }
    }

    /// EBCDIC's line end, NEL (0x15, U+0085), as the line feed it means: XML 1.0 does not count it as
    /// whitespace, so inside a tag it would be an error, and in text it would be a character nobody sees.
    static func withNextLinesAsLineFeeds(_ utf8: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            if utf8[index] == 0xC2, index + 1 < utf8.count, utf8[index + 1] == 0x85 {
                out.append(0x0A)
                index += 2
            } else {
                out.append(utf8[index])
                index += 1
            }
        }
        return out
    }

    static func normalized(_ charset: String) -> String {
        String(charset.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) })
    }

    /// `application/xml`, `application/rss+xml`, `text/xml`, … whose charset parameter RFC 3023 puts first.
    static func isXMLMediaType(_ mediaType: String) -> Bool {
        mediaType == "application/xml" || mediaType == "text/xml" || mediaType == "application/xml-dtd"
            || mediaType == "application/xml-external-parsed-entity"
            || (mediaType.hasPrefix("application/") || mediaType.hasPrefix("text/")) && mediaType.hasSuffix("+xml")
    }

    /// The media type in lowercase and the charset parameter, if any.
    static func parse(contentType: String?) -> (mediaType: String, charset: String?) {
        guard let contentType else { return ("", nil) }
        let parts = contentType.split(separator: ";")
        let mediaType = parts.first.map { String($0).trimmingASCIIWhitespace().lowercased() } ?? ""
        var charset: String?
        for part in parts.dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, String(pair[0]).trimmingASCIIWhitespace().lowercased() == "charset" else { continue }
            var value = String(pair[1]).trimmingASCIIWhitespace()
            if value.hasPrefix("\"") || value.hasPrefix("'") { value = String(value.dropFirst().dropLast()) }
            if !value.isEmpty { charset = value }
        }
        return (mediaType, charset)
    }

    /// The `encoding` of a leading `<?xml … ?>` declaration (ASCII-compatible encodings only; UTF-16 has a BOM).
    static func declaredEncoding(_ bytes: ArraySlice<UInt8>) -> String? {
        guard let range = declarationRange(bytes) else { return nil }
        return encodingAttribute(bytes[range])?.value
    }

    private static func declarationRange(_ bytes: ArraySlice<UInt8>) -> Range<Int>? {
        var start = bytes.startIndex
        while start < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard bytes[start...].starts(with: Array("<?xml".utf8)) else { return nil }
        let limit = min(bytes.endIndex, start + 512)
        var index = start + 5
        while index + 1 < limit {
            if bytes[index] == UInt8(ascii: "?") && bytes[index + 1] == UInt8(ascii: ">") { return start..<(index + 2) }
            index += 1
        }
        return nil
    }

    private static func encodingAttribute(_ declaration: ArraySlice<UInt8>) -> (range: Range<Int>, value: String)? {
        let needle = Array("encoding".utf8)
        var index = declaration.startIndex
        while index + needle.count <= declaration.endIndex {
            if declaration[index..<(index + needle.count)].elementsEqual(needle) {
                var cursor = index + needle.count
                while cursor < declaration.endIndex, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "=")].contains(declaration[cursor]) {
                    cursor += 1
                }
                guard cursor < declaration.endIndex else { return nil }
                let quote = declaration[cursor]
                guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
                let valueStart = cursor + 1
                var valueEnd = valueStart
                while valueEnd < declaration.endIndex, declaration[valueEnd] != quote { valueEnd += 1 }
                guard valueEnd < declaration.endIndex else { return nil }
                return (index..<(valueEnd + 1), String(decoding: declaration[valueStart..<valueEnd], as: UTF8.self))
            }
            index += 1
        }
        return nil
    }

    /// Whether `bytes` are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past
    /// U+10FFFF).
    static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool { checkUTF8(bytes).isValid }

    /// Whether `bytes` are well-formed UTF-8, and whether they hold C1 controls (U+0080...U+009F). Written out
    /// because it runs over every byte of every feed: eight ASCII bytes at a time, through a span, whose loads
    /// are bounds-checked like an array's.
    static func checkUTF8(_ bytes: ArraySlice<UInt8>) -> (isValid: Bool, hasC1Controls: Bool) {
        let span = bytes.span
        let raw = span.bytes
        var index = 0
        let end = span.count
        var hasC1Controls = false
        while index < end {
            if end - index >= 8, raw.unsafeLoadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let lead = span[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF  // the second byte's range
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return (false, hasC1Controls)
            }
            guard end - index >= length, (low...high).contains(span[index + 1]) else { return (false, hasC1Controls) }
            if lead == 0xC2 && span[index + 1] <= 0x9F { hasC1Controls = true }
            var offset = 2
            while offset < length {
                guard span[index + offset] & 0xC0 == 0x80 else { return (false, hasC1Controls) }
                offset += 1
            }
            index += length
        }
        return (true, hasC1Controls)
    }

    static func windows1252(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            let scalar: UInt32 = byte >= 0x80 && byte < 0xA0 ? cp1252High[Int(byte - 0x80)] : UInt32(byte)
            switch scalar {
            case ..<0x80:
                utf8.append(UInt8(scalar))
            case ..<0x800:
                utf8.append(UInt8(0xC0 | scalar >> 6))
                utf8.append(UInt8(0x80 | scalar & 0x3F))
            default:
                utf8.append(UInt8(0xE0 | scalar >> 12))
                utf8.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                utf8.append(UInt8(0x80 | scalar & 0x3F))
            }
        }
        return utf8
    }

    /// U+0080...U+009F are C1 controls nobody means in a feed: they are windows-1252 bytes that went through a
    /// Latin-1 decoder somewhere upstream. Read them as windows-1252 (what feedparser and browsers do).
    static func withoutC1Controls(_ utf8: [UInt8]) -> [UInt8] {
        var scan = 0
        while scan + 1 < utf8.count && !(utf8[scan] == 0xC2 && (0x80...0x9F).contains(utf8[scan + 1])) { scan += 1 }
        guard scan + 1 < utf8.count else { return utf8 }
        let first = scan
        var out = Array(utf8[..<first])
        var index = first
        while index < utf8.count {
            if utf8[index] == 0xC2, index + 1 < utf8.count, (0x80...0x9F).contains(utf8[index + 1]),
               let scalar = Unicode.Scalar(cp1252High[Int(utf8[index + 1] - 0x80)]) {
                out.append(contentsOf: Array(String(scalar).utf8))
                index += 2
            } else {
                out.append(utf8[index])
                index += 1
            }
        }
        return out
    }

    /// 0x80...0x9F in windows-1252; the five undefined bytes keep their C1 code point.
    static let cp1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// IANA's `ebcdic-cp-xx` labels by the code page each names, as iconv knows them all: glibc keeps these
    /// aliases in a configuration file of extras that a trimmed system may not have, and a feed declaring
    /// `ebcdic-cp-be` (IBM500) was then refused though the code page itself was there.
    static let ebcdicLabels: [String: String] = [
        "ebcdiccpus": "IBM037", "ebcdiccpca": "IBM037", "ebcdiccpwt": "IBM037", "ebcdiccpnl": "IBM037",
        "ebcdiccpbe": "IBM500", "ebcdiccpch": "IBM500", "ebcdiccpdk": "IBM277", "ebcdiccpno": "IBM277",
        "ebcdiccpfi": "IBM278", "ebcdiccpse": "IBM278", "ebcdiccpit": "IBM280", "ebcdiccpes": "IBM284",
        "ebcdiccpgb": "IBM285", "ebcdiccpfr": "IBM297", "ebcdiccpar1": "IBM420", "ebcdiccphe": "IBM424",
        "ebcdiccproece": "IBM870", "ebcdiccpyu": "IBM870", "ebcdiccpis": "IBM871", "ebcdiccpar2": "IBM918",
    ]

    /// Any other charset through glibc's iconv; nil when unknown or when the bytes are not in it.
    private static func iconv(_ bytes: ArraySlice<UInt8>, from charset: String) -> [UInt8]? {
        let converter = iconv_open("UTF-8", ebcdicLabels[normalized(charset)] ?? charset)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = Array(bytes)
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        let produced: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress)?
                    .assumingMemoryBound(to: CChar.self)
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress)?
                    .assumingMemoryBound(to: CChar.self)
                var inLeft = inBuffer.count
                var outLeft = outBuffer.count
                let result = Glibc.iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                guard result != -1 || inLeft == 0 else { return nil }
                return outBuffer.count - outLeft
            }
        }
        guard let produced else { return nil }
        return Array(output[..<produced])
    }
}
