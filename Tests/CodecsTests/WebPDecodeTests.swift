import Testing
@testable import Codecs

@Suite struct WebPDecodeTests {
    @Test func solidColourAndAlpha() throws {
        let s = try ImageDecoder.decode(encodeWebP(width: 10, height: 6) { x, _ in
            x < 5 ? (10, 200, 30, 255) : (255, 255, 255, 0)
        }, fittingWidth: 10)
        #expect(s.width == 10 && s.height == 6 && s.format == .argb8888)
        #expect(s[0, 0] == 0xFF0A_C81E && s[4, 5] == 0xFF0A_C81E)
        #expect(s[5, 0] == 0 && s[9, 5] == 0)
    }

    @Test func scalesWhileDecoding() throws {
        let webp = encodeWebP(width: 200, height: 100) { x, _ in x < 100 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        let s = try ImageDecoder.decode(webp, fittingWidth: 50)
        #expect(s.width == 50 && s.height == 25)
        #expect(close(s[0, 0], 0xFFFF_0000, within: 2) && close(s[20, 24], 0xFFFF_0000, within: 2))
        #expect(close(s[30, 0], 0xFF00_00FF, within: 2) && close(s[49, 24], 0xFF00_00FF, within: 2))
    }

    @Test func onePixel() throws {
        let s = try ImageDecoder.decode(encodeWebP(width: 1, height: 1) { _, _ in (9, 8, 7, 255) }, fittingWidth: 1)
        #expect(s.width == 1 && s.height == 1 && s[0, 0] == 0xFF09_0807)
    }

    @Test func truncatedIsAnError() {
        let webp = encodeWebP(width: 64, height: 64) { x, y in (UInt8(x * 4), UInt8(y * 4), UInt8(x ^ y), 255) }
        #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(webp.prefix(webp.count / 2)), fittingWidth: 64) }
    }
}
