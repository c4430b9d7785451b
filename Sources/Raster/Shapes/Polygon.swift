/// A filled polygon: one closed contour through `points` (fewer than three draw nothing).
public struct Polygon: Shape, Hashable {
    public var points: [PixelPoint]

    public init(points: [PixelPoint]) { self.points = points }

    public func bounds(under transform: AffineTransform) -> ShapeBounds? {
        guard points.count >= 3 else { return nil }
        return ShapeBounds(points: points.lazy.map { transform.apply($0) })
    }

    public func trace(under transform: AffineTransform, into outline: inout Outline) {
        guard points.count >= 3 else { return }
        points.withUnsafeBufferPointer { p in
            outline.move(to: transform.apply(p[0]))
            for i in 1..<p.count { outline.line(to: transform.apply(p[i])) }
        }
        outline.close()
    }
}
