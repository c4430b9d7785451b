/// A filled outline of straight and curved segments; each subpath is closed when filled.
public struct Path: Shape, Hashable {
    public enum Element: Sendable, Hashable {
        case move(PixelPoint)
        case line(PixelPoint)
        case quadCurve(to: PixelPoint, control: PixelPoint)
        case curve(to: PixelPoint, control1: PixelPoint, control2: PixelPoint)
        case close
    }

    public private(set) var elements: [Element] = []

    public init() {}

    public init(elements: [Element]) { self.elements = elements }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to point: PixelPoint) { elements.append(.move(point)) }
    public mutating func addLine(to point: PixelPoint) { elements.append(.line(point)) }
    public mutating func addQuadCurve(to point: PixelPoint, control: PixelPoint) {
        elements.append(.quadCurve(to: point, control: control))
    }
    public mutating func addCurve(to point: PixelPoint, control1: PixelPoint, control2: PixelPoint) {
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }
    public mutating func closeSubpath() { elements.append(.close) }

    /// Bounds of every point including control points (a curve never leaves its control polygon's hull).
    public func bounds(under transform: AffineTransform) -> ShapeBounds? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var finite = true
        func include(_ p: PixelPoint) {
            let q = transform.apply(p)
            finite = finite && q.isFinite
            minX = min(minX, q.x)
            minY = min(minY, q.y)
            maxX = max(maxX, q.x)
            maxY = max(maxY, q.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): include(p)
            case .quadCurve(let p, let c): include(p); include(c)
            case .curve(let p, let c1, let c2): include(p); include(c1); include(c2)
            case .close: break
            }
        }
        guard finite, minX <= maxX else { return nil }
        return ShapeBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    public func trace(under transform: AffineTransform, into outline: inout Outline) {
        for element in elements {
            switch element {
            case .move(let p): outline.move(to: transform.apply(p))
            case .line(let p): outline.line(to: transform.apply(p))
            case .quadCurve(let p, let c): outline.quadCurve(to: transform.apply(p), control: transform.apply(c))
            case .curve(let p, let c1, let c2):
                outline.curve(to: transform.apply(p), control1: transform.apply(c1), control2: transform.apply(c2))
            case .close: outline.close()
            }
        }
        outline.close()
    }
}
