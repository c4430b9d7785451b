import Testing
@testable import Raster

/// Pies whose sides lie on the axes (whole quarter turns, upright) are painted by the circle's row painter: which
/// quarters each start and sweep keeps, and their pixels against the general rasterizer (exact for radii up to
/// its exact-arc limit) and the supersampled reference.
@Suite struct QuarterPieTests {
    typealias Quarters = UprightRoundedBox.Quarters
    let quarter = Double.pi / 2

    private func quarters(_ start: Double, _ sweep: Double, clockwise: Bool = true, mirroredX: Bool = false,
                          mirroredY: Bool = false) -> Quarters? {
        PieSector(center: .zero, radius: 5, startAngle: start, sweep: sweep, clockwise: clockwise)
            .quarters(mirroredX: mirroredX, mirroredY: mirroredY)
    }

    @Test func wholeQuarterTurnsKeepTheirQuarters() {
        let noon = PieSector.twelveOClock
        #expect(quarters(noon, quarter) == Quarters(top: .right, bottom: []))
        #expect(quarters(noon, 2 * quarter) == Quarters(top: .right, bottom: .right))
        #expect(quarters(noon, 3 * quarter) == Quarters(top: .right, bottom: .both))
        #expect(quarters(noon, quarter, clockwise: false) == Quarters(top: .left, bottom: []))
        #expect(quarters(0, quarter) == Quarters(top: [], bottom: .right))
        #expect(quarters(Double.pi, 2 * quarter) == Quarters(top: .both, bottom: []))
        // A start of -3π/2 is 6 o'clock, as π/2 is.
        #expect(quarters(-3 * quarter, quarter) == Quarters(top: [], bottom: .left))
        // Mirrored axes swap the sides the quarters lie on.
        #expect(quarters(noon, quarter, mirroredX: true) == Quarters(top: .left, bottom: []))
        #expect(quarters(noon, quarter, mirroredY: true) == Quarters(top: [], bottom: .right))
        // Sides off the axes, even slightly, are not quarters; whole turns are the circle's.
        #expect(quarters(noon + 1e-6, quarter) == nil)
        #expect(quarters(noon, quarter + 1e-6) == nil)
        #expect(quarters(0.3, quarter) == nil)
        #expect(quarters(noon, 4 * quarter) == nil)
    }

    /// Every start on an axis, one to three quarters, both ways round: the row painter's pixels against the
    /// general rasterizer's.
    private func compareAllRound(radius: Double, centreAt fraction: (Double, Double)? = nil) {
        let size = Int(2 * radius) + 5
        var k = 0
        for start in [-quarter, 0, quarter, 2 * quarter] {
            for turns in 1...3 {
                for clockwise in [true, false] {
                    let (fx, fy) = fraction ?? benchmarkFractions[k % 64]
                    k += 1
                    let pie = PieSector(center: PixelPoint(x: radius + 2 + fx, y: radius + 2 + fy), radius: radius,
                                        startAngle: start, sweep: Double(turns) * quarter, clockwise: clockwise)
                    let direct = Surface(width: size, height: size, fill: .black)
                    direct.fill(pie, color: .white)
                    let general = Surface(width: size, height: size, fill: .black)
                    general.fill(Hidden(inner: pie), color: .white)
                    let worst = worstDifference(direct, general)
                    #expect(worst <= 1, "\(pie) differs from the general rasterizer by \(worst)/255")
                }
            }
        }
    }

    @Test(arguments: [0.3, 1, 2.5, 7.7, 16])
    func quartersMatchTheGeneralRasterizer(radius: Double) {
        compareAllRound(radius: radius)
        // Centres on a pixel's corner and on a pixel's middle: the sides run along pixel edges or halve a column.
        compareAllRound(radius: radius, centreAt: (0, 0))
        compareAllRound(radius: radius, centreAt: (0.5, 0.5))
    }

    @Test(arguments: [23.6, 60])
    func largeQuartersMatchTheReference(radius: Double) {
        let size = Int(2 * radius) + 5
        let cases: [(start: Double, turns: Int, clockwise: Bool)] = [
            (PieSector.twelveOClock, 1, true), (0, 2, false), (Double.pi, 3, true)]
        for (n, c) in cases.enumerated() {
            let (fx, fy) = benchmarkFractions[n * 17 % 64]
            let cx = radius + 2 + fx, cy = radius + 2 + fy, sweep = Double(c.turns) * quarter
            let reference = ReferenceShape.pie(cx: cx, cy: cy, r: radius, start: c.start,
                                               sweep: c.clockwise ? sweep : -sweep)
            let error = measure(width: size, height: size, reference: reference) {
                $0.fill(PieSector(center: PixelPoint(x: cx, y: cy), radius: radius, startAngle: c.start, sweep: sweep,
                                  clockwise: c.clockwise), color: .white)
            }
            #expect(error.isWithinLimits, "r\(radius) \(c): \(error)")
            // The general rasterizer flattens arcs this large: pixels that differ show the row painter drew these.
            let pie = PieSector(center: PixelPoint(x: cx, y: cy), radius: radius, startAngle: c.start, sweep: sweep,
                                clockwise: c.clockwise)
            let direct = Surface(width: size, height: size, fill: .black)
            direct.fill(pie, color: .white)
            let general = Surface(width: size, height: size, fill: .black)
            general.fill(Hidden(inner: pie), color: .white)
            #expect(worstDifference(direct, general) > 0, "r\(radius) \(c) was not drawn by rows")
        }
    }

    @Test func clippedMirroredAndOffSurfaceQuartersMatchTheGeneralRasterizer() {
        let clip = PixelRect(x: 5, y: 4, width: 13, height: 11)
        let pies = [PieSector(center: PixelPoint(x: 10.3, y: 9.6), radius: 9.2, startAngle: 0, sweep: 3 * quarter),
                    PieSector(center: PixelPoint(x: 11.7, y: 8.2), radius: 10, startAngle: -quarter, sweep: quarter),
                    PieSector(center: PixelPoint(x: -3.2, y: 6.1), radius: 7.7, startAngle: -quarter,
                              sweep: 2 * quarter),
                    PieSector(center: PixelPoint(x: 20.6, y: 22.4), radius: 5.3, startAngle: Double.pi,
                              sweep: 3 * quarter, clockwise: false)]
        // Radii stay within the general rasterizer's exact arcs under every transform here.
        let mirroredX = AffineTransform.scale(x: -1, y: 1).concatenating(.translation(x: 23.6, y: 0))
        let mirroredY = AffineTransform.scale(x: 1.5, y: -1.5).concatenating(.translation(x: -3, y: 27.3))
        let transforms = [AffineTransform.identity, mirroredX, mirroredY]
        for pie in pies {
            for transform in transforms {
                for clip in [nil, clip] {
                    let direct = Surface(width: 24, height: 26, fill: .black)
                    direct.fill(pie, color: .white, transform: transform, clip: clip)
                    let general = Surface(width: 24, height: 26, fill: .black)
                    general.fill(Hidden(inner: pie), color: .white, transform: transform, clip: clip)
                    let worst = worstDifference(direct, general)
                    #expect(worst <= 1, "\(pie) under \(transform), clip \(String(describing: clip)): \(worst)/255")
                }
            }
        }
    }
}
