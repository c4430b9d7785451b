import Testing
@testable import Raster

/// Whether two surfaces of one size hold the same pixels.
private func identical(_ a: Surface, _ b: Surface) -> Bool {
    (0..<a.height).allSatisfy { y in (0..<a.width).allSatisfy { x in a[x, y] == b[x, y] } }
}

/// The row-by-row painter of upright circles, capsules and rounded rectangles: the same pixels as the general
/// rasterizer where that one is exact (arcs up to its exact-arc radius), and as the supersampled reference.
@Suite struct UprightRoundedBoxTests {
    private func compare(_ shape: some Shape, fast: (Surface) -> Void, width: Int, height: Int,
                         transform: AffineTransform = .identity, clip: PixelRect? = nil,
                         sourceLocation: SourceLocation = #_sourceLocation) {
        let direct = Surface(width: width, height: height, fill: .black)
        fast(direct)
        let general = Surface(width: width, height: height, fill: .black)
        general.fill(Hidden(inner: shape), color: .white, transform: transform, clip: clip)
        let worst = worstDifference(direct, general)
        #expect(worst <= 1, "\(shape) differs from the general rasterizer by \(worst)/255",
                sourceLocation: sourceLocation)
    }

    @Test(arguments: [0.3, 0.5, 1, 1.7, 2, 3.5, 4, 6.2, 8, 11.3, 16])
    func circlesMatchTheGeneralRasterizer(radius: Double) {
        for k in [0, 3, 11, 29, 42] {
            let (fx, fy) = benchmarkFractions[k]
            let circle = Circle(center: PixelPoint(x: radius + 2 + fx, y: radius + 2 + fy), radius: radius)
            let size = Int(2 * radius) + 5
            compare(circle, fast: { $0.fill(circle, color: .white) }, width: size, height: size)
        }
        // Mirrored and scaled: the centre and radius move, the painter does not care which way the axes run.
        let circle = Circle(center: PixelPoint(x: 3.3, y: 2.6), radius: radius / 2)
        let transform = AffineTransform.scale(x: -2, y: 2).concatenating(.translation(x: 40, y: 1.5))
        compare(circle, fast: { $0.fill(circle, color: .white, transform: transform) }, width: 44, height: 44,
                transform: transform)
    }

    @Test(arguments: [20.0, 30, 60, 150])
    func largeCirclesMatchTheSupersampledReference(radius: Double) {
        for k in [0, 17] {
            let (fx, fy) = benchmarkFractions[k]
            let cx = radius + 1 + fx, cy = radius + 1 + fy, size = Int(2 * radius) + 3
            let error = measure(width: size, height: size, reference: .circle(cx: cx, cy: cy, r: radius)) {
                $0.fill(Circle(center: PixelPoint(x: cx, y: cy), radius: radius), color: .white)
            }
            #expect(error.isWithinLimits, "circle r\(radius): \(error)")
        }
    }

    @Test func largeCornersMatchTheSupersampledReference() {
        // Beyond the general rasterizer's exact arcs: compared with the reference instead.
        let (fx, fy) = benchmarkFractions[13]
        let cases: [(x: Double, y: Double, w: Double, h: Double, r: Double)] = [
            (1 + fx, 1 + fy, 40, 130, 20), (2 + fy, 1 + fx, 110, 70, 33.5), (1 + fx, 2 + fy, 120, 120, 60)]
        for c in cases {
            let reference = ReferenceShape.roundedRect(x: c.x, y: c.y, w: c.w, h: c.h, r: c.r)
            let error = measure(width: Int(c.w) + 4, height: Int(c.h) + 4, reference: reference) {
                $0.fill(RoundedRect(x: c.x, y: c.y, width: c.w, height: c.h, cornerRadius: c.r), color: .white)
            }
            #expect(error.isWithinLimits, "\(c): \(error)")
        }
    }

    @Test func capsulesAndRoundedRectanglesMatchTheGeneralRasterizer() {
        let shapes = [
            RoundedRect.capsule(x: 1.37, y: 2.21, width: 4, height: 40),
            RoundedRect.capsule(x: 2.05, y: 0.6, width: 12, height: 30.3),
            RoundedRect.capsule(x: 0.8, y: 3.3, width: 36.5, height: 9.1),
            RoundedRect(x: 1.6, y: 1.1, width: 30, height: 20, cornerRadius: 4.4),
            RoundedRect(x: 3.5, y: 4, width: 20, height: 30, cornerRadius: 0),
            RoundedRect(x: 2.9, y: 1.2, width: 0.7, height: 0.5, cornerRadius: 3),
        ]
        for shape in shapes {
            compare(shape, fast: { $0.fill(shape, color: .white) }, width: 42, height: 46)
            let turned = AffineTransform.scale(x: 1, y: -1).concatenating(.translation(x: 0, y: 46))
            compare(shape, fast: { $0.fill(shape, color: .white, transform: turned) }, width: 42, height: 46,
                    transform: turned)
        }
    }

    @Test func clippedAndOffSurfaceShapesMatchTheGeneralRasterizer() {
        let clip = PixelRect(x: 5, y: 4, width: 13, height: 11)
        let circles = [Circle(center: PixelPoint(x: 10.3, y: 9.6), radius: 9.2),
                       Circle(center: PixelPoint(x: -3.2, y: 6.1), radius: 7.7),
                       Circle(center: PixelPoint(x: 20.6, y: 22.4), radius: 5.3)]
        for circle in circles {
            compare(circle, fast: { $0.fill(circle, color: .white) }, width: 22, height: 24)
            compare(circle, fast: { $0.fill(circle, color: .white, clip: clip) }, width: 22, height: 24, clip: clip)
        }
        let capsule = RoundedRect.capsule(x: -4.3, y: -10.2, width: 14, height: 60)
        compare(capsule, fast: { $0.fill(capsule, color: .white) }, width: 22, height: 24)
        compare(capsule, fast: { $0.fill(capsule, color: .white, clip: clip) }, width: 22, height: 24, clip: clip)
    }

    @Test func translucentColourOverContentMatchesTheGeneralRasterizer() {
        let circle = Circle(center: PixelPoint(x: 9.4, y: 8.7), radius: 6.6)
        let colour = Color(argb: 0x8040_2010)
        let direct = Surface(width: 20, height: 20, fill: Color(argb: 0xFF20_4060))
        direct.fill(circle, color: colour)
        let general = Surface(width: 20, height: 20, fill: Color(argb: 0xFF20_4060))
        general.fill(Hidden(inner: circle), color: colour)
        var worst: UInt32 = 0
        for y in 0..<20 {
            for x in 0..<20 {
                for shift: UInt32 in [0, 8, 16, 24] {
                    let p = direct[x, y] >> shift & 0xFF, q = general[x, y] >> shift & 0xFF
                    worst = max(worst, p > q ? p - q : q - p)
                }
            }
        }
        #expect(worst <= 1)
    }

    @Test func coloursThatAreNotPremultipliedSaturateLikePixman() {
        // Red above alpha: pixman's add saturates, which the row painter's plain add would not; such colours take
        // the general path and come out the same.
        let circle = Circle(center: PixelPoint(x: 9.4, y: 8.7), radius: 6.6)
        let colour = Color(argb: 0x80FF_2010)
        #expect(!colour.isPremultiplied && Color(argb: 0x8080_2010).isPremultiplied)
        let direct = Surface(width: 20, height: 20, fill: Color(argb: 0xFFC0_4060))
        direct.fill(circle, color: colour)
        let general = Surface(width: 20, height: 20, fill: Color(argb: 0xFFC0_4060))
        general.fill(Hidden(inner: circle), color: colour)
        #expect(identical(direct, general))
        #expect(direct[9, 8] >> 16 & 0xFF == 0xFF)
    }

    @Test func fullTurnPiesAreTheirCircle() {
        // A sweep of a whole turn or more, either way round and from any start, is the disc: painted by rows.
        let center = PixelPoint(x: 30.37, y: 29.81)
        let circle = Surface(width: 62, height: 62, fill: .black)
        circle.fill(Circle(center: center, radius: 25.5), color: .white)
        for (start, sweep, clockwise) in [(-Double.pi / 2, 2 * Double.pi, true), (0.3, 7.0, false), (2, 9.5, true)] {
            let pie = Surface(width: 62, height: 62, fill: .black)
            pie.fill(PieSector(center: center, radius: 25.5, startAngle: start, sweep: sweep, clockwise: clockwise),
                     color: .white)
            #expect(identical(pie, circle))
        }
        let general = Surface(width: 62, height: 62, fill: .black)
        general.fill(Hidden(inner: PieSector(center: center, radius: 25.5, startAngle: 0.3, sweep: 7)), color: .white)
        #expect(!identical(general, circle), "the general path flattens the arc: the test would prove nothing")
        #expect(worstDifference(general, circle) <= 4)
    }

    @Test func hugeAndFarCirclesAreSafe() {
        let s = Surface(width: 16, height: 16, fill: .black)
        s.fill(Circle(center: PixelPoint(x: 8, y: 8), radius: 1e12), color: .white)
        #expect(s[0, 0] == Color.white.argb && s[15, 15] == Color.white.argb)
        let t = Surface(width: 16, height: 16, fill: .black)
        t.fill(Circle(center: PixelPoint(x: 8, y: 1e15), radius: 1e15 - 4.5), color: .white)
        t.fill(Circle(center: PixelPoint(x: -1e300, y: 8), radius: 3), color: .white)
        #expect(t[8, 0] == Color.black.argb && t[8, 15] == Color.white.argb)
    }
}
