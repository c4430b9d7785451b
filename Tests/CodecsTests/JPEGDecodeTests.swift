import Testing
@testable import Codecs

@Suite struct JPEGDecodeTests {
    @Test func solidColourAtFullSize() throws {
        let s = try ImageDecoder.decode(encodeJPEG(width: 24, height: 16) { _, _ in (200, 40, 90, 255) },
                                        fittingWidth: 100)
        #expect(s.width == 24 && s.height == 16 && s.format == .xrgb8888)
        for y in 0..<16 { for x in 0..<24 { #expect(close(s[x, y], 0xFFC8_285A, within: 3)) } }
    }

    @Test func twoColoursDownsampledToTheFittingWidth() throws {
        // Left half red, right half blue, 400x300 into 100 wide: 100x75, the halves still apart.
        let jpeg = encodeJPEG(width: 400, height: 300) { x, _ in x < 200 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        let s = try ImageDecoder.decode(jpeg, fittingWidth: 100)
        #expect(s.width == 100 && s.height == 75)
        for y in [0, 37, 74] {
            #expect(close(s[0, y], 0xFFFF_0000, within: 4))
            #expect(close(s[47, y], 0xFFFF_0000, within: 4))
            #expect(close(s[52, y], 0xFF00_00FF, within: 4))
            #expect(close(s[99, y], 0xFF00_00FF, within: 4))
        }
    }

    @Test func dctScaleIsTheSmallestFastScaleStillWideEnough() {
        // Only 1/8, 2/8, 4/8 and 8/8 have libjpeg-turbo's SIMD inverse DCTs: 1000 of 1920 decodes whole.
        #expect(JPEGDecoder.scaleNumerator(width: 1920, target: 1000) == 8)
        #expect(JPEGDecoder.scaleNumerator(width: 1920, target: 960) == 4)
        #expect(JPEGDecoder.scaleNumerator(width: 1920, target: 240) == 1)
        #expect(JPEGDecoder.scaleNumerator(width: 1920, target: 241) == 2)
        #expect(JPEGDecoder.scaleNumerator(width: 1920, target: 481) == 4)
        #expect(JPEGDecoder.scaleNumerator(width: 100, target: 100) == 8)
        #expect(JPEGDecoder.scaleNumerator(width: 9, target: 2) == 1, "9·1/8 rounds up to 2")
    }

    @Test func aSizeNotOnTheScaleGridKeepsItsAspect() throws {
        let jpeg = encodeJPEG(width: 333, height: 101, progressive: true) { x, y in (UInt8(x % 256), UInt8(y), 0, 255) }
        let s = try ImageDecoder.decode(jpeg, fittingWidth: 97)
        #expect(s.width == 97 && s.height == 29)
    }

    @Test func adobeCMYKIsStoredInverted() throws {
        // As Photoshop stores it: 255 is no ink. Red is no cyan, full magenta and yellow, no black.
        let jpeg = encodeJPEG(width: 16, height: 8, cmyk: true) { x, _ in x < 8 ? (255, 0, 0, 255) : (255, 255, 255, 128) }
        let s = try ImageDecoder.decode(jpeg, fittingWidth: 16)
        #expect(close(s[2, 4], 0xFFFF_0000, within: 3))
        #expect(close(s[13, 4], 0xFF80_8080, within: 3), "no colour, half black")
    }

    @Test func neverUpscales() throws {
        let s = try ImageDecoder.decode(encodeJPEG(width: 10, height: 30) { _, _ in (0, 255, 0, 255) },
                                        fittingWidth: 1000)
        #expect(s.width == 10 && s.height == 30)
    }

    @Test func onePixel() throws {
        let s = try ImageDecoder.decode(encodeJPEG(width: 1, height: 1) { _, _ in (10, 20, 250, 255) },
                                        fittingWidth: 1)
        #expect(s.width == 1 && s.height == 1)
        #expect(close(s[0, 0], 0xFF0A_14FA, within: 4))
    }

    @Test func truncatedFileIsAnErrorOrAPartialImage() {
        let jpeg = encodeJPEG(width: 160, height: 120, quality: 90) { x, y in
            (UInt8(x * 7 % 256), UInt8(y * 13 % 256), UInt8((x ^ y) % 256), 255)
        }
        for cut in [jpeg.count / 2, jpeg.count - 3, 200, 160, 30, 3] {
            switch Result(catching: { try ImageDecoder.decode(Array(jpeg.prefix(cut)), fittingWidth: 80) }) {
            case .success(let s): #expect(s.width == 80 && s.height == 60, "cut at \(cut)")
            case .failure(let e): #expect(e is ImageError, "cut at \(cut)")
            }
        }
    }
}
