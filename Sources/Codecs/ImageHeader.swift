/// What the first bytes of an image say it is: its format and pixel size, read without decoding anything, so
/// the size caps can refuse an image before a decoder allocates for it.
public struct ImageHeader: Equatable, Sendable {
    public let format: ImageFormat
    public let width: Int
    public let height: Int

    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// nil when the bytes are none of the formats, or are cut short before the size.
    public static func read(_ bytes: [UInt8]) -> ImageHeader? {
        let b = HeaderBytes(bytes)
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(b) }
        if b.starts(with: [0xFF, 0xD8]) { return jpeg(b) }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) { return gif(b) }
        if b.starts(with: Array("RIFF".utf8)) && b.matches(Array("WEBP".utf8), at: 8) { return webp(b) }
        if IconDirectory.matches(bytes) { return ico(bytes) }
        return nil
    }

    /// The widest picture of the directory, as the directory gives its size (a picture's own header may differ:
    /// the decoder checks that one too).
    private static func ico(_ bytes: [UInt8]) -> ImageHeader? {
        bytes.withUnsafeBufferPointer { IconDirectory($0) }.map {
            ImageHeader(format: .ico, width: $0.largest.width, height: $0.largest.height)
        }
    }

    /// The first chunk is IHDR: big-endian width and height.
    private static func png(_ b: HeaderBytes) -> ImageHeader? {
        guard b.matches(Array("IHDR".utf8), at: 12), let w = b.bigEndian32(at: 16), let h = b.bigEndian32(at: 20)
        else { return nil }
        return ImageHeader(format: .png, width: w, height: h)
    }

    /// The logical screen: the canvas every frame is placed on.
    private static func gif(_ b: HeaderBytes) -> ImageHeader? {
        guard let w = b.littleEndian16(at: 6), let h = b.littleEndian16(at: 8) else { return nil }
        return ImageHeader(format: .gif, width: w, height: h)
    }

    /// The first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended: the canvas size).
    private static func webp(_ b: HeaderBytes) -> ImageHeader? {
        if b.matches(Array("VP8 ".utf8), at: 12) {
            guard b.matches([0x9D, 0x01, 0x2A], at: 23), let w = b.littleEndian16(at: 26),
                  let h = b.littleEndian16(at: 28) else { return nil }
            return ImageHeader(format: .webp, width: w & 0x3FFF, height: h & 0x3FFF)
        }
        if b.matches(Array("VP8L".utf8), at: 12) {
            guard b.matches([0x2F], at: 20), let bits = b.littleEndian32(at: 21) else { return nil }
            return ImageHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
        }
        if b.matches(Array("VP8X".utf8), at: 12) {
            guard let w = b.littleEndian24(at: 24), let h = b.littleEndian24(at: 27) else { return nil }
            return ImageHeader(format: .webp, width: w + 1, height: h + 1)
        }
        return nil
    }

    /// Walks the marker segments to the first start-of-frame, which holds the size; nil if a scan or the end
    /// comes first.
    private static func jpeg(_ b: HeaderBytes) -> ImageHeader? {
        var i = 2
        while true {
            guard b.byte(at: i) == 0xFF else { return nil }
            // Any number of 0xFF may pad before the marker code.
            while b.byte(at: i) == 0xFF { i += 1 }
            guard let marker = b.byte(at: i) else { return nil }
            i += 1
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            if marker == 0xD9 || marker == 0xDA { return nil }
            guard let length = b.bigEndian16(at: i), length >= 2 else { return nil }
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                guard let h = b.bigEndian16(at: i + 3), let w = b.bigEndian16(at: i + 5) else { return nil }
                return ImageHeader(format: .jpeg, width: w, height: h)
            }
            i += length
        }
    }
}

/// Bounds-checked reads of the integers headers are made of; every read past the end is nil.
private struct HeaderBytes {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func byte(at i: Int) -> UInt8? { i >= 0 && i < bytes.count ? bytes[i] : nil }

    func starts(with prefix: [UInt8]) -> Bool { matches(prefix, at: 0) }

    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, bytes.count - offset >= expected.count else { return false }
        return bytes[offset..<offset + expected.count].elementsEqual(expected)
    }

    private func value(at offset: Int, count: Int, bigEndian: Bool) -> Int? {
        guard offset >= 0, bytes.count - offset >= count else { return nil }
        var v = 0
        for k in 0..<count { v |= Int(bytes[offset + k]) << (8 * (bigEndian ? count - 1 - k : k)) }
        return v
    }

    func bigEndian16(at i: Int) -> Int? { value(at: i, count: 2, bigEndian: true) }
    func bigEndian32(at i: Int) -> Int? { value(at: i, count: 4, bigEndian: true) }
    func littleEndian16(at i: Int) -> Int? { value(at: i, count: 2, bigEndian: false) }
    func littleEndian24(at i: Int) -> Int? { value(at: i, count: 3, bigEndian: false) }
    func littleEndian32(at i: Int) -> Int? { value(at: i, count: 4, bigEndian: false) }
}
