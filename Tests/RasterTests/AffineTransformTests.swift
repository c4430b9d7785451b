import Testing
@testable import Raster

@Suite struct AffineTransformTests {
    private func close(_ p: PixelPoint, _ x: Double, _ y: Double) -> Bool {
        abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9
    }

    @Test func basicTransformsMovePointsAsExpected() {
        let p = PixelPoint(x: 3, y: 4)
        #expect(AffineTransform.identity.apply(p) == p)
        #expect(close(AffineTransform.translation(x: 1, y: -2).apply(p), 4, 2))
        #expect(close(AffineTransform.scale(x: 2, y: 3).apply(p), 6, 12))
        // A quarter turn is clockwise on screen: +x goes to +y.
        #expect(close(AffineTransform.rotation(Double.pi / 2).apply(PixelPoint(x: 1, y: 0)), 0, 1))
        let about = AffineTransform.rotation(Double.pi, around: PixelPoint(x: 10, y: 10))
        #expect(close(about.apply(PixelPoint(x: 12, y: 10)), 8, 10))
        #expect(close(about.apply(PixelPoint(x: 10, y: 10)), 10, 10))
    }

    @Test func concatenationAppliesSelfFirst() {
        let t = AffineTransform.scale(2).concatenating(.translation(x: 5, y: 0))
        #expect(close(t.apply(PixelPoint(x: 1, y: 1)), 7, 2))
        let u = AffineTransform.translation(x: 5, y: 0).concatenating(.scale(2))
        #expect(close(u.apply(PixelPoint(x: 1, y: 1)), 12, 2))
    }

    @Test func inverseUndoesAndSingularHasNone() throws {
        let t = AffineTransform.rotation(0.7, around: PixelPoint(x: 3, y: -2)).concatenating(.scale(x: 2, y: 0.5))
        let inverse = try #require(t.inverted)
        #expect(close(inverse.apply(t.apply(PixelPoint(x: 9, y: 4))), 9, 4))
        #expect(AffineTransform.scale(x: 0, y: 1).inverted == nil)
        #expect(abs(AffineTransform.scale(x: 3, y: -0.5).maximumScale - 3) < 1e-12)
        #expect(abs(AffineTransform.rotation(1.1).concatenating(.scale(2)).maximumScale - 2) < 1e-12)
    }
}
