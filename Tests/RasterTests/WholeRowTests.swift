import Testing
@testable import Raster

/// The flat loop of whole corner rows (`paintWholeRows`) against the general row painter it stands in for: the same
/// pixels, byte for byte (it does the same arithmetic in the same order), for the top and bottom corners of circles,
/// capsules and rounded rectangles, radii from the flat loop's smallest up, centres anywhere in a pixel, an opaque
/// and a translucent colour.
@Suite struct WholeRowTests {
    /// The top (`upper`) or bottom corner rows of `box` through the general painter only (`whole` false) or with the
    /// flat loop taking the rows it can, as `UprightRoundedBox.paint` does.
    private func paint(_ box: UprightRoundedBox, upper: Bool, color: Color, whole: Bool, width: Int,
                       height: Int) -> (Surface, Int) {
        let surface = Surface(width: width, height: height, fill: Color(argb: 0xFF20_4060))
        let scratch = CoverageScratch.current(cells: 0, rows: 0)
        let painter = PixelPainter(src: color.argb, evenOdd: false, tints: scratch.pointee.tints(of: color.argb))
        let crossings = UprightRoundedBox.Crossings(left: box.left, right: box.right, radius: box.radius,
                                                    table: scratch.pointee.crossings)
        let rows = upper ? Int(box.top - box.radius)..<Int(box.top.rounded(.down))
                         : Int(box.bottom.rounded(.up))..<Int((box.bottom + box.radius).rounded(.up))
        let minX = 0.0, maxX = Double(width)
        var carried = UprightRoundedBox.CarriedWidth()
        func general(_ rows: Range<Int>) {
            for y in rows {
                let y0 = Double(y), y1 = y0 + 1
                let strip = upper ? box.topStrip(max(y0, box.top - box.radius), y1, &carried)
                                  : box.bottomStrip(y0, min(y1, box.bottom + box.radius), &carried)
                box.paintRow(surface.row(y), strip, minX, maxX, painter, crossings)
            }
        }
        var flat = 0
        if whole, let w = box.wholeRows(rows, upper: upper, minX, maxX, painter, crossings) {
            flat = w.count
            general(rows.lowerBound..<w.lowerBound)
            box.paintWholeRows(w, upper: upper, surface, painter, crossings, &carried)
            general(w.upperBound..<rows.upperBound)
        } else {
            general(rows)
        }
        return (surface, flat)
    }

    @Test(arguments: [8.0, 9.6, 15, 16, 20, 23.6, 60, 131.3])
    func wholeRowsMatchTheGeneralPainter(radius: Double) {
        for (k, (fx, fy)) in benchmarkFractions.enumerated() where k % 4 == 0 || radius < 30 {
            // A circle, a capsule's end and a rounded rectangle's corners (centres apart by a fraction or more).
            for apart in [0.0, 0.5, 7.35] {
                let left = radius + 3 + fx, top = radius + 3 + fy
                let width = Int(2 * radius + apart) + 7, height = Int(2 * radius + apart) + 7
                guard let box = UprightRoundedBox(left: left, right: left + apart, top: top, bottom: top + apart,
                                                  radius: radius) else {
                    Issue.record("no box")
                    return
                }
                for upper in [true, false] {
                    for color in [Color(argb: 0xFF33_99E6), Color(argb: 0x8019_4C73)] {
                        let (general, _) = paint(box, upper: upper, color: color, whole: false, width: width,
                                                 height: height)
                        let (direct, flat) = paint(box, upper: upper, color: color, whole: true, width: width,
                                                   height: height)
                        #expect(flat >= Int(radius) - 3, "r\(radius) (\(fx), \(fy)): only \(flat) rows were flat")
                        let difference = Fixture.difference(direct, general)
                        #expect(difference == nil, "r\(radius) centres (\(left), \(top)) + \(apart) upper \(upper): \(difference ?? "")")
                    }
                }
            }
        }
    }

    @Test func clippedSidesAndSmallRadiiAreLeftToTheGeneralPainter() {
        let scratch = CoverageScratch.current(cells: 0, rows: 0)
        let src: UInt32 = 0xFF33_99E6
        let painter = PixelPainter(src: src, evenOdd: false, tints: scratch.pointee.tints(of: src))
        func whole(_ c: Double, _ radius: Double, _ minX: Double, _ maxX: Double) -> Range<Int>? {
            let box = UprightRoundedBox(left: c, right: c + 5, top: 40.3, bottom: 40.3, radius: radius)!
            let crossings = UprightRoundedBox.Crossings(left: c, right: c + 5, radius: radius,
                                                        table: scratch.pointee.crossings)
            return box.wholeRows(10..<40, upper: true, minX, maxX, painter, crossings)
        }
        #expect(whole(40.3, 30, 0, 100) != nil)
        #expect(whole(40.3, 30, 0, 70) == nil)
        #expect(whole(40.3, 30, 20, 100) == nil)
        #expect(whole(40.3, UprightRoundedBox.wholeRowsRadius - 0.1, 0, 100) == nil)
        // Beyond the crossings table: no table, no flat loop.
        #expect(whole(600.3, 550, 0, 1300) == nil)
    }
}
