import Testing
@testable import Codecs

@Suite struct PNGDecodeTests {
    @Test func coloursAndAlphaComeOutPremultiplied() throws {
        let colours: [RGBA] = [(255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 0, 0), (255, 255, 255, 255)]
        let s = try ImageDecoder.decode(try encodePNG(width: 4, height: 1) { x, _ in colours[x] }, fittingWidth: 4)
        #expect(s.width == 4 && s.height == 1 && s.format == .argb8888)
        #expect(s[0, 0] == 0xFFFF_0000)
        #expect(s[1, 0] == 0x8000_8000)
        #expect(s[2, 0] == 0)
        #expect(s[3, 0] == 0xFFFF_FFFF)
    }

    @Test func downsamplesByAveragingPremultipliedPixels() throws {
        // Opaque red beside transparent, 2 columns each into 1: half-covered red, not a dark fringe.
        let png = try encodePNG(width: 400, height: 200) { x, _ in x % 2 == 0 ? (255, 0, 0, 255) : (0, 0, 0, 0) }
        let s = try ImageDecoder.decode(png, fittingWidth: 200)
        #expect(s.width == 200 && s.height == 100)
        #expect(s[0, 0] == 0x8080_0000 && s[199, 99] == 0x8080_0000)
    }

    @Test func twoColoursKeepTheirSidesWhenShrunk() throws {
        let png = try encodePNG(width: 90, height: 30) { x, _ in x < 45 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        let s = try ImageDecoder.decode(png, fittingWidth: 30)
        #expect(s.width == 30 && s.height == 10)
        #expect(s[0, 0] == 0xFFFF_0000 && s[14, 9] == 0xFFFF_0000)
        #expect(s[15, 0] == 0xFF00_00FF && s[29, 9] == 0xFF00_00FF)
    }

    @Test func interlacedImage() throws {
        let s = try ImageDecoder.decode(fixture("interlaced-40x30.png"), fittingWidth: 20)
        #expect(s.width == 20 && s.height == 15)
        #expect(s[0, 0] == 0xFFFF_0000 && s[19, 6] == 0xFFFF_0000)
        #expect(s[0, 8] == 0xFF00_00FF && s[19, 14] == 0xFF00_00FF)
    }

    @Test func onePixel() throws {
        let s = try ImageDecoder.decode(try encodePNG(width: 1, height: 1) { _, _ in (1, 2, 3, 255) }, fittingWidth: 50)
        #expect(s.width == 1 && s.height == 1 && s[0, 0] == 0xFF01_0203)
    }

    @Test func badCRCIsAnError() throws {
        var png = try encodePNG(width: 8, height: 8) { x, y in (UInt8(x * 30), UInt8(y * 30), 0, 255) }
        // IHDR's CRC is bytes 29..<33.
        png[30] ^= 0x40
        #expect(throws: ImageError.self) { try ImageDecoder.decode(png, fittingWidth: 8) }
        guard case .corrupt(.png, let message)? = Result(catching: { try ImageDecoder.decode(png, fittingWidth: 8) })
            .failure as? ImageError else { Issue.record("not a PNG error"); return }
        #expect(message.contains("CRC"))
    }

    @Test func truncatedImageDataIsAnError() throws {
        let png = try encodePNG(width: 64, height: 64) { x, y in (UInt8(x * 4), UInt8(y * 4), UInt8(x ^ y), 255) }
        for cut in [png.count / 2, png.count - 20, 40] {
            #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(png.prefix(cut)), fittingWidth: 64) }
        }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let e) = self { return e }
        return nil
    }
}
