/// A filled circle.
public struct Circle: Shape, Hashable {
    public var center: PixelPoint
    public var radius: Double

    public init(center: PixelPoint, radius: Double) {
        self.center = center
        self.radius = radius
    }

    /// The circle inscribed in the square whose top-left corner is (x, y) and side `diameter`.
    public init(x: Double, y: Double, diameter: Double) {
        self.init(center: PixelPoint(x: x + diameter / 2, y: y + diameter / 2), radius: diameter / 2)
    }

    public func bounds(under transform: AffineTransform) -> ShapeBounds? {
        Ellipse(center: center, radiusX: radius, radiusY: radius).bounds(under: transform)
    }

    public func trace(under transform: AffineTransform, into outline: inout Outline) {
        Ellipse(center: center, radiusX: radius, radiusY: radius).trace(under: transform, into: &outline)
    }
}

/// A filled axis-aligned ellipse (any orientation once transformed).
public struct Ellipse: Shape, Hashable {
    public var center: PixelPoint
    public var radiusX: Double
    public var radiusY: Double

    public init(center: PixelPoint, radiusX: Double, radiusY: Double) {
        self.center = center
        self.radiusX = radiusX
        self.radiusY = radiusY
    }

    var isDrawable: Bool {
        center.isFinite && radiusX.isFinite && radiusY.isFinite && radiusX > 0 && radiusY > 0
    }

    public func bounds(under transform: AffineTransform) -> ShapeBounds? {
        guard isDrawable else { return nil }
        return ShapeBounds(center: transform.apply(center), u: transform.applyLinear(x: radiusX, y: 0),
                           v: transform.applyLinear(x: 0, y: radiusY))
    }

    public func trace(under transform: AffineTransform, into outline: inout Outline) {
        guard isDrawable else { return }
        outline.arc(center: transform.apply(center), u: transform.applyLinear(x: radiusX, y: 0),
                    v: transform.applyLinear(x: 0, y: radiusY), start: 0, sweep: 2 * Double.pi,
                    startsContour: true)
        outline.close()
    }
}
