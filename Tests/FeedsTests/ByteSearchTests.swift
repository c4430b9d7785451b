import Testing
@testable import Feeds

@Suite struct ByteSearchTests {
    /// Eight bytes at a time finds what a byte-by-byte search finds, wherever the match falls in a word, with
    /// bytes of every value around it (the high-bit and borrow cases of the word trick).
    @Test func findsWhatAPlainSearchFinds() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for length in 0..<40 {
            for _ in 0..<200 {
                // Few distinct values, so matches are common and sit next to near misses (0x3B, 0x3D, 0xBC).
                let bytes = (0..<length).map { _ in [0x3C, 0x26, 0x3B, 0x3D, 0xBC, 0xA6, 0x00, 0xFF, 0x41, 0x20, 0x21, 0x1F, 0xA0][Int(next() % 13)] } as [UInt8]
                let from = length == 0 ? 0 : Int(next()) % (length + 1)
                let expected = bytes[from...].firstIndex { $0 == 0x3C || $0 == 0x26 } ?? length
                #expect(ByteSearch.firstIndex(of: 0x3C, or: 0x26, in: bytes.span, from: from) == expected, "\(bytes) from \(from)")
                let stop = bytes[from...].firstIndex { $0 <= 0x20 || $0 == 0x3C || $0 == 0x26 } ?? length
                #expect(ByteSearch.firstTextStop(in: bytes.span, from: from) == stop, "\(bytes) from \(from)")
                let any = bytes[from...].firstIndex { $0 == 0x3C || $0 == 0x3B || $0 == 0xA6 || $0 == 0x20 } ?? length
                #expect(ByteSearch.firstIndex(of: 0x3C, 0x3B, 0xA6, 0x20, in: bytes.span, from: from) == any, "\(bytes) from \(from)")
                let single = bytes[from...].firstIndex(of: 0xFF) ?? length
                #expect(ByteSearch.firstIndex(of: 0xFF, or: 0xFF, in: bytes.span, from: from) == single, "\(bytes) from \(from)")
            }
        }
    }
}
