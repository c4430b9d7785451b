/// A filled rectangle with circular corners; a corner radius of half the shorter side makes a capsule.
public struct RoundedRect: Shape, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// Clamped to 0…min(width, height)/2 when drawn.
    public var cornerRadius: Double

    public init(x: Double, y: Double, width: Double, height: Double, cornerRadius: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.cornerRadius = cornerRadius
    }

    /// The fully rounded rectangle: semicircular ends on the shorter side.
    public static func capsule(x: Double, y: Double, width: Double, height: Double) -> RoundedRect {
        RoundedRect(x: x, y: y, width: width, height: height, cornerRadius: min(width, height) / 2)
    }

    var isDrawable: Bool {
        x.isFinite && y.isFinite && width.isFinite && height.isFinite && width > 0 && height > 0
    }

    var radius: Double {
        cornerRadius.isFinite ? min(max(cornerRadius, 0), min(width, height) / 2) : 0
    }

    public func bounds(under transform: AffineTransform) -> ShapeBounds? {
        guard isDrawable else { return nil }
        // The box of the transformed rectangle: centre ± half the absolute linear part of each side.
        let half = transform.applyLinear(x: width / 2, y: 0), halfUp = transform.applyLinear(x: 0, y: height / 2)
        let mid = transform.apply(PixelPoint(x: x + width / 2, y: y + height / 2))
        let hx = abs(half.x) + abs(halfUp.x), hy = abs(half.y) + abs(halfUp.y)
        return ShapeBounds(minX: mid.x - hx, minY: mid.y - hy, maxX: mid.x + hx, maxY: mid.y + hy)
    }

    public func trace(under transform: AffineTransform, into outline: inout Outline) {
        guard isDrawable else { return }
        let r = radius
        let right = x + width, bottom = y + height
        if r <= 0 {
            outline.move(to: transform.apply(PixelPoint(x: x, y: y)))
            outline.line(to: transform.apply(PixelPoint(x: right, y: y)))
            outline.line(to: transform.apply(PixelPoint(x: right, y: bottom)))
            outline.line(to: transform.apply(PixelPoint(x: x, y: bottom)))
            outline.close()
            return
        }
        let u = transform.applyLinear(x: r, y: 0), v = transform.applyLinear(x: 0, y: r)
        // Clockwise on screen from the top-right corner; the straight sides are the lines joining the arcs.
        // Quarter turns start at exact multiples of π/2, so one plan and no trigonometry serve all four.
        let plan = outline.arcPlan(radius: Outline.largestRadius(u, v), sweep: Double.pi / 2)
        func corner(_ cx: Double, _ cy: Double, _ c: Double, _ s: Double, _ first: Bool) {
            let center = transform.apply(PixelPoint(x: cx, y: cy))
            // A quarter between axis directions is monotone in x and y: its ends' box holds it (on the plan's
            // slightly larger ellipse), unless a rotation or shear turned it.
            let k = plan.scale
            let box = transform.b == 0 && transform.c == 0 ? ShapeBounds(
                minX: center.x + k * min(u.x * c, -u.x * s), minY: center.y + k * min(v.y * s, v.y * c),
                maxX: center.x + k * max(u.x * c, -u.x * s), maxY: center.y + k * max(v.y * s, v.y * c)) : nil
            outline.arc(center: center, u: u, v: v, startCos: c, startSin: s, plan: plan, startsContour: first,
                        exactStart: true, box: box)
            // The quarter's end is the next quarter's start: (c, s) turned by π/2 is (−s, c).
            outline.line(to: PixelPoint(x: center.x + u.x * -s + v.x * c, y: center.y + u.y * -s + v.y * c))
        }
        corner(right - r, y + r, 0, -1, true)
        corner(right - r, bottom - r, 1, 0, false)
        corner(x + r, bottom - r, 0, 1, false)
        corner(x + r, y + r, -1, 0, false)
        outline.close()
    }
}
