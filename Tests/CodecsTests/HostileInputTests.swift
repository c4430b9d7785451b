import Testing
@testable import Codecs

/// Bytes from the network are hostile: every failure is a thrown `ImageError`, sizes are capped from the header
/// before anything is decoded, and no mutation of a valid file crashes a decoder.
@Suite struct HostileInputTests {
    @Test func emptyAndGarbage() {
        #expect(throws: ImageError.empty) { try ImageDecoder.decode([], fittingWidth: 100) }
        var seed: UInt64 = 1
        let garbage = (0..<4096).map { _ in UInt8(truncatingIfNeeded: next(&seed) >> 33) }
        #expect(throws: ImageError.unrecognized) { try ImageDecoder.decode(garbage, fittingWidth: 100) }
        #expect(throws: ImageError.badFittingWidth(0)) { try ImageDecoder.decode([1, 2, 3], fittingWidth: 0) }
    }

    @Test func aFormatsSignatureFollowedByGarbage() {
        var seed: UInt64 = 7
        let signatures: [[UInt8]] = [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF],
                                     Array("GIF89a".utf8), Array("RIFF\0\0\0\0WEBPVP8L".utf8)]
        for signature in signatures {
            for length in [0, 1, 10, 100, 2000] {
                let bytes = signature + (0..<length).map { _ in UInt8(truncatingIfNeeded: next(&seed) >> 29) }
                #expect(throws: ImageError.self) { try ImageDecoder.decode(bytes, fittingWidth: 50) }
            }
        }
    }

    @Test func aPNGClaiming50000SquareIsRefusedFromItsHeader() {
        let png = pngHeader(width: 50_000, height: 50_000)
        let start = ContinuousClock.now
        // Only the header is there: had libpng been started, the missing image data would be the error.
        #expect(throws: ImageError.tooLarge(width: 50_000, height: 50_000)) { try ImageDecoder.decode(png, fittingWidth: 800) }
        #expect(throws: ImageError.tooLarge(width: 20_000, height: 20_000)) {
            try ImageDecoder.decode(pngHeader(width: 20_000, height: 20_000), fittingWidth: 800)
        }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func aDecompressionBombIsRefusedByTheHeaderCap() {
        // 12 kB of PNG that inflates to a 10,000 x 10,000 picture (100 megapixels).
        let bomb = fixture("bomb-10000x10000.png")
        #expect(bomb.count > 1000 && bomb.count < 20_000)
        let start = ContinuousClock.now
        #expect(throws: ImageError.tooLarge(width: 10_000, height: 10_000)) { try ImageDecoder.decode(bomb, fittingWidth: 800) }
        #expect(throws: ImageError.tooLarge(width: 10_000, height: 10_000)) {
            try ImageDecoder.decode(bomb, fittingWidth: 800, maxPixels: 1_000_000)
        }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func oversizedHeadersOfTheOtherFormats() {
        var jpeg = encodeJPEG(width: 16, height: 16) { _, _ in (1, 2, 3, 255) }
        // The baseline frame header (FFC0): length, precision, then height and width.
        let sof = (0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }!
        jpeg[sof + 5] = 0xEA; jpeg[sof + 6] = 0x60; jpeg[sof + 7] = 0xEA; jpeg[sof + 8] = 0x60
        #expect(throws: ImageError.tooLarge(width: 60_000, height: 60_000)) { try ImageDecoder.decode(jpeg, fittingWidth: 100) }

        let gif = Array("GIF89a".utf8) + [0x50, 0xC3, 0x50, 0xC3, 0, 0, 0] + [0x3B]
        #expect(throws: ImageError.tooLarge(width: 50_000, height: 50_000)) { try ImageDecoder.decode(gif, fittingWidth: 100) }

        // An extended WebP whose canvas is 16384 x 16384.
        let webp = Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0] + [0xFF, 0x3F, 0, 0xFF, 0x3F, 0]
        #expect(throws: ImageError.tooLarge(width: 16_384, height: 16_384)) { try ImageDecoder.decode(webp, fittingWidth: 100) }
    }

    @Test func aGIFFrameLargerThanItsScreenIsCappedToo() {
        var gif = encodeGIF(width: 4, height: 4, palette: [(0, 0, 0), (1, 1, 1)],
                            frames: [GIFFrameSpec(width: 4, height: 4) { _, _ in 1 }])
        // The image descriptor (0x2C) follows the graphics control extension; its width and height at +5, +7.
        let descriptor = (13..<gif.count).first { gif[$0] == 0x2C && gif[$0 - 1] == 0 }!
        gif[descriptor + 5] = 0xFF; gif[descriptor + 6] = 0xFF; gif[descriptor + 7] = 0xFF; gif[descriptor + 8] = 0xFF
        #expect(throws: ImageError.tooLarge(width: 65_535, height: 65_535)) { try ImageDecoder.decode(gif, fittingWidth: 4) }
    }

    @Test func mutatedFilesNeverCrash() throws {
        let pixel: (Int, Int) -> RGBA = { x, y in (UInt8(x * 9 % 256), UInt8(y * 5 % 256), UInt8((x * y) % 256), UInt8(128 + x % 128)) }
        let samples: [[UInt8]] = [
            encodeJPEG(width: 48, height: 40, pixel), encodeJPEG(width: 40, height: 24, progressive: true, pixel),
            try encodePNG(width: 40, height: 30, pixel), fixture("interlaced-40x30.png"),
            encodeWebP(width: 40, height: 30, pixel),
            encodeGIF(width: 40, height: 30, palette: (0..<16).map { (UInt8($0 * 16), 0, 0) },
                      frames: [GIFFrameSpec(width: 40, height: 30, interlaced: true) { x, y in UInt8((x + y) % 16) }]),
        ]
        var seed: UInt64 = 42
        for sample in samples {
            for _ in 0..<300 {
                var bytes = sample
                for _ in 0..<1 + Int(next(&seed) % 4) {
                    bytes[Int(next(&seed) % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: next(&seed))
                }
                if next(&seed) % 4 == 0 { bytes = Array(bytes.prefix(Int(next(&seed) % UInt64(bytes.count)))) }
                do {
                    let s = try ImageDecoder.decode(bytes, fittingWidth: 20, maxPixels: 1_000_000)
                    #expect(s.width >= 1 && s.width <= 20 && s.height >= 1)
                } catch {
                    #expect(error is ImageError)
                }
            }
        }
    }
}

/// A deterministic generator (splitmix64), so a failing mutation can be replayed.
func next(_ state: inout UInt64) -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}

/// A PNG signature and an IHDR chunk (8-bit RGB) with a correct CRC, and nothing else.
func pngHeader(width: Int, height: Int) -> [UInt8] {
    func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
    let body = Array("IHDR".utf8) + be32(width) + be32(height) + [8, 2, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + body + be32(Int(crc32(body)))
}

func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for b in bytes {
        crc ^= UInt32(b)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return ~crc
}
