import Testing
@testable import Raster

/// Components draw through protocols (`any Shape`, generic parameters): a shape reached that way must be painted
/// by the same fast painter as when its type is named, not by the general rasterizer.
@Suite struct ShapeDispatchTests {
    /// Radii large enough that the general rasterizer flattens the arcs: its pixels differ from the row painter's,
    /// so equal pixels prove which painter ran.
    let shapes: [any Shape] = [
        Circle(center: PixelPoint(x: 40.3, y: 41.7), radius: 33.6),
        RoundedRect(x: 4.4, y: 6.2, width: 70.5, height: 60.1, cornerRadius: 27.3),
        PieSector(center: PixelPoint(x: 39.6, y: 40.2), radius: 31.8, startAngle: PieSector.twelveOClock,
                  sweep: 3 * Double.pi / 2),
    ]

    private func drawnByName(_ shape: any Shape, transform: AffineTransform) -> Surface {
        let surface = Surface(width: 84, height: 84, fill: .black)
        switch shape {
        case let circle as Circle: surface.fill(circle, color: .white, transform: transform)
        case let box as RoundedRect: surface.fill(box, color: .white, transform: transform)
        case let pie as PieSector: surface.fill(pie, color: .white, transform: transform)
        default: Issue.record("unexpected shape \(shape)")
        }
        return surface
    }

    private func drawnGenerically<S: Shape>(_ shape: S, transform: AffineTransform) -> Surface {
        let surface = Surface(width: 84, height: 84, fill: .black)
        surface.fill(shape, color: .white, transform: transform)
        return surface
    }

    /// Through the general rasterizer: the shape's type hidden behind a wrapper with no painter of its own.
    private func rasterized<S: Shape>(_ shape: S, transform: AffineTransform) -> Surface {
        let surface = Surface(width: 84, height: 84, fill: .black)
        surface.fill(Hidden(inner: shape), color: .white, transform: transform)
        return surface
    }

    @Test(arguments: [AffineTransform.identity, .scale(x: -1, y: 1).concatenating(.translation(x: 82, y: 0))])
    func existentialAndGenericShapesTakeTheirFastPath(transform: AffineTransform) {
        for shape in shapes {
            let named = drawnByName(shape, transform: transform)
            let existential = Surface(width: 84, height: 84, fill: .black)
            existential.fill(shape, color: .white, transform: transform)
            let generic = drawnGenerically(shape, transform: transform)
            let general = rasterized(shape, transform: transform)
            #expect(worstDifference(existential, named) == 0, "\(shape) through any Shape")
            #expect(worstDifference(generic, named) == 0, "\(shape) through a generic parameter")
            // The general rasterizer's flattened arcs differ somewhere: the equalities above are not vacuous.
            #expect(worstDifference(general, named) > 0, "\(shape): the row painter did not draw it by name")
        }
    }
}
