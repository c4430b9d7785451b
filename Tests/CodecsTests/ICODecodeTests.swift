import Raster
import Testing
@testable import Codecs

/// Icon files (favicon.ico) made here byte by byte: a directory, then PNG or BMP pictures.
@Suite struct ICODecodeTests {
    struct Picture {
        var width: Int
        var height: Int
        var bits: Int
        var bytes: [UInt8]
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }

    /// The directory and the pictures after it, each entry pointing at its picture.
    static func icon(_ pictures: [Picture]) -> [UInt8] {
        var head = [0, 0, 1, 0] + le16(pictures.count)
        var body: [UInt8] = []
        var offset = 6 + 16 * pictures.count
        for picture in pictures {
            head += [UInt8(picture.width & 0xFF), UInt8(picture.height & 0xFF), 0, 0] + le16(1) + le16(picture.bits)
                + le32(picture.bytes.count) + le32(offset)
            body += picture.bytes
            offset += picture.bytes.count
        }
        return head + body
    }

    /// A headerless BMP of 32 bits a pixel (straight alpha), bottom-up, with a mask of `masked` pixels.
    static func bitmap32(width: Int, height: Int, masked: (Int, Int) -> Bool = { _, _ in false },
                         _ pixel: (Int, Int) -> RGBA) -> [UInt8] {
        var bytes = le32(40) + le32(width) + le32(2 * height) + le16(1) + le16(32) + le32(0) + le32(0)
            + le32(0) + le32(0) + le32(0) + le32(0)
        for y in (0..<height).reversed() {
            for x in 0..<width {
                let p = pixel(x, y)
                bytes += [p.b, p.g, p.r, p.a]
            }
        }
        return bytes + mask(width: width, height: height, masked)
    }

    /// An 8-bit palettized BMP: `index(x, y)` into `palette`, transparency from the mask.
    static func bitmap8(width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)], masked: (Int, Int) -> Bool,
                        _ index: (Int, Int) -> UInt8) -> [UInt8] {
        var bytes = le32(40) + le32(width) + le32(2 * height) + le16(1) + le16(8) + le32(0) + le32(0)
            + le32(0) + le32(0) + le32(palette.count) + le32(0)
        for (r, g, b) in palette { bytes += [b, g, r, 0] }
        let stride = (width * 8 + 31) / 32 * 4
        for y in (0..<height).reversed() {
            var row = (0..<width).map { index($0, y) }
            row += [UInt8](repeating: 0, count: stride - width)
            bytes += row
        }
        return bytes + mask(width: width, height: height, masked)
    }

    static func mask(width: Int, height: Int, _ masked: (Int, Int) -> Bool) -> [UInt8] {
        let stride = (width + 31) / 32 * 4
        var bytes: [UInt8] = []
        for y in (0..<height).reversed() {
            var row = [UInt8](repeating: 0, count: stride)
            for x in 0..<width where masked(x, y) { row[x / 8] |= 0x80 >> UInt8(x % 8) }
            bytes += row
        }
        return bytes
    }

    static func red(_: Int, _: Int) -> RGBA { (255, 0, 0, 255) }
    static func blue(_: Int, _: Int) -> RGBA { (0, 0, 255, 255) }

    @Test func theHeaderGivesTheWidestPicture() throws {
        let file = Self.icon([Picture(width: 16, height: 16, bits: 32, bytes: Self.bitmap32(width: 16, height: 16, Self.red)),
                              Picture(width: 0, height: 0, bits: 32, bytes: try encodePNG(width: 256, height: 256, Self.blue))])
        #expect(ImageHeader.read(file) == ImageHeader(format: .ico, width: 256, height: 256))
    }

    @Test func choosesTheSmallestPictureAtLeastAsWideAsAsked() throws {
        let file = Self.icon([Picture(width: 16, height: 16, bits: 32, bytes: Self.bitmap32(width: 16, height: 16, Self.red)),
                              Picture(width: 48, height: 48, bits: 32, bytes: try encodePNG(width: 48, height: 48, Self.blue))])
        let small = try ImageDecoder.decode(file, fittingWidth: 16)
        #expect(small.width == 16 && small.height == 16)
        #expect(small.row(8)[8] == 0xFFFF_0000)  // the BMP: red
        let large = try ImageDecoder.decode(file, fittingWidth: 32)
        #expect(large.width == 32 && large.height == 32)  // the 48-pixel PNG, shrunk
        #expect(large.row(8)[8] == 0xFF00_00FF)
        // Wider than any picture: the widest, never enlarged.
        let widest = try ImageDecoder.decode(file, fittingWidth: 100)
        #expect(widest.width == 48)
    }

    @Test func aBitmapIsReadBottomUpWithItsAlpha() throws {
        // Top half green and opaque, bottom half half-transparent white.
        let bmp = Self.bitmap32(width: 8, height: 8) { _, y in y < 4 ? (0, 255, 0, 255) : (255, 255, 255, 128) }
        let surface = try ImageDecoder.decode(Self.icon([Picture(width: 8, height: 8, bits: 32, bytes: bmp)]), fittingWidth: 8)
        #expect(surface.row(0)[0] == 0xFF00_FF00)
        #expect(surface.row(7)[7] == 0x8080_8080)  // premultiplied
    }

    @Test func aPalettedBitmapTakesItsTransparencyFromTheMask() throws {
        let bmp = Self.bitmap8(width: 4, height: 4, palette: [(255, 0, 0), (0, 0, 255)], masked: { x, _ in x == 0 }) { x, _ in
            x < 2 ? 0 : 1
        }
        let surface = try ImageDecoder.decode(Self.icon([Picture(width: 4, height: 4, bits: 8, bytes: bmp)]), fittingWidth: 4)
        #expect(surface.row(0)[0] == 0)  // masked
        #expect(surface.row(0)[1] == 0xFFFF_0000)
        #expect(surface.row(3)[3] == 0xFF00_00FF)
    }

    @Test func anOldStyle32BitBitmapWithNoAlphaUsesItsMask() throws {
        let bmp = Self.bitmap32(width: 4, height: 4, masked: { x, y in x == y }) { _, _ in (10, 20, 30, 0) }
        let surface = try ImageDecoder.decode(Self.icon([Picture(width: 4, height: 4, bits: 32, bytes: bmp)]), fittingWidth: 4)
        #expect(surface.row(1)[1] == 0)
        #expect(surface.row(1)[2] == 0xFF0A_141E)
    }

    @Test func hostileIconsAreErrorsNeverCrashes() throws {
        let good = Self.icon([Picture(width: 16, height: 16, bits: 32, bytes: Self.bitmap32(width: 16, height: 16, Self.red))])
        // Cut anywhere: in the directory, the bitmap header, the rows or the mask.
        for length in stride(from: 6, to: good.count, by: 7) {
            _ = try? ImageDecoder.decode(Array(good.prefix(length)), fittingWidth: 16)
        }
        #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(good.prefix(60)), fittingWidth: 16) }
        // A file cut short leaves its entry pointing past the end: no picture is found at all.
        #expect(throws: ImageError.unrecognized) { try ImageDecoder.decode(Array(good.dropLast()), fittingWidth: 16) }
        // A picture whose rows are cut short is refused; a missing mask alone is not (the colours say everything).
        let bitmap = Self.bitmap32(width: 16, height: 16, Self.red)
        #expect(throws: ImageError.corrupt(.ico, "bitmap rows cut short")) {
            try ImageDecoder.decode(Self.icon([Picture(width: 16, height: 16, bits: 32, bytes: Array(bitmap.dropLast(64 + 1)))]),
                                    fittingWidth: 16)
        }
        let unmasked = try ImageDecoder.decode(
            Self.icon([Picture(width: 16, height: 16, bits: 32, bytes: Array(bitmap.dropLast(64)))]), fittingWidth: 16)
        #expect(unmasked.row(15)[15] == 0xFFFF_0000)
        // An entry pointing past the end: no picture within the file.
        var outside = good
        outside.replaceSubrange(18..<22, with: Self.le32(1 << 30))
        #expect(throws: ImageError.self) { try ImageDecoder.decode(outside, fittingWidth: 16) }
        // A bitmap claiming 40,000 pixels a side is refused from its header, before any row is read.
        var huge = Self.bitmap32(width: 2, height: 2, Self.red)
        huge.replaceSubrange(4..<12, with: Self.le32(40_000) + Self.le32(80_000))
        #expect(throws: ImageError.tooLarge(width: 40_000, height: 40_000)) {
            try ImageDecoder.decode(Self.icon([Picture(width: 2, height: 2, bits: 32, bytes: huge)]), fittingWidth: 16)
        }
        // A negative (top-down) height, a count of 65,535 entries over a short file, a palette index past the palette.
        var negative = Self.bitmap32(width: 2, height: 2, Self.red)
        negative.replaceSubrange(8..<12, with: Self.le32(-4 & 0xFFFF_FFFF))
        #expect(throws: ImageError.self) {
            try ImageDecoder.decode(Self.icon([Picture(width: 2, height: 2, bits: 32, bytes: negative)]), fittingWidth: 16)
        }
        var many = good
        many.replaceSubrange(4..<6, with: [0xFF, 0xFF])
        #expect(try ImageDecoder.decode(many, fittingWidth: 16).width == 16)  // the one real entry still reads
        let shortPalette = Self.bitmap8(width: 2, height: 2, palette: [(1, 2, 3)], masked: { _, _ in false }) { _, _ in 200 }
        let drawn = try ImageDecoder.decode(Self.icon([Picture(width: 2, height: 2, bits: 8, bytes: shortPalette)]), fittingWidth: 2)
        #expect(drawn.row(0)[0] == 0)
        // Random mutations of a valid icon.
        var seed: UInt64 = 11
        for _ in 0..<500 {
            var bytes = good
            for _ in 0..<4 {
                let at = Int(next(&seed) % UInt64(bytes.count))
                bytes[at] = UInt8(truncatingIfNeeded: next(&seed))
            }
            _ = try? ImageDecoder.decode(bytes, fittingWidth: 16)
        }
    }
}
