import System

/// The code a pairing window lets one phone in with: 128 random bits in base32 (RFC 4648's alphabet, no
/// padding), 26 characters a camera reads from the QR code and a person can type from the panel in groups.
public enum PairingCode {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)
    public static let length = 26

    public static func make() throws(SystemCallError) -> String { encode(try RandomBytes.make(16)) }

    /// Base32 of `bytes`, five bits a character, the last character padded with zero bits.
    static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        var buffer = 0, bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                text.append(alphabet[(buffer >> bits) & 31])
            }
        }
        if bits > 0 { text.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The code as the panel shows it for typing: groups of four, `ABCD EFGH … YZ`.
    public static func grouped(_ code: String) -> String {
        var groups: [String] = []
        var rest = Substring(code)
        while !rest.isEmpty {
            groups.append(String(rest.prefix(4)))
            rest = rest.dropFirst(4)
        }
        return groups.joined(separator: " ")
    }

    /// What a person typed, as a code: spaces and dashes between groups dropped, letters made capitals.
    public static func normalized(_ typed: String) -> String {
        String(String.UnicodeScalarView(typed.unicodeScalars.filter { $0 != " " && $0 != "-" }.map {
            ("a"..."z").contains($0) ? Unicode.Scalar($0.value - 32)! : $0
        }))
    }

    /// Whether two secrets are equal, looking at every byte whatever the first difference, so the time an
    /// answer takes says nothing about how much of a guess was right.
    public static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for i in 0..<max(x.count, y.count) {
            difference |= (i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0)
        }
        return difference == 0
    }
}
