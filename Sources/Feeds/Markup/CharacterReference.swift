/// HTML character references (`&amp;`, `&eacute;`, `&#8220;`, `&#x201D;`) decoded as HTML5 does for text:
/// numbers that name no character become U+FFFD, and 128...159 are read as windows-1252, which is what the
/// publisher meant. An ampersand that starts no known reference is itself.
///
/// HTML's legacy names (`&amp`, `&quot`, `&copy`, `&eacute`: XML's four and Latin-1's, which browsers have always
/// read without their semicolon) are decoded without one too, the longest that prefixes the letters after `&`
/// (`&copy2024` is ©2024, `&notit;` is ¬it;); in an attribute value not when a letter, digit or `=` follows
/// (`?a=1&copy=2` is a query), as the HTML specification says.
enum CharacterReference {
    /// Decodes the reference at `bytes[start] == "&"`, hands its character to `emit`, and returns the index
    /// after it. `inAttribute`: the reference is in an attribute's value.
    static func decode(_ bytes: [UInt8], at start: Int, inAttribute: Bool = false,
                       emit: (Unicode.Scalar) -> Void) -> Int {
        var index = start + 1
        if index < bytes.count && bytes[index] == UInt8(ascii: "#") {
            index += 1
            let hex = index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "x")
            if hex { index += 1 }
            let digitsStart = index
            var value: UInt32 = 0
            while index < bytes.count, let digit = digitValue(bytes[index], hex: hex) {
                value = min(value &* (hex ? 16 : 10) &+ digit, 0x11_0000)
                index += 1
            }
            guard index > digitsStart else {
                emit("&")
                return start + 1
            }
            if index < bytes.count && bytes[index] == UInt8(ascii: ";") { index += 1 }
            emit(character(for: value))
            return index
        }
        let nameStart = index
        while index < bytes.count, index - nameStart <= 32, isNameByte(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ";"), let code = named(bytes[nameStart..<index]) {
            emit(code)
            return index + 1
        }
        if let (code, end) = legacy(bytes[nameStart..<index]) {
            let next = end < bytes.count ? bytes[end] : 0
            if !(inAttribute && (isNameByte(next) || next == UInt8(ascii: "="))) {
                emit(code)
                return end
            }
        }
        emit("&")
        return start + 1
    }

    /// The longest legacy name `letters` starts with: its character and the index after it.
    static func legacy(_ letters: ArraySlice<UInt8>) -> (Unicode.Scalar, end: Int)? {
        var length = min(letters.count, longestLegacyName)
        while length >= 2 {
            let name = letters.prefix(length)
            if let code = legacyNames[String(decoding: name, as: UTF8.self)] { return (code, name.endIndex) }
            length -= 1
        }
        return nil
    }

    /// The names HTML reads without a semicolon: XML's four (not `apos`), all of Latin-1's, and the capitalized
    /// `AMP`, `LT`, `GT`, `QUOT`, `COPY` and `REG` (the list in the HTML specification's named references).
    private static let legacyNames: [String: Unicode.Scalar] = {
        var names: [String: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\""]
        for (name, value) in EntityPrepass.table where (160...255).contains(value) {
            names[name] = Unicode.Scalar(UInt8(value))
        }
        for (name, value) in uppercaseNames { names[name] = Unicode.Scalar(UInt8(value)) }
        return names
    }()

    private static let longestLegacyName = 6  // `frac12`, `middot`, `plusmn`…

    /// Whether `name` is one of the capitalized spellings (`AMP`, `COPY`…), which HTML 4 did not have.
    static func isCapitalized(_ name: ArraySlice<UInt8>) -> Bool {
        uppercaseNames[String(decoding: name, as: UTF8.self)] != nil
    }

    /// HTML5's capitalized spellings of six names, with or without a semicolon.
    private static let uppercaseNames: [String: Int] = ["AMP": 38, "LT": 60, "GT": 62, "QUOT": 34, "COPY": 169, "REG": 174]

    /// The character a named reference stands for: XML's five, then HTML 4's list.
    static func named(_ name: ArraySlice<UInt8>) -> Unicode.Scalar? {
        // The common ones by their bytes, without making a string to look up.
        let first = name.first ?? 0
        switch name.count {
        case 2 where name.last == UInt8(ascii: "t"):
            if first == UInt8(ascii: "l") { return "<" }
            if first == UInt8(ascii: "g") { return ">" }
        case 3 where name.elementsEqual("amp".utf8): return "&"
        case 4 where name.elementsEqual("nbsp".utf8): return "\u{A0}"
        case 4 where name.elementsEqual("quot".utf8): return "\""
        default: break
        }
        let key = String(decoding: name, as: UTF8.self)
        guard let value = xmlPredefined[key] ?? EntityPrepass.table[key] ?? uppercaseNames[key] else { return nil }
        return Unicode.Scalar(UInt32(value))
    }

    private static func character(for value: UInt32) -> Unicode.Scalar {
        if (0x80...0x9F).contains(value), let mapped = windows1252[Int(value - 0x80)] { return mapped }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        if (0x30...0x39).contains(byte) { return UInt32(byte - 0x30) }
        let lower = byte | 0x20
        if hex && (0x61...0x66).contains(lower) { return UInt32(lower - 0x61 + 10) }
        return nil
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20)
    }

    private static let xmlPredefined: [String: Int] = ["amp": 38, "lt": 60, "gt": 62, "quot": 34, "apos": 39]

    /// What windows-1252 puts at 0x80...0x9F (nil where it has nothing: those numbers stay as they are).
    private static let windows1252: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]
}
