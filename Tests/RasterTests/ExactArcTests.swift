import Testing
@testable import Raster
#if canImport(Glibc)
import Glibc
#endif

/// Circular arcs of small radius are traced exactly (cut at pixel lines, chord plus segment area) instead of
/// flattened: they must match the supersampled reference far more closely than the general bound, wherever
/// they are cut by the surface, a clip rectangle or a band boundary.
@Suite struct ExactArcTests {
    /// Tighter than the 8/255 the flattened outlines are held to: only the reference's own sampling remains.
    static let exactLimit = 2.0

    @Test(arguments: [0.3, 0.6, 1.3, 2.5, 4, 7.3, 12, Outline.exactArcRadiusLimit])
    func circlesMatchTheReferenceClosely(radius: Double) {
        for offset in [0.0, 0.13, 0.5, 0.71] {
            let c = PixelPoint(x: radius + 2 + offset, y: radius + 2.4 - offset * 0.7)
            let size = Int(2 * radius) + 6
            let error = measure(width: size, height: size, reference: .circle(cx: c.x, cy: c.y, r: radius)) {
                $0.fill(Circle(center: c, radius: radius), color: .white)
            }
            #expect(error.max <= Self.exactLimit && error.mean <= 0.5, "r \(radius) +\(offset): \(error)")
        }
    }

    @Test func mirroredAndScaledCirclesAreExactToo() {
        // A flip reverses the direction the arcs are traced in; the segment areas must follow it.
        for (sx, sy) in [(-1.5, 1.5), (2.0, -2.0), (-1.0, -1.0)] {
            let transform = AffineTransform.scale(x: sx, y: sy).concatenating(.translation(x: 12.3, y: 11.6))
            let r = 4.2, c = PixelPoint(x: 0.7, y: -0.4)
            let centre = transform.apply(c)
            let reference = ReferenceShape.circle(cx: centre.x, cy: centre.y, r: r * abs(sx))
            let error = measure(width: 25, height: 24, reference: reference) {
                $0.fill(Circle(center: c, radius: r), color: .white, transform: transform)
            }
            #expect(error.max <= Self.exactLimit, "scale \(sx), \(sy): \(error)")
        }
    }

    @Test func circlesAndPiesCutByEveryEdge() {
        // Centres beyond each edge and corner of the surface, and a clip rectangle through the middle.
        let centres = [(-2.3, 7.6), (7.2, -3.1), (17.8, 8.4), (8.9, 16.6), (-1.2, -2.7), (18.4, 17.1)]
        for (x, y) in centres {
            let error = measure(width: 16, height: 15, reference: .circle(cx: x, cy: y, r: 6.3)) {
                $0.fill(Circle(center: PixelPoint(x: x, y: y), radius: 6.3), color: .white)
            }
            #expect(error.max <= Self.exactLimit, "circle at \(x),\(y): \(error)")
            let pie = ReferenceShape.pie(cx: x, cy: y, r: 9.5, start: 0.4, sweep: 4.1)
            let pieError = measure(width: 16, height: 15, reference: pie) {
                $0.fill(PieSector(center: PixelPoint(x: x, y: y), radius: 9.5, startAngle: 0.4, sweep: 4.1),
                        color: .white)
            }
            #expect(pieError.isWithinLimits, "pie at \(x),\(y): \(pieError)")
        }
        let clip = PixelRect(x: 4, y: 5, width: 6, height: 4)
        let clipped = measure(width: 16, height: 15, reference: .circle(cx: 7.7, cy: 6.6, r: 5.2), clip: clip) {
            $0.fill(Circle(center: PixelPoint(x: 7.7, y: 6.6), radius: 5.2), color: .white, clip: clip)
        }
        #expect(clipped.max <= Self.exactLimit, "clipped circle: \(clipped)")
    }

    @Test func cornersAcrossBandBoundariesAreSeamless() {
        // So wide that a band holds only a dozen rows: the corner arcs, taller than that, are cut by band
        // boundaries (the clipping path of exact arcs).
        let width = 20_000, height = 40
        #expect(CoverageScratch.maximumCells / (width + 2) < 16)
        let s = Surface(width: width, height: height, fill: .black)
        let r = Outline.exactArcRadiusLimit - 0.3
        s.fill(RoundedRect(x: 3.3, y: 2.6, width: 19_993.1, height: 36.2, cornerRadius: r), color: .white)
        let rounded = ReferenceShape.roundedRect(x: 3.3, y: 2.6, w: 19_993.1, h: 36.2, r: r)
        var worst = 0.0
        for y in 0..<height {
            for x in Array(0..<24) + Array(19_975..<20_000) {
                worst = max(worst, abs(Double(s[x, y] & 0xFF) - rounded.coverage(px: x, py: y) * 255))
            }
        }
        #expect(worst <= Self.exactLimit, "worst \(worst)/255")
    }

    /// The segment from the sine of its angle (no square root) against r²/2·(θ − sin θ) from libm, across the
    /// radii and angles the row painter of upright rounded boxes asks for, with five terms of the series and,
    /// from `shortSeriesRadius`, three: within 0.3/255 of a pixel.
    @Test(arguments: [ArcSegmentArea.sineSeriesRadius, 5, 9.5, ArcSegmentArea.shortSeriesRadius - 0.01,
                      ArcSegmentArea.shortSeriesRadius, 40, 300, 2048])
    func segmentsFromTheSineAreExact(radius: Double) {
        let segment = ArcSegmentArea(radius: radius)
        // The widest angle: from the arc's top to where it leaves the topmost pixel row.
        let widest = acos(1 - 1 / radius)
        for step in 0...40 {
            let theta = widest * Double(step) / 40, start = 0.37 + Double(step) * 0.11
            let p = (x: radius * cos(start), y: radius * sin(start))
            let q = (x: radius * cos(start + theta), y: radius * sin(start + theta))
            let exact = radius * radius / 2 * (theta - sin(theta))
            let error = abs(segment.area(p.x, p.y, q.x, q.y) - exact)
            #expect(error <= 0.3 / 255, "r \(radius), θ \(theta): off by \(error)")
        }
    }
}
