import CPixman
import Testing
@testable import Raster

/// Our blends against pixman itself: every byte must be equal (RGB only on XRGB surfaces).
@Suite struct BlendTests {
    static let formats: [PixelFormat] = [.xrgb8888, .argb8888]

    @Test func everyChannelOfAPixelMultipliesOnItsOwn() {
        // All four bytes share one multiply: each must come out as if multiplied alone, whatever its neighbours.
        var rng = SeededRandom(seed: 7)
        let pixels: [UInt32] = [0, 0xFFFF_FFFF, 0xFF00_FF00, 0x00FF_00FF, 0x8080_8080, 0x7F80_817F]
            + (0..<300).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
        for x in pixels {
            for a in 0...255 as ClosedRange<UInt32> {
                var expected: UInt32 = 0
                for shift: UInt32 in [0, 8, 16, 24] { expected |= PixelMath.mul(x >> shift & 0xFF, a) << shift }
                if PixelMath.mulChannels(x, a) != expected {
                    Issue.record("mulChannels(\(x), \(a)) = \(PixelMath.mulChannels(x, a)), expected \(expected)")
                    return
                }
            }
        }
    }

    @Test func multiplyRoundsToNearestLikePixman() {
        for a in 0...255 as ClosedRange<UInt32> {
            for b in 0...255 as ClosedRange<UInt32> {
                // MUL_UN8 is a·b/255 rounded to nearest (never a tie, 255 being odd).
                let exact = (Double(a * b) / 255).rounded()
                if PixelMath.mul(a, b) != UInt32(exact) {
                    Issue.record("mul(\(a), \(b)) = \(PixelMath.mul(a, b)), expected \(exact)")
                    return
                }
            }
        }
    }

    @Test(arguments: formats)
    func solidOverlayMatchesPixman(format: PixelFormat) throws {
        var rng = SeededRandom(seed: 0x501D)
        for trial in 0..<300 {
            let w = 1 + rng.below(40), h = 1 + rng.below(4)
            let ours = Fixture.random(width: w, height: h, format: format, &rng)
            let reference = Fixture.copy(of: ours)
            let color = rng.premultiplied()
            // A rectangle that may stick out of the surface on any side.
            let rect = PixelRect(x: rng.below(w + 4) - 3, y: rng.below(h + 2) - 1,
                                 width: rng.below(w + 6), height: rng.below(h + 3))
            ours.blend(rect, with: Color(argb: color))
            let src = Pixman.solid(color)
            Pixman.over(src, mask: nil, onto: reference, x: rect.x, y: rect.y, width: rect.width, height: rect.height)
            pixman_image_unref(src)
            if let diff = Fixture.difference(ours, reference) {
                Issue.record("trial \(trial), colour \(Fixture.hex(color)), rect \(rect): \(diff)")
                return
            }
        }
    }

    @Test(arguments: formats)
    func fullFrameOverlayOfTheBenchmarkMatchesPixman(format: PixelFormat) {
        var rng = SeededRandom(seed: 0xF00D)
        let ours = Fixture.random(width: 333, height: 7, format: format, &rng)
        let reference = Fixture.copy(of: ours)
        ours.blend(ours.bounds, with: Color(argb: 0xE612_121B))
        let src = Pixman.solid(0xE612_121B)
        Pixman.over(src, mask: nil, onto: reference, x: 0, y: 0, width: 333, height: 7)
        pixman_image_unref(src)
        #expect(Fixture.difference(ours, reference) == nil)
    }

    @Test(arguments: formats, [PixelFormat.argb8888, .xrgb8888])
    func imageOverlayWithGlobalAlphaMatchesPixman(format: PixelFormat, imageFormat: PixelFormat) {
        var rng = SeededRandom(seed: 0x1A6E + UInt64(imageFormat == .argb8888 ? 0 : 1))
        for trial in 0..<200 {
            let w = 1 + rng.below(40), h = 1 + rng.below(4)
            let ours = Fixture.random(width: w, height: h, format: format, &rng)
            let reference = Fixture.copy(of: ours)
            let image = Fixture.random(width: 1 + rng.below(w + 8), height: 1 + rng.below(h + 2),
                                       format: imageFormat, &rng)
            let alpha: UInt8 = switch rng.below(4) {
            case 0: 255
            case 1: 230
            default: UInt8(rng.byte())
            }
            let x = rng.below(w + 6) - 4, y = rng.below(h + 2) - 1
            ours.composite(image, atX: x, y: y, alpha: alpha)
            let src = Pixman.image(of: image), mask = Pixman.solid(UInt32(alpha) << 24)
            Pixman.over(src, mask: mask, onto: reference, x: x, y: y, width: image.width, height: image.height)
            pixman_image_unref(src)
            pixman_image_unref(mask)
            if let diff = Fixture.difference(ours, reference) {
                Issue.record("trial \(trial), alpha \(alpha), image \(image.bounds) at \(x),\(y): \(diff)")
                return
            }
        }
    }

    @Test(arguments: formats)
    func a8MaskInAColourMatchesPixman(format: PixelFormat) {
        var rng = SeededRandom(seed: 0x6179)
        for trial in 0..<300 {
            let w = 1 + rng.below(40), h = 1 + rng.below(6)
            let ours = Fixture.random(width: w, height: h, format: format, &rng)
            let reference = Fixture.copy(of: ours)
            let mask = AlphaMask(width: rng.below(w + 10), height: rng.below(h + 3))
            for y in 0..<mask.height {
                for (x, c) in rng.coverageRow(count: mask.width).enumerated() { mask[x, y] = c }
            }
            let color = rng.chance(40) ? 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF
                : rng.premultiplied()
            let x = rng.below(w + 6) - 5, y = rng.below(h + 3) - 2
            ours.draw(mask, atX: x, y: y, color: Color(argb: color))
            let src = Pixman.solid(color)
            let (pm, words) = Pixman.a8(mask)
            Pixman.over(src, mask: pm, onto: reference, x: x, y: y, width: mask.width, height: mask.height)
            pixman_image_unref(src)
            pixman_image_unref(pm)
            words.deallocate()
            if let diff = Fixture.difference(ours, reference) {
                let size = "\(mask.width)x\(mask.height)"
                Issue.record("trial \(trial), \(Fixture.hex(color)), mask \(size) at \(x),\(y): \(diff)")
                return
            }
        }
    }

    /// Every block width from 1 to 14 (so every width past a multiple of four, whose last pixels are painted by a
    /// group overlapping the one before), with masks whose overlapped lanes hold 0, 255 and anything.
    @Test(arguments: formats)
    func maskRowEndsMatchPixman(format: PixelFormat) {
        var rng = SeededRandom(seed: 0x7A11)
        for width in 1...14 {
            for trial in 0..<40 {
                let ours = Fixture.random(width: width + 4, height: 3, format: format, &rng)
                let reference = Fixture.copy(of: ours)
                let mask = AlphaMask(width: width, height: 2)
                for y in 0..<2 {
                    for x in 0..<width {
                        mask[x, y] = trial % 3 == 0 ? 0 : trial % 3 == 1 ? 255 : UInt8(rng.byte())
                        if rng.chance(30) { mask[x, y] = UInt8(rng.byte()) }
                    }
                }
                let color = trial % 2 == 0 ? 0xFF33_99E6 : rng.premultiplied()
                ours.draw(mask, atX: 2, y: 1, color: Color(argb: color))
                let src = Pixman.solid(color)
                let (pm, words) = Pixman.a8(mask)
                Pixman.over(src, mask: pm, onto: reference, x: 2, y: 1, width: mask.width, height: mask.height)
                pixman_image_unref(src)
                pixman_image_unref(pm)
                words.deallocate()
                if let diff = Fixture.difference(ours, reference) {
                    Issue.record("width \(width), trial \(trial), \(Fixture.hex(color)): \(diff)")
                    return
                }
            }
        }
    }

    @Test func clipLimitsEveryComposite() {
        var rng = SeededRandom(seed: 0xC11F)
        let base = Fixture.random(width: 24, height: 10, format: .argb8888, &rng)
        let image = Fixture.random(width: 20, height: 8, format: .argb8888, &rng)
        let mask = AlphaMask(width: 20, height: 8)
        for y in 0..<8 { for x in 0..<20 { mask[x, y] = 200 } }
        let clip = PixelRect(x: 5, y: 2, width: 7, height: 3)
        let ops: [(Surface) -> Void] = [
            { $0.composite(image, atX: 1, y: 1, alpha: 200, clip: clip) },
            { $0.composite(image, atSubpixelX: 1.5, y: 1.25, opacity: 0.8, clip: clip) },
            { $0.draw(mask, atX: 1, y: 1, color: Color(argb: 0x8040_2010), clip: clip) },
        ]
        for op in ops {
            let s = Fixture.copy(of: base)
            op(s)
            var changedInside = false
            for y in 0..<10 {
                for x in 0..<24 {
                    let inside = clip.contains(PixelRect(x: x, y: y, width: 1, height: 1))
                    if !inside { #expect(s[x, y] == base[x, y], "pixel \(x),\(y) outside the clip changed") }
                    if inside && s[x, y] != base[x, y] { changedInside = true }
                }
            }
            #expect(changedInside)
        }
    }

    @Test func fillAndCopyReplaceExactlyTheirRectangles() {
        var rng = SeededRandom(seed: 0xF111)
        for _ in 0..<50 {
            let w = 1 + rng.below(30), h = 1 + rng.below(5)
            let s = Fixture.random(width: w, height: h, format: .argb8888, &rng)
            let before = Fixture.copy(of: s)
            let rect = PixelRect(x: rng.below(w + 4) - 2, y: rng.below(h + 2) - 1,
                                 width: rng.below(w + 4), height: rng.below(h + 2))
            let value = UInt32(truncatingIfNeeded: rng.next())
            s.fill(rect, with: Color(argb: value))
            for y in 0..<h {
                for x in 0..<w {
                    let inside = rect.contains(PixelRect(x: x, y: y, width: 1, height: 1))
                    #expect(s[x, y] == (inside ? value : before[x, y]))
                }
            }
            let source = Fixture.random(width: 1 + rng.below(w + 4), height: 1 + rng.below(h + 2),
                                        format: .argb8888, &rng)
            let target = Fixture.copy(of: before)
            let dx = rng.below(w + 4) - 3, dy = rng.below(h + 2) - 1
            target.copy(from: source, toX: dx, y: dy)
            for y in 0..<h {
                for x in 0..<w {
                    let sx = x - dx, sy = y - dy
                    let fromSource = sx >= 0 && sy >= 0 && sx < source.width && sy < source.height
                    #expect(target[x, y] == (fromSource ? source[sx, sy] : before[x, y]))
                }
            }
        }
    }

    /// Whole frames of the same size are copied as one block: sizes around a multiple of 16 pixels (64 bytes, a
    /// vector copy's step), and a frame copied onto itself shifted by whole rows (overlapping, left to memmove).
    @Test func wholeFrameCopiesEveryPixel() {
        var rng = SeededRandom(seed: 0xC0B1)
        for (w, h) in [(16, 1), (37, 5), (15, 1), (1, 1), (64, 3)] {
            let source = Fixture.random(width: w, height: h, format: .xrgb8888, &rng)
            let target = Fixture.random(width: w, height: h, format: .xrgb8888, &rng)
            target.copy(from: source, toX: 0, y: 0)
            for y in 0..<h {
                for x in 0..<w { #expect(target[x, y] == source[x, y], "\(w)x\(h) at \(x),\(y)") }
            }
        }
        let s = Fixture.random(width: 37, height: 6, format: .xrgb8888, &rng)
        let before = Fixture.copy(of: s)
        s.copy(from: s, sourceRect: PixelRect(x: 0, y: 0, width: 37, height: 4), toX: 0, y: 2)
        for y in 0..<6 {
            for x in 0..<37 { #expect(s[x, y] == (y < 2 ? before[x, y] : before[x, y - 2])) }
        }
    }

    @Test func copyWithinOneSurfaceScrollsLikeMemmove() {
        var rng = SeededRandom(seed: 0x5C01)
        for _ in 0..<40 {
            let s = Fixture.random(width: 17, height: 9, format: .xrgb8888, &rng)
            let before = Fixture.copy(of: s)
            let r = PixelRect(x: rng.below(10), y: rng.below(6), width: 1 + rng.below(8), height: 1 + rng.below(4))
            let dx = rng.below(9) - 4, dy = rng.below(7) - 3
            s.copy(from: s, sourceRect: r, toX: r.x + dx, y: r.y + dy)
            for y in 0..<9 {
                for x in 0..<17 {
                    let sx = x - dx, sy = y - dy
                    let moved = r.contains(PixelRect(x: sx, y: sy, width: 1, height: 1))
                    #expect(s[x, y] == (moved ? before[sx, sy] : before[x, y]))
                }
            }
        }
    }

    @Test func degenerateInputDrawsNothingAndNeverTraps() {
        let s = Surface(width: 8, height: 8, format: .argb8888, fill: Color(argb: 0xFF10_2030))
        let image = Surface(width: 4, height: 4, format: .argb8888, fill: .white)
        let empty = Surface(width: 0, height: 0)
        let mask = AlphaMask(width: 3, height: 3)
        s.composite(image, atX: Int.max, y: Int.min, alpha: 255)
        s.composite(image, atSubpixelX: .nan, y: 1)
        s.composite(image, atSubpixelX: 1, y: .infinity)
        s.composite(image, atSubpixelX: 1e300, y: -1e300)
        s.composite(image, atSubpixelX: 1.5, y: 1.5, opacity: .nan)
        s.composite(image, atX: 1, y: 1, opacity: -.infinity)
        s.composite(empty, atX: 0, y: 0)
        s.composite(empty, atSubpixelX: 0.5, y: 0.5)
        s.draw(mask, atX: Int.min, y: Int.max, color: .white)
        s.blend(PixelRect(x: Int.max - 2, y: 0, width: Int.max, height: 4), with: Color(argb: 0x8000_0000))
        s.fill(PixelRect(x: Int.min, y: Int.min, width: Int.max, height: Int.max), with: .white)
        s.copy(from: image, sourceRect: PixelRect(x: Int.max, y: 0, width: 10, height: 10), toX: 0, y: 0)
        s.copy(from: image, toX: Int.min, y: Int.max)
        for y in 0..<8 { for x in 0..<8 { #expect(s[x, y] == 0xFF10_2030) } }
    }
}
