import Testing
@testable import Raster

/// How coverage meets the colour: pixman's rounding (src·coverage, then over), on both pixel formats.
@Suite struct ShapeCompositingTests {
    /// A rectangle edge at x = 0.5 covers the first column exactly half.
    private let halfColumn = Polygon(points: [PixelPoint(x: 0.5, y: 0), PixelPoint(x: 4, y: 0),
                                              PixelPoint(x: 4, y: 2), PixelPoint(x: 0.5, y: 2)])

    @Test func partialCoverageBlendsLikePixman() {
        let src = Color(argb: 0xCC33_6699)
        let dst: UInt32 = 0xFF80_4020
        let s = Surface(width: 4, height: 2, format: .xrgb8888, fill: Color(argb: dst))
        s.fill(halfColumn, color: src)
        let alpha: UInt32 = 128
        #expect(s[0, 0] == PixelMath.over(PixelMath.mulChannels(src.argb, alpha), dst))
        #expect(s[1, 0] == PixelMath.over(src.argb, dst))
        #expect(s[3, 1] == PixelMath.over(src.argb, dst))
    }

    @Test func opaqueColourReplacesCoveredPixels() {
        let s = Surface(width: 4, height: 2, format: .argb8888, fill: .clear)
        s.fill(halfColumn, color: Color(argb: 0xFF33_99E6))
        #expect(s[0, 0] == PixelMath.mulChannels(0xFF33_99E6, 128))
        #expect(s[2, 1] == 0xFF33_99E6)
    }

    @Test func transparentColourChangesNothing() {
        let s = Surface(width: 4, height: 2, fill: Color(argb: 0xFF11_2233))
        s.fill(halfColumn, color: .clear)
        #expect(s[2, 0] == 0xFF11_2233)
    }

    @Test func drawingTwiceWithTheSameScratchLeavesNoResidue() {
        // The thread's scratch is reused: a second, unrelated fill must see clean cells.
        let a = Surface(width: 30, height: 30, fill: .black)
        a.fill(Circle(center: PixelPoint(x: 15, y: 15), radius: 12), color: .white,
               clip: PixelRect(x: 0, y: 0, width: 10, height: 30))
        let b = Surface(width: 30, height: 30, fill: .black)
        b.fill(Circle(center: PixelPoint(x: 10.5, y: 12.5), radius: 3), color: .white)
        let c = Surface(width: 30, height: 30, fill: .black)
        c.fill(Circle(center: PixelPoint(x: 10.5, y: 12.5), radius: 3), color: .white)
        for y in 0..<30 { for x in 0..<30 { #expect(b[x, y] == c[x, y]) } }
    }
}

/// A shape defined outside the library, forwarding to another: custom shapes work, and it reaches the general
/// rasterizer even for types that have a faster overload.
private struct Forwarding<Inner: Shape>: Shape {
    var inner: Inner
    func bounds(under transform: AffineTransform) -> ShapeBounds? { inner.bounds(under: transform) }
    func trace(under transform: AffineTransform, into outline: inout Outline) {
        inner.trace(under: transform, into: &outline)
    }
}

@Suite struct RoundedRectFastPathTests {
    @Test func straightRowsMatchTheGeneralRasterizer() {
        let cases = [
            (RoundedRect.capsule(x: 3.3, y: 2.7, width: 12.4, height: 40.2), AffineTransform.identity, nil),
            (RoundedRect(x: 1.6, y: 1.1, width: 30, height: 20, cornerRadius: 4), .scale(x: 1.3, y: -0.8)
                .concatenating(.translation(x: 2, y: 30)), nil),
            (RoundedRect(x: -5.5, y: -3.2, width: 50, height: 60, cornerRadius: 7), .identity,
             PixelRect(x: 4, y: 6, width: 20, height: 25) as PixelRect?),
            (RoundedRect(x: 10.2, y: 2, width: 0.6, height: 30, cornerRadius: 0), .identity, nil),
        ]
        for (shape, transform, clip) in cases {
            let fast = Surface(width: 40, height: 48, fill: .black)
            fast.fill(shape, color: .white, transform: transform, clip: clip)
            let general = Surface(width: 40, height: 48, fill: .black)
            general.fill(Forwarding(inner: shape), color: .white, transform: transform, clip: clip)
            var worst: UInt32 = 0
            for y in 0..<48 {
                for x in 0..<40 {
                    let a = fast[x, y] & 0xFF, b = general[x, y] & 0xFF
                    worst = max(worst, a > b ? a - b : b - a)
                }
            }
            #expect(worst <= 1, "\(shape) differs by \(worst)/255")
        }
    }

    @Test func cornersTooBigForOneBandStillMatch() {
        // The corner rows exceed the accumulator's band budget, so they are drawn in separate passes. Stretched
        // a little, the corners are elliptical, so the rows between them are painted directly and only the
        // corner rows go through the rasterizer.
        let shape = RoundedRect(x: 3.4, y: 2.2, width: 1010, height: 389, cornerRadius: 150)
        let stretch = AffineTransform.scale(x: 1, y: 1.002)
        #expect((1016 + 2) * 300 > CoverageScratch.maximumCells)
        let fast = Surface(width: 1016, height: 396, fill: .black)
        fast.fill(shape, color: .white, transform: stretch)
        let general = Surface(width: 1016, height: 396, fill: .black)
        general.fill(Forwarding(inner: shape), color: .white, transform: stretch)
        var worst: UInt32 = 0
        for y in stride(from: 0, to: 396, by: 3) {
            for x in 0..<1016 {
                let a = fast[x, y] & 0xFF, b = general[x, y] & 0xFF
                worst = max(worst, a > b ? a - b : b - a)
            }
        }
        #expect(worst <= 1, "differs by \(worst)/255")
        #expect(fast[500, 200] == Color.white.argb && fast[4, 4] == Color.black.argb)
    }
}

@Suite struct TintTableTests {
    @Test func changingColourBetweenTallShapesUsesTheNewColour() {
        // Tall enough for the painter's table of tinted colours; the second colour must not reuse the first's.
        let column = Polygon(points: [PixelPoint(x: 0.25, y: 0), PixelPoint(x: 3, y: 0),
                                      PixelPoint(x: 3, y: 30), PixelPoint(x: 0.25, y: 30)])
        let dst: UInt32 = 0xFF20_4060
        for src in [Color(argb: 0xFF33_99E6), Color(argb: 0x8040_2010), Color(argb: 0xFF33_99E6)] {
            let s = Surface(width: 4, height: 30, fill: Color(argb: dst))
            s.fill(column, color: src)
            #expect(s[0, 17] == PixelMath.over(PixelMath.mulChannels(src.argb, 191), dst))
            #expect(s[1, 17] == PixelMath.over(src.argb, dst))
        }
    }
}
