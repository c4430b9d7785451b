import Testing
@testable import Codecs

@Suite struct GIFDecodeTests {
    let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 0), (0, 0, 255)]

    @Test func firstFrameOnlyWithTransparencyAndPlacement() throws {
        // A 6x4 screen; the first frame is 4x2 at (1, 1), red with a transparent column; the second frame,
        // all green over the whole screen, must not show.
        let first = GIFFrameSpec(left: 1, top: 1, width: 4, height: 2, transparent: 2) { x, _ in x == 2 ? 2 : 0 }
        let second = GIFFrameSpec(width: 6, height: 4) { _, _ in 1 }
        let gif = encodeGIF(width: 6, height: 4, palette: palette, frames: [first, second])
        let s = try ImageDecoder.decode(gif, fittingWidth: 6)
        #expect(s.width == 6 && s.height == 4 && s.format == .argb8888)
        for y in 0..<4 {
            for x in 0..<6 {
                let inFrame = (1...4).contains(x) && (1...2).contains(y)
                #expect(s[x, y] == (inFrame && x != 3 ? 0xFFFF_0000 : 0), "pixel (\(x), \(y))")
            }
        }
    }

    @Test func interlacedRowsLandInPlace() throws {
        let frame = GIFFrameSpec(width: 3, height: 11, interlaced: true) { _, y in UInt8(y % 4) }
        let s = try ImageDecoder.decode(encodeGIF(width: 3, height: 11, palette: palette, frames: [frame]),
                                        fittingWidth: 3)
        let expected: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_0000, 0xFF00_00FF]
        for y in 0..<11 { #expect(s[1, y] == expected[y % 4], "row \(y)") }
    }

    @Test func downsamples() throws {
        let frame = GIFFrameSpec(width: 120, height: 60) { x, _ in x < 60 ? 0 : 3 }
        let s = try ImageDecoder.decode(encodeGIF(width: 120, height: 60, palette: palette, frames: [frame]),
                                        fittingWidth: 40)
        #expect(s.width == 40 && s.height == 20)
        #expect(s[0, 0] == 0xFFFF_0000 && s[19, 19] == 0xFFFF_0000)
        #expect(s[20, 0] == 0xFF00_00FF && s[39, 19] == 0xFF00_00FF)
    }

    @Test func onePixel() throws {
        let gif = encodeGIF(width: 1, height: 1, palette: palette, frames: [GIFFrameSpec(width: 1, height: 1) { _, _ in 3 }])
        let s = try ImageDecoder.decode(gif, fittingWidth: 1)
        #expect(s.width == 1 && s.height == 1 && s[0, 0] == 0xFF00_00FF)
    }

    @Test func noFrameIsAnError() {
        let gif = encodeGIF(width: 4, height: 4, palette: palette, frames: [])
        #expect(throws: ImageError.self) { try ImageDecoder.decode(gif, fittingWidth: 4) }
    }
}
