import Glibc
import Testing
@testable import Raster

/// Bad geometry draws nothing (or something sensible) and never crashes or hangs.
@Suite struct ShapeDegenerateInputTests {
    private func untouched(_ s: Surface, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for y in 0..<s.height {
            for x in 0..<s.width where s[x, y] != Color.black.argb {
                Issue.record("\(what) changed pixel \(x),\(y)", sourceLocation: sourceLocation)
                return
            }
        }
    }

    @Test func nonFiniteAndEmptyShapesDrawNothing() {
        let s = Surface(width: 16, height: 16, fill: .black)
        let nan = Double.nan, inf = Double.infinity
        s.fill(Circle(center: PixelPoint(x: nan, y: 8), radius: 4), color: .white)
        s.fill(Circle(center: PixelPoint(x: 8, y: 8), radius: inf), color: .white)
        s.fill(Circle(center: PixelPoint(x: 8, y: 8), radius: 0), color: .white)
        s.fill(Circle(center: PixelPoint(x: 8, y: 8), radius: -3), color: .white)
        s.fill(Ellipse(center: PixelPoint(x: 8, y: 8), radiusX: 5, radiusY: nan), color: .white)
        s.fill(RoundedRect(x: 2, y: 2, width: 0, height: 8, cornerRadius: 2), color: .white)
        s.fill(PieSector(center: PixelPoint(x: 8, y: 8), radius: 6, startAngle: nan, sweep: 1), color: .white)
        s.fill(ArcStroke(center: PixelPoint(x: 8, y: 8), radius: 6, lineWidth: 0, startAngle: 0, sweep: 1),
               color: .white)
        s.fill(Polygon(points: [PixelPoint(x: 1, y: 1), PixelPoint(x: nan, y: 3), PixelPoint(x: 9, y: 9)]),
               color: .white)
        s.fill(Polygon(points: [PixelPoint(x: 1, y: 1), PixelPoint(x: 9, y: 9)]), color: .white)
        s.fill(Polygon(points: []), color: .white)
        s.fill(Path(), color: .white)
        s.fill(Circle(center: PixelPoint(x: 8, y: 8), radius: 4), color: .white,
               transform: AffineTransform(a: nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        s.fill(Circle(center: PixelPoint(x: 8, y: 8), radius: 4), color: .white, transform: .scale(0))
        s.fill(Circle(center: PixelPoint(x: 8, y: 8), radius: 4), color: .white,
               clip: PixelRect(x: 3, y: 3, width: 0, height: 5))
        s.fill(Circle(center: PixelPoint(x: 8, y: 8), radius: 4), color: .white, transform: .scale(1e300))
        untouched(s, "degenerate shapes")
    }

    @Test func shapesFarOffTheSurfaceAreSkipped() {
        let s = Surface(width: 16, height: 16, fill: .black)
        s.fill(Circle(center: PixelPoint(x: -50, y: 8), radius: 40), color: .white)
        s.fill(Circle(center: PixelPoint(x: 1e12, y: -1e12), radius: 1e6), color: .white)
        s.fill(RoundedRect(x: 0, y: 17, width: 16, height: 100, cornerRadius: 3), color: .white)
        untouched(s, "off-surface shapes")
    }

    @Test func hugeCoordinatesAreClippedExactly() {
        // A triangle reaching 1e12 px away still covers the half-plane below its visible edge y = x.
        let s = Surface(width: 16, height: 16, fill: .black)
        let far = 1e12
        s.fill(Polygon(points: [PixelPoint(x: -far, y: -far), PixelPoint(x: far, y: far),
                                PixelPoint(x: -far, y: far)]), color: .white)
        for y in 0..<16 {
            for x in 0..<16 {
                let expected: UInt32 = x < y ? 255 : x == y ? 128 : 0
                #expect(s[x, y] & 0xFF == expected, "pixel \(x),\(y)")
            }
        }
        // A circle too large to trace finely still finishes and fills what it covers.
        let t = Surface(width: 16, height: 16, fill: .black)
        t.fill(Circle(center: PixelPoint(x: 8, y: 8), radius: 1e12), color: .white)
        #expect(t[8, 8] == Color.white.argb)
        var curve = Path()
        curve.move(to: PixelPoint(x: 0, y: 0))
        curve.addCurve(to: PixelPoint(x: 16, y: 16), control1: PixelPoint(x: 1e14, y: -1e14),
                       control2: PixelPoint(x: -1e14, y: 1e14))
        t.fill(curve, color: .white)
    }

    @Test func millionVertexPathFinishes() {
        let count = 1_000_000
        var points: [PixelPoint] = []
        points.reserveCapacity(count)
        for i in 0..<count {
            let a = Double(i) / Double(count) * 2 * Double.pi
            points.append(PixelPoint(x: 20 + 15 * cos(a), y: 20 + 15 * sin(a)))
        }
        let s = Surface(width: 40, height: 40, fill: .black)
        s.fill(Polygon(points: points), color: .white)
        let reference = ReferenceShape.circle(cx: 20, cy: 20, r: 15)
        for (x, y) in [(20, 20), (5, 20), (34, 20), (20, 5), (9, 9), (30, 31)] {
            #expect(abs(Double(s[x, y] & 0xFF) - reference.coverage(px: x, py: y) * 255) <= 2, "pixel \(x),\(y)")
        }
    }
}

@Suite struct ShapeSegmentBudgetTests {
    @Test func manyHugeCurvesFinishQuickly() {
        // Each curve alone would be cut into 4096 lines; together they exhaust the budget and become chords.
        var path = Path()
        path.move(to: PixelPoint(x: 0, y: 0))
        for i in 0..<20_000 {
            let y = Double(i % 32)
            path.addCurve(to: PixelPoint(x: 31, y: y), control1: PixelPoint(x: 1e9, y: -1e9),
                          control2: PixelPoint(x: -1e9, y: 1e9))
        }
        let s = Surface(width: 32, height: 32, fill: .black)
        s.fill(path, color: .white)
        s.fill(path, color: .white, rule: .evenOdd)
    }
}
