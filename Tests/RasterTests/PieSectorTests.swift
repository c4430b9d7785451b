import Testing
@testable import Raster

/// Pie sectors of every kind against the supersampled reference: starts and sweeps all round, both ways, small
/// and large radii (exact and flattened arcs), clipped, scaled and partly off the surface.
@Suite struct PieSectorTests {
    @Test(arguments: [2.5, 15, 33.3])
    func sectorsAllRoundMatchTheReference(radius: Double) {
        let starts = [-Double.pi / 2, 0.3, 1.9, -2.4]
        let sweeps = [1e-3, 0.4, Double.pi / 2, Double.pi, 3.9, 6.2]
        let size = Int(2 * radius) + 5
        for (n, start) in starts.enumerated() {
            for (m, sweep) in sweeps.enumerated() {
                let (fx, fy) = benchmarkFractions[(n * 6 + m) % 64]
                let c = PixelPoint(x: radius + 2 + fx, y: radius + 2 + fy)
                for clockwise in [true, false] {
                    let reference = ReferenceShape.pie(cx: c.x, cy: c.y, r: radius, start: start,
                                                       sweep: clockwise ? sweep : -sweep)
                    let error = measure(width: size, height: size, reference: reference) {
                        $0.fill(PieSector(center: c, radius: radius, startAngle: start, sweep: sweep,
                                          clockwise: clockwise), color: .white)
                    }
                    #expect(error.isWithinLimits, "r\(radius) from \(start) sweep \(sweep) \(clockwise): \(error)")
                }
            }
        }
    }

    @Test func clippedAndScaledSectorsMatchTheReference() {
        let clip = PixelRect(x: 6, y: 3, width: 17, height: 15)
        let c = PixelPoint(x: 13.37, y: 9.81)
        for (start, sweep) in [(-Double.pi / 2, 4.0), (0.4, 1.0), (2.0, 5.5)] {
            let reference = ReferenceShape.pie(cx: c.x, cy: c.y, r: 12.6, start: start, sweep: sweep)
            let clipped = measure(width: 30, height: 24, reference: reference, clip: clip) {
                $0.fill(PieSector(center: c, radius: 12.6, startAngle: start, sweep: sweep), color: .white, clip: clip)
            }
            #expect(clipped.isWithinLimits, "clipped, from \(start) sweep \(sweep): \(clipped)")
            // The same sector drawn at half size and scaled up, partly off the surface's left and top.
            let scale = AffineTransform.scale(x: 2, y: 2).concatenating(.translation(x: -16, y: -10))
            let moved = ReferenceShape.pie(cx: 2 * c.x - 16, cy: 2 * c.y - 10, r: 12.6, start: start, sweep: sweep)
            let scaled = measure(width: 30, height: 24, reference: moved) {
                $0.fill(PieSector(center: c, radius: 6.3, startAngle: start, sweep: sweep), color: .white,
                        transform: scale)
            }
            #expect(scaled.isWithinLimits, "scaled, from \(start) sweep \(sweep): \(scaled)")
        }
    }
}
