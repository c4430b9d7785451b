/// Base64 as feeds send it (Atom 0.3's `mode="base64"`) and as Lectern embeds its own sample images: whitespace
/// and line breaks inside are ignored, and both the standard and the URL-safe alphabet are read.
public enum Base64Text {
    /// The bytes `text` encodes; nil when it holds anything that is not base64.
    public static func bytes(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count / 4 * 3)
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
        return bytes
    }

    /// A title or body sent base64-encoded: nil unless the bytes are UTF-8 text.
    static func decode(_ text: String) -> String? {
        guard let bytes = bytes(text), FeedCharset.isValidUTF8(bytes[...]) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
