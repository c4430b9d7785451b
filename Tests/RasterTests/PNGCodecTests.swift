import Testing
@testable import Raster

@Suite struct PNGCodecTests {
    @Test func opaqueSurfaceRoundTripsExactly() throws {
        let s = Surface(width: 7, height: 5, format: .xrgb8888)
        for y in 0..<5 { for x in 0..<7 { s[x, y] = 0xFF00_0000 | UInt32(x * 37) << 16 | UInt32(y * 51) << 8 | UInt32(x ^ y) } }
        let bytes = try PNGCodec.encode(s)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let back = try PNGCodec.decode(bytes)
        #expect(back.width == 7 && back.height == 5)
        for y in 0..<5 { for x in 0..<7 { #expect(back[x, y] == s[x, y]) } }
    }

    @Test func translucentPixelsKeepTheirPremultipliedValues() throws {
        let s = Surface(width: 4, height: 1, format: .argb8888)
        let colours: [UInt32] = [0x0000_0000, 0x8040_2010, 0xFFFF_FFFF, 0x0101_0000]
        for (x, c) in colours.enumerated() { s[x, 0] = c }
        let back = try PNGCodec.decode(try PNGCodec.encode(s))
        for x in 0..<4 {
            let a = back[x, 0], b = s[x, 0]
            #expect(a >> 24 == b >> 24)
            for shift in [0, 8, 16] as [UInt32] {
                let d = Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF)
                #expect(abs(d) <= 1, "pixel \(x) channel \(shift)")
            }
        }
    }

    @Test func garbageIsAThrownErrorNotACrash() {
        #expect(throws: PNGError.self) { try PNGCodec.decode([]) }
        #expect(throws: PNGError.self) { try PNGCodec.decode(Array("not a png at all".utf8)) }
    }

    @Test func truncatedFileIsAThrownError() throws {
        let s = Surface(width: 64, height: 64, fill: Color(argb: 0xFF11_2233))
        let bytes = try PNGCodec.encode(s)
        #expect(throws: PNGError.self) { try PNGCodec.decode(Array(bytes.prefix(bytes.count / 2))) }
    }
}
