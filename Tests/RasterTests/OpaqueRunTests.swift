import Testing
@testable import Raster

/// Runs of one colour are written as overlapping blocks from both ends: every length must touch exactly its
/// own pixels.
@Suite struct OpaqueRunTests {
    @Test func everyLengthWritesExactlyItsPixels() {
        let guardPixel: UInt32 = 0xDEAD_BEEF, colour: UInt32 = 0xFF33_99E6
        let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: 160)
        defer { buffer.deallocate() }
        for offset in [0, 1, 3] {
            for count in 0...130 {
                buffer.initialize(repeating: guardPixel, count: 160)
                OpaqueRun.fill(buffer + 8 + offset, count: count, with: colour)
                for i in 0..<160 {
                    let inside = i >= 8 + offset && i < 8 + offset + count
                    #expect(buffer[i] == (inside ? colour : guardPixel), "run of \(count) at \(offset), pixel \(i)")
                }
            }
        }
    }
}
