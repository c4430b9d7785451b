/// A filled sector of a circle: the centre is a vertex, the arc runs from `startAngle` through `sweep`.
///
/// Angles are radians measured from 3 o'clock; `clockwise` (on screen, y down) is the usual direction.
/// A sweep of 0 draws nothing, 2π or more the whole disc; negative sweeps turn the other way.
public struct PieSector: Shape, Hashable {
    public var center: PixelPoint
    public var radius: Double
    public var startAngle: Double
    public var sweep: Double
    public var clockwise: Bool

    public init(center: PixelPoint, radius: Double, startAngle: Double, sweep: Double, clockwise: Bool = true) {
        self.center = center
        self.radius = radius
        self.startAngle = startAngle
        self.sweep = sweep
        self.clockwise = clockwise
    }

    /// 12 o'clock, where progress pies start.
    public static let twelveOClock = -Double.pi / 2

    /// The sweep with its direction as a sign (+ clockwise on screen), limited to one turn.
    var signedSweep: Double {
        let s = clockwise ? sweep : -sweep
        return min(max(s, -2 * Double.pi), 2 * Double.pi)
    }

    var isDrawable: Bool {
        center.isFinite && radius.isFinite && radius > 0 && startAngle.isFinite && sweep.isFinite && sweep != 0
    }

    public func bounds(under transform: AffineTransform) -> ShapeBounds? {
        guard isDrawable else { return nil }
        let c = transform.apply(center)
        let u = transform.applyLinear(x: radius, y: 0), v = transform.applyLinear(x: 0, y: radius)
        let sweep = signedSweep
        // A quarter pie needs a quarter of the circle's box: fewer rows and columns to visit.
        guard let arc = ShapeBounds(arcAround: c, u: u, v: v, start: startAngle, sweep: sweep,
                                    startSinCos: sineCosine(startAngle),
                                    endSinCos: sineCosine(startAngle + sweep)) else {
            return Circle(center: center, radius: radius).bounds(under: transform)
        }
        return ShapeBounds(minX: min(arc.minX, c.x), minY: min(arc.minY, c.y),
                           maxX: max(arc.maxX, c.x), maxY: max(arc.maxY, c.y))
    }

    public func trace(under transform: AffineTransform, into outline: inout Outline) {
        guard isDrawable else { return }
        let c = transform.apply(center)
        let u = transform.applyLinear(x: radius, y: 0), v = transform.applyLinear(x: 0, y: radius)
        let sweep = signedSweep
        if abs(sweep) >= 2 * Double.pi {
            outline.arc(center: c, u: u, v: v, start: startAngle, sweep: sweep, startsContour: true)
        } else {
            outline.move(to: c)
            outline.arc(center: c, u: u, v: v, start: startAngle, sweep: sweep, startsContour: false)
        }
        outline.close()
    }
}

extension Surface {
    /// Paints a pie sector (see `fill(_:color:transform:clip:rule:)`). A full turn is the whole disc, which the
    /// circle's row painter draws faster than the rasterizer draws the sector's outline; so is a sector whose
    /// sides lie on the axes (whole quarter turns, upright), which is some of that disc's quarters.
    public func fill(_ shape: PieSector, color: Color, transform: AffineTransform = .identity,
                     clip: PixelRect? = nil, rule: FillRule = .nonZero) {
        if shape.isDrawable && abs(shape.signedSweep) >= 2 * Double.pi {
            return fill(Circle(center: shape.center, radius: shape.radius), color: color, transform: transform,
                        clip: clip, rule: rule)
        }
        if color.argb == 0 { return }
        if shape.isDrawable, transform.isFinite, color.isPremultiplied,
           let circle = UprightRoundedBox(circle: shape.center, radius: shape.radius, under: transform),
           let quarters = shape.quarters(mirroredX: transform.a < 0, mirroredY: transform.d < 0) {
            // The quarters' box is the sector's, without the sines and cosines of its ends.
            guard let region = region(containing: circle.bounds(of: quarters), clip: clip) else { return }
            return circle.paintPie(onto: self, region: region, color: color, quarters: quarters)
        }
        guard let region = region(of: shape, transform: transform, clip: clip) else { return }
        ShapeRasterizer.fill(shape, transform: transform, region: region, surface: self, color: color, rule: rule)
    }
}

extension PieSector {
    /// The row painter when the transform allows it (see `Surface.fill(_: PieSector, …)`), also when reached
    /// through a protocol.
    public func paint(onto surface: Surface, color: Color, transform: AffineTransform, clip: PixelRect?,
                      rule: FillRule) {
        surface.fill(self, color: color, transform: transform, clip: clip, rule: rule)
    }
}
