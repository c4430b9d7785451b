/// Atom 0.3's `mode="base64"`: a title or body sent base64-encoded. Whitespace and line breaks inside are
/// ignored; anything else that is not base64, or bytes that are not UTF-8, and the value is nil.
enum Base64Text {
    static func decode(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for byte in text.utf8 {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "="), 0x20, 0x09, 0x0A, 0x0D: continue
            default: return nil
            }
            buffer = buffer << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        guard FeedCharset.isValidUTF8(bytes[...]) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
