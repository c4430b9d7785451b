import Testing
@testable import Raster

@Suite struct SubpixelBlitTests {
    /// The documented sampling, written out pixel by pixel: bilinear with 1/256 weights, x pass then y pass,
    /// each rounded to nearest, transparent outside the image, then OVER with the global alpha.
    func expected(_ dst: Surface, _ image: Surface, x: Double, y: Double, alpha: UInt32) -> Surface {
        let out = Fixture.copy(of: dst)
        var ix = Int(x.rounded(.down)), iy = Int(y.rounded(.down))
        var wx = UInt32(((x - x.rounded(.down)) * 256).rounded()), wy = UInt32(((y - y.rounded(.down)) * 256).rounded())
        if wx == 256 { ix += 1; wx = 0 }
        if wy == 256 { iy += 1; wy = 0 }
        func pixel(_ k: Int, _ j: Int) -> UInt32 {
            guard k >= 0, j >= 0, k < image.width, j < image.height else { return 0 }
            return image[k, j] | (image.format == .xrgb8888 ? 0xFF00_0000 : 0)
        }
        func mix(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
            var result: UInt32 = 0
            for shift in stride(from: 0, to: 32, by: 8) as StrideTo<UInt32> {
                let ca = a >> shift & 0xFF, cb = b >> shift & 0xFF
                result |= ((ca * w + cb * (256 - w) + 128) >> 8) << shift
            }
            return result
        }
        func row(_ k: Int, _ j: Int) -> UInt32 { mix(pixel(k - 1, j), pixel(k, j), wx) }
        for dy in 0..<dst.height {
            for dx in 0..<dst.width {
                let k = dx - ix, j = dy - iy
                let s = mix(row(k, j - 1), row(k, j), wy)
                let faded = PixelMath.mulChannels(s, alpha)
                out[dx, dy] = PixelMath.over(faded, out[dx, dy])
            }
        }
        return out
    }

    @Test func matchesTheDocumentedBilinearSampling() {
        var rng = SeededRandom(seed: 0xB11E)
        for trial in 0..<150 {
            let format: PixelFormat = rng.chance(50) ? .argb8888 : .xrgb8888
            let dst = Fixture.random(width: 1 + rng.below(30), height: 1 + rng.below(6), format: format, &rng)
            let image = Fixture.random(width: 1 + rng.below(25), height: 1 + rng.below(6),
                                       format: rng.chance(70) ? .argb8888 : .xrgb8888, &rng)
            let x = Double(rng.below(4000)) / 100 - 8, y = Double(rng.below(900)) / 100 - 3
            let opacity = rng.chance(50) ? 1 : Double(rng.below(256)) / 255
            let want = expected(dst, image, x: x, y: y, alpha: UInt32(Surface.alphaByte(opacity)))
            dst.composite(image, atSubpixelX: x, y: y, opacity: opacity)
            if let diff = Fixture.difference(dst, want) {
                Issue.record("trial \(trial) at \(x), \(y) opacity \(opacity): \(diff)")
                return
            }
        }
    }

    @Test func wholePixelPositionsAreExactCopies() {
        var rng = SeededRandom(seed: 0x1E7)
        let base = Fixture.random(width: 20, height: 8, format: .xrgb8888, &rng)
        let page = Fixture.random(width: 12, height: 5, format: .xrgb8888, &rng)
        for (x, y) in [(3.0, 2.0), (-4.0, 1.0), (3.0009, 1.999)] {
            let a = Fixture.copy(of: base), b = Fixture.copy(of: base)
            a.composite(page, atSubpixelX: x, y: y)
            b.composite(page, atX: Int(x.rounded()), y: Int(y.rounded()))
            #expect(Fixture.difference(a, b) == nil)
        }
        // An opaque page at a whole position replaces what is under it: a plain copy.
        let c = Fixture.copy(of: base)
        c.composite(page, atSubpixelX: 2, y: 1)
        for y in 0..<5 { for x in 0..<12 { #expect(c[x + 2, y + 1] & 0xFF_FFFF == page[x, y] & 0xFF_FFFF) } }
    }

    @Test func halfPixelShiftAveragesNeighboursAndFadesTheEdges() {
        let page = Surface(width: 4, height: 1, format: .xrgb8888)
        for x in 0..<4 { page[x, 0] = x < 2 ? 0xFF00_0000 : 0xFFFF_FFFF }
        let dst = Surface(width: 8, height: 1, format: .argb8888)
        dst.composite(page, atSubpixelX: 1.5, y: 0)
        #expect(dst[0, 0] == 0)
        #expect(dst[1, 0] == 0x8000_0000)  // half of an opaque black pixel, over transparent
        #expect(dst[2, 0] == 0xFF00_0000)  // black and black
        #expect(dst[3, 0] == 0xFF80_8080)  // black and white: mid grey
        #expect(dst[4, 0] == 0xFFFF_FFFF)
        #expect(dst[5, 0] == 0x8080_8080)  // half of white, premultiplied
        #expect(dst[6, 0] == 0)
    }

    @Test func interiorOfAUniformPageIsUntouchedBySampling() {
        let page = Surface(width: 10, height: 6, format: .xrgb8888, fill: Color(argb: 0xFF33_99E6))
        let dst = Surface(width: 16, height: 10, format: .xrgb8888, fill: .black)
        dst.composite(page, atSubpixelX: 2.37, y: 1.81)
        for y in 2..<7 { for x in 3..<12 { #expect(dst[x, y] == 0xFF33_99E6) } }
        // The leading edges are partial, never brighter than the page.
        #expect(dst[2, 4] & 0xFF < 0xE6 && dst[2, 4] & 0xFF > 0)
        #expect(dst[0, 0] == 0xFF00_0000)
    }
}
