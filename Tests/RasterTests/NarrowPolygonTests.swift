import Glibc
import Testing
@testable import Raster

/// Small polygons under the non-zero rule are painted group by group from each row's first edge to its last
/// (`CoverageAccumulator.paintNarrow`); the general rasterizer walks edges and paints the inside as spans. Both
/// must give the same pixels, byte for byte, over a background where every pixel differs.
@Suite struct NarrowPolygonTests {
    private static let width = 48, height = 40

    private func background() -> Surface {
        let surface = Surface(width: Self.width, height: Self.height, fill: .black)
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let r = UInt32(x * 5 & 0xFF), g = UInt32(y * 6 & 0xFF), b = UInt32((x * 7 + y * 3) & 0xFF)
                surface[x, y] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        return surface
    }

    /// The polygon drawn by name (the narrow painter where it fits) and through the general rasterizer.
    private func expectSamePixels(_ polygon: Polygon, transform: AffineTransform = .identity, clip: PixelRect? = nil,
                                  _ label: String) {
        let plain = background()
        for color in [Color(argb: 0xFF33_99E6), Color(argb: 0x8040_2010), Color(argb: 0x80FF_0000)] {
            let named = background(), general = background()
            named.fill(polygon, color: color, transform: transform, clip: clip)
            general.fill(Hidden(inner: polygon), color: color, transform: transform, clip: clip)
            var differing = 0, painted = 0
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    if named[x, y] != general[x, y] { differing += 1 }
                    if named[x, y] != plain[x, y] { painted += 1 }
                }
            }
            #expect(differing == 0, "\(label) in \(String(color.argb, radix: 16))")
            #expect(painted > 10, "\(label) painted nothing")
        }
    }

    @Test func arrowsAtEveryBenchmarkAngleAndOffset() {
        let arrow = Polygon(points: arrowPoints.map { PixelPoint(x: $0.0, y: $0.1) })
        for i in 0..<64 {
            let (fx, fy) = benchmarkFractions[i]
            let transform = AffineTransform.rotation(Double(i) * 0.1)
                .concatenating(.translation(x: 20 + fx, y: 18 + fy))
            // Narrow enough for the group painter, with its four spare columns inside the surface.
            let box = arrow.bounds(under: transform)!
            #expect(box.maxX - box.minX + 6 <= Double(Polygon.narrowWidth))
            expectSamePixels(arrow, transform: transform, "arrow \(i)")
        }
    }

    @Test func concaveThinAndOverlappingShapes() {
        let chevron = Polygon(points: [(0.0, 0.0), (6, 6), (0, 12), (3.5, 12), (9.5, 6), (3.5, 0)]
            .map { PixelPoint(x: $0.0, y: $0.1) })
        let sliver = Polygon(points: [(0.0, 0.0), (17.3, 2.1), (0.4, 1.2)].map { PixelPoint(x: $0.0, y: $0.1) })
        let steep = Polygon(points: [(0.0, 0.0), (1.3, 21.7), (0.2, 22.0)].map { PixelPoint(x: $0.0, y: $0.1) })
        // Five points joined every other one: the centre is wound twice, inside under the non-zero rule.
        let star = Polygon(points: (0..<5).map { k in
            let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return PixelPoint(x: 9 * cos(a), y: 9 * sin(a))
        })
        for (name, shape) in [("chevron", chevron), ("sliver", sliver), ("steep", steep), ("star", star)] {
            for (k, angle) in [0.0, 0.37, 1.9, 4.2].enumerated() {
                let transform = AffineTransform.rotation(angle)
                    .concatenating(.translation(x: 19.3 + Double(k) * 0.21, y: 17.6 + Double(k) * 0.13))
                expectSamePixels(shape, transform: transform, "\(name) at \(angle) rad")
            }
        }
    }

    @Test func edgesOnPixelBoundaries() {
        // Vertical sides exactly on column lines: the last touched cell is one past the shape's box.
        let box = Polygon(points: [(2.0, 1.0), (9, 1), (9, 7.5), (2, 7.5)].map { PixelPoint(x: $0.0, y: $0.1) })
        expectSamePixels(box, "whole-pixel box")
        expectSamePixels(box, transform: .translation(x: 0.5, y: 3.25), "half-pixel box")
        let diamond = Polygon(points: [(10.0, 2), (18, 10), (10, 18), (2, 10)].map { PixelPoint(x: $0.0, y: $0.1) })
        expectSamePixels(diamond, "diamond on the grid")
    }

    @Test func cutBySurfaceAndClip() {
        let arrow = Polygon(points: arrowPoints.map { PixelPoint(x: $0.0, y: $0.1) })
        // Too near the right side for four spare columns, then hanging off it, then through a clip.
        expectSamePixels(arrow, transform: .translation(x: Double(Self.width) - 13.2, y: 9.4), "at the right side")
        expectSamePixels(arrow, transform: .translation(x: Double(Self.width) - 5.7, y: 20.1), "off the right side")
        expectSamePixels(arrow, transform: .rotation(0.7).concatenating(.translation(x: 20.3, y: 18.8)),
                         clip: PixelRect(x: 12, y: 10, width: 13, height: 17), "in a clip")
    }
}
