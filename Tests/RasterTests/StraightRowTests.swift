import Testing
@testable import Raster

/// The straight rows' flat loop (`paintStraightRows`, `StraightRowLoop`) against each pixel worked out on its own:
/// its coverage by the band left...right (clamped to the clip's columns) as an 8-bit alpha, then pixman's OVER of the
/// colour at that alpha. Byte for byte, for sides anywhere in a pixel or on a pixel line, both in one pixel, clips
/// cutting either side, opaque, translucent and not premultiplied colours.
@Suite struct StraightRowTests {
    /// What each pixel of a row should become: the same alpha rounding as the painters, then pixman's OVER.
    private func expected(_ dst: UInt32, x: Int, left: Double, right: Double, minX: Double, maxX: Double,
                          src: UInt32) -> UInt32 {
        let l = min(max(left, minX), maxX), r = min(max(right, minX), maxX)
        let coverage = min(r, Double(x + 1)) - max(l, Double(x))
        if !(coverage > 0) || Double(x) < minX || Double(x) >= maxX { return dst }
        let a = UInt32(min(Float(coverage), 1) * 255 + 0.5)
        if a == 0 { return dst }
        return PixelMath.over(PixelMath.mulChannels(src, a), dst)
    }

    @Test func everyPixelIsItsCoverageOverTheBackground() {
        var rng = SeededRandom(seed: 18)
        let width = 90, height = 12
        let colors: [UInt32] = [0xFF33_99E6, 0x8019_4C73, 0x80FF_2040, 0xFFFF_FFFF]
        for trial in 0..<4000 {
            let src = colors[trial % colors.count]
            // Sides on pixel lines now and then, else anywhere; widths from a sliver to most of the surface.
            let left = trial % 7 == 0 ? Double(rng.below(width)) : Double(rng.below(width * 100)) / 100 - 3
            let span = trial % 5 == 0 ? Double(1 + rng.below(40)) : Double(1 + rng.below(6000)) / 100
            let right = left + span
            let minX = trial % 3 == 0 ? Double(rng.below(width / 2)) : 0
            let maxX = trial % 4 == 0 ? Double(width / 2 + rng.below(width / 2)) : Double(width)
            let rows = 1 + rng.below(height - 2)..<height - 1
            let surface = Fixture.random(width: width, height: height, format: .xrgb8888, &rng)
            let before = Fixture.copy(of: surface)
            surface.paintStraightRows(rows, left: left, right: right, minX: minX, maxX: maxX,
                                      painter: PixelPainter(src: src, evenOdd: false))
            for y in 0..<height {
                for x in 0..<width {
                    let want = rows.contains(y)
                        ? expected(before[x, y], x: x, left: left, right: right, minX: minX, maxX: maxX, src: src)
                        : before[x, y]
                    if surface[x, y] != want {
                        let got = Fixture.hex(surface[x, y]), wanted = Fixture.hex(want)
                        Issue.record("\(Fixture.hex(src)) \(left)...\(right) clip \(minX)..<\(maxX) at (\(x), \(y)): \(got) vs \(wanted)")
                        return
                    }
                }
            }
        }
    }
}
