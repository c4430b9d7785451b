/// Finding the next byte of interest in a feed eight bytes at a time: the pre-pass looks for `<` and `&` over
/// every byte of every feed, and for the end of each CDATA section over most of a blog's. The bytes are read
/// through a span, whose loads are bounds-checked like an array's.
enum ByteSearch {
    /// The first index at or after `from` where `bytes` holds `byte`; `bytes.count` if none does.
    @inline(__always)
    static func firstIndex(of byte: UInt8, in bytes: Span<UInt8>, from: Int) -> Int {
        firstIndex(of: byte, or: byte, in: bytes, from: from)
    }

    /// The first index at or after `from` where `bytes` holds `a` or `b`; `bytes.count` if none does.
    static func firstIndex(of a: UInt8, or b: UInt8, in bytes: Span<UInt8>, from: Int) -> Int {
        let raw = bytes.bytes
        let count = bytes.count
        var index = max(0, from)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let spreadA = ones &* UInt64(a), spreadB = ones &* UInt64(b)
        while count - index >= 8 {
            let word = UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: index, as: UInt64.self))
            // A byte of `word ^ spread` is zero where the byte matched; this sets the high bit of the lowest such
            // byte (and maybe of bytes above it, which do not matter: the lowest is taken).
            let matchA = word ^ spreadA, matchB = word ^ spreadB
            let found = ((matchA &- ones) & ~matchA | (matchB &- ones) & ~matchB) & high
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < count {
            if bytes[index] == a || bytes[index] == b { return index }
            index += 1
        }
        return count
    }

    /// The first index at or after `from` where `bytes` holds any of four bytes; `bytes.count` if none does.
    static func firstIndex(of a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, in bytes: Span<UInt8>, from: Int) -> Int {
        let raw = bytes.bytes
        let count = bytes.count
        var index = max(0, from)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let spreadA = ones &* UInt64(a), spreadB = ones &* UInt64(b), spreadC = ones &* UInt64(c), spreadD = ones &* UInt64(d)
        while count - index >= 8 {
            let word = UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: index, as: UInt64.self))
            let matchA = word ^ spreadA, matchB = word ^ spreadB, matchC = word ^ spreadC, matchD = word ^ spreadD
            let found = ((matchA &- ones) & ~matchA | (matchB &- ones) & ~matchB | (matchC &- ones) & ~matchC
                | (matchD &- ones) & ~matchD) & high
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < count {
            let byte = bytes[index]
            if byte == a || byte == b || byte == c || byte == d { return index }
            index += 1
        }
        return count
    }

    /// The first index at or after `from` where `bytes` holds a byte at or below 0x20 (whitespace and control
    /// characters), `<` or `&`: where a run of plain text in HTML stops. `bytes.count` if none does.
    static func firstTextStop(in bytes: Span<UInt8>, from: Int) -> Int {
        let raw = bytes.bytes
        let count = bytes.count
        var index = max(0, from)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let lessThan = ones &* 0x21, angle = ones &* UInt64(UInt8(ascii: "<")), ampersand = ones &* UInt64(UInt8(ascii: "&"))
        while count - index >= 8 {
            let word = UInt64(littleEndian: raw.unsafeLoadUnaligned(fromByteOffset: index, as: UInt64.self))
            // Bytes below 0x21 (and not 0x80 or above, whose high bit `~word` clears), then the two exact matches.
            let matchAngle = word ^ angle, matchAmpersand = word ^ ampersand
            let found = ((word &- lessThan) & ~word | (matchAngle &- ones) & ~matchAngle
                | (matchAmpersand &- ones) & ~matchAmpersand) & high
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < count {
            let byte = bytes[index]
            if byte <= 0x20 || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") { return index }
            index += 1
        }
        return count
    }
}
