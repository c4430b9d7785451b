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
        return ShapeBounds(points: [
            transform.apply(PixelPoint(x: x, y: y)), transform.apply(PixelPoint(x: x + width, y: y)),
            transform.apply(PixelPoint(x: x, y: y + height)),
            transform.apply(PixelPoint(x: x + width, y: y + height)),
        ])
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
        let half = Double.pi / 2
        // Clockwise on screen from the top-right corner; the straight sides are the lines joining the arcs.
        let corners = [(right - r, y + r, -half), (right - r, bottom - r, 0.0),
                       (x + r, bottom - r, half), (x + r, y + r, Double.pi)]
        for (i, corner) in corners.enumerated() {
            outline.arc(center: transform.apply(PixelPoint(x: corner.0, y: corner.1)), u: u, v: v,
                        start: corner.2, sweep: half, startsContour: i == 0)
        }
        outline.close()
    }
}
