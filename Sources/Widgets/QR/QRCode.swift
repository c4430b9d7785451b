import CQRencode

/// Why a text has no QR code.
public struct QRCodeError: Error, Equatable, CustomStringConvertible, Sendable {
    public let description: String
}

/// The modules of a QR code for a text: what the wall shows so a phone can take a link away (there is no
/// browser on the panel). Level M survives a smudge or a glare spot on the glass without growing the code much;
/// 8-bit mode keeps any URL exactly as written, case and all.
public struct QRCode: Hashable, Sendable {
    /// 1...40; the smallest that holds the text.
    public let version: Int
    /// Modules on a side: 17 + 4 × version.
    public let size: Int
    /// Row-major, `true` for a dark module.
    private let modules: [Bool]

    /// The most bytes a code can hold at level M in 8-bit mode (version 40).
    public static let capacity = 2_331

    public init(encoding text: String) throws(QRCodeError) {
        let bytes = Array(text.utf8)
        // Checked here rather than through libqrencode's errno, so the message can say by how much.
        guard bytes.count <= Self.capacity else {
            throw QRCodeError(description: "text too long for a QR code: \(bytes.count) bytes, at most \(Self.capacity)")
        }
        guard !bytes.isEmpty else { throw QRCodeError(description: "no text to make a QR code of") }
        guard let code = QRcode_encodeData(Int32(bytes.count), bytes, 0, QR_ECLEVEL_M) else {
            throw QRCodeError(description: "libqrencode could not encode \(bytes.count) bytes")
        }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        version = Int(code.pointee.version)
        self.size = size
        // Bit 0 of each byte is the module's colour; the other bits only say what the module is for.
        modules = (0..<size * size).map { code.pointee.data[$0] & 1 == 1 }
    }

    /// Outside the grid is the quiet zone: light.
    public func isDark(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }
}
