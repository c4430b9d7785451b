import Testing
@testable import Raster

@Suite struct SurfaceTests {
    @Test func newSurfaceHoldsTheFillColour() {
        let s = Surface(width: 5, height: 3, fill: Color(argb: 0xFF12_3456))
        #expect(s.stride == 5)
        for y in 0..<3 { for x in 0..<5 { #expect(s[x, y] == 0xFF12_3456) } }
    }

    @Test func colourComponentsArePremultiplied() {
        let half = Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)
        #expect(half.alpha == 128)
        #expect(half.red == 128)
        #expect(half.green == 64)
        #expect(half.blue == 0)
        #expect(Color(red: .nan, green: 2, blue: -1).argb == 0xFF00_FF00)
    }

    @Test func fillIsClippedToTheSurface() {
        let s = Surface(width: 4, height: 4, fill: .black)
        s.fill(PixelRect(x: 2, y: -3, width: 10, height: 5), with: .white)
        for y in 0..<4 {
            for x in 0..<4 {
                #expect(s[x, y] == (x >= 2 && y < 2 ? Color.white.argb : Color.black.argb), "pixel \(x),\(y)")
            }
        }
        s.fill(PixelRect(x: 100, y: 100, width: 5, height: 5), with: .clear)
        s.fill(PixelRect(x: 0, y: 0, width: -5, height: 5), with: .clear)
        #expect(s[3, 0] == Color.white.argb)
    }

    @Test func copyMovesARectangleAndClipsAtBothEnds() {
        let source = Surface(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { source[x, y] = UInt32(y * 4 + x) } }
        let target = Surface(width: 3, height: 3, fill: Color(argb: 0xDEAD))
        target.copy(from: source, sourceRect: PixelRect(x: 1, y: 1, width: 3, height: 3), toX: -1, y: 1)
        #expect(target[0, 0] == 0xDEAD)
        #expect(target[0, 1] == 6)  // source (2,1): its (1,1) landed off the left edge
        #expect(target[1, 1] == 7)
        #expect(target[2, 1] == 0xDEAD)
        #expect(target[0, 2] == 10)
        // A source rect reaching outside the source copies only what exists.
        target.copy(from: source, sourceRect: PixelRect(x: -2, y: 0, width: 3, height: 1), toX: 0, y: 0)
        #expect(target[0, 0] == 0xDEAD)
        #expect(target[2, 0] == 0)
    }

    @Test func borrowedMemoryIsWrittenInPlaceAndRowsFollowTheStride() {
        let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: 6 * 2)
        memory.initialize(repeating: 7, count: 12)
        defer { memory.deallocate() }
        let s = Surface(borrowing: memory, width: 4, height: 2, stride: 6, format: .xrgb8888)
        s.clear(to: .white)
        #expect(memory[3] == Color.white.argb)
        #expect(memory[4] == 7)  // padding past the width is untouched
        #expect(memory[6] == Color.white.argb)
    }

    @Test func translucentBlendIsSourceOver() {
        let s = Surface(width: 1, height: 1, fill: Color(argb: 0xFF00_00FF))
        s.blend(s.bounds, with: Color(argb: 0x8080_0000))
        // red 0x80 + 0 · (1 − 0.5); blue 0xFF · 127/255 = 0x7F.
        #expect(s[0, 0] == 0xFF80_007F)
    }
}
