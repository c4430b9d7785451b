import Testing
@testable import Raster

/// The flat loop of whole half rows (`paintWholeHalfRows`) against the general half-row painter it stands in for:
/// the same pixels within 1/255 (rounding of the same areas taken in another order), for every quarter, radii from
/// the sine series' smallest up, centres anywhere in a pixel, an opaque and a translucent colour.
@Suite struct WholeHalfRowTests {
    typealias Halves = UprightRoundedBox.Halves

    /// One quarter of the circle through the general painter only (`whole` false) or with the flat loop taking
    /// the rows it can, as quarter pies are painted.
    private func paint(_ circle: UprightRoundedBox, upper: Bool, side: Halves, color: Color, whole: Bool,
                       size: Int) -> (Surface, Int) {
        let surface = Surface(width: size, height: size, fill: Color(argb: 0xFF20_4060))
        let scratch = CoverageScratch.current(cells: 0, rows: 0)
        let painter = PixelPainter(src: color.argb, evenOdd: false, tints: scratch.pointee.tints(of: color.argb))
        let crossings = UprightRoundedBox.Crossings(left: circle.left, right: circle.right, radius: circle.radius,
                                                    table: scratch.pointee.crossings, sides: side)
        let rows = upper ? Int(circle.top - circle.radius)..<Int(circle.top.rounded(.down))
                         : Int(circle.bottom.rounded(.up))..<Int((circle.bottom + circle.radius).rounded(.up))
        let minX = 0.0, maxX = Double(size)
        var carried = UprightRoundedBox.CarriedWidth()
        var flat = 0
        if whole, let w = circle.wholeHalfRows(rows, upper: upper, side: side, minX, maxX, painter, crossings) {
            flat = w.count
            circle.paintHalfRows(rows.lowerBound..<w.lowerBound, upper: upper, keeping: side, surface,
                                           minX, maxX, painter, crossings, &carried)
            circle.paintWholeHalfRows(w, upper: upper, side: side, surface, painter, crossings, &carried)
            circle.paintHalfRows(w.upperBound..<rows.upperBound, upper: upper, keeping: side, surface,
                                           minX, maxX, painter, crossings, &carried)
        } else {
            circle.paintHalfRows(rows, upper: upper, keeping: side, surface, minX, maxX, painter, crossings,
                                           &carried)
        }
        return (surface, flat)
    }

    @Test(arguments: [4.0, 7.7, 15, 16, 23.6, 30, 60, 131.3])
    func wholeHalfRowsMatchTheGeneralPainter(radius: Double) {
        let size = Int(2 * radius) + 6
        for (k, (fx, fy)) in benchmarkFractions.enumerated() where k % 4 == 0 || radius < 20 {
            let c = radius + 3 + fx, cy = radius + 3 + fy
            guard let circle = UprightRoundedBox(left: c, right: c, top: cy, bottom: cy, radius: radius) else {
                Issue.record("no circle")
                return
            }
            for upper in [true, false] {
                for side in [Halves.left, .right] {
                    for color in [Color(argb: 0xFF33_99E6), Color(argb: 0x8019_4C73)] {
                        let (general, _) = paint(circle, upper: upper, side: side, color: color, whole: false, size: size)
                        let (direct, flat) = paint(circle, upper: upper, side: side, color: color, whole: true, size: size)
                        #expect(flat >= Int(radius) - 3, "r\(radius) (\(fx), \(fy)): only \(flat) rows were flat")
                        let worst = worstDifference(direct, general)
                        #expect(worst <= 1, "r\(radius) centre (\(c), \(cy)) upper \(upper) \(side): \(worst)/255")
                    }
                }
            }
        }
    }

    @Test func clippedSidesAndSmallRadiiAreLeftToTheGeneralPainter() {
        let scratch = CoverageScratch.current(cells: 0, rows: 0)
        let src: UInt32 = 0xFF33_99E6
        let painter = PixelPainter(src: src, evenOdd: false, tints: scratch.pointee.tints(of: src))
        func whole(_ c: Double, _ radius: Double, _ side: Halves, _ minX: Double, _ maxX: Double) -> Range<Int>? {
            let circle = UprightRoundedBox(left: c, right: c, top: 40.3, bottom: 40.3, radius: radius)!
            let crossings = UprightRoundedBox.Crossings(left: c, right: c, radius: radius,
                                                        table: scratch.pointee.crossings, sides: side)
            return circle.wholeHalfRows(10..<40, upper: true, side: side, minX, maxX, painter, crossings)
        }
        #expect(whole(40.3, 30, .right, 0, 100) != nil)
        #expect(whole(40.3, 30, .right, 0, 60) == nil)
        #expect(whole(40.3, 30, .left, 20, 100) == nil)
        #expect(whole(40.3, 30, .left, 0, 100) != nil)
        #expect(whole(40.3, 3.9, .right, 0, 100) == nil)
    }
}
