/// A stroked circular arc (a spinner, a ring): the band between radius ± lineWidth/2 along the sweep.
///
/// Angles as in `PieSector`. A sweep of 2π or more is a full ring; round caps add half discs at both ends.
public struct ArcStroke: Shape, Hashable {
    public enum Cap: Sendable, Hashable {
        case butt
        case round
    }

    public var center: PixelPoint
    /// Radius of the stroke's centre line.
    public var radius: Double
    public var lineWidth: Double
    public var startAngle: Double
    public var sweep: Double
    public var clockwise: Bool
    public var cap: Cap

    public init(center: PixelPoint, radius: Double, lineWidth: Double, startAngle: Double, sweep: Double,
                clockwise: Bool = true, cap: Cap = .butt) {
        self.center = center
        self.radius = radius
        self.lineWidth = lineWidth
        self.startAngle = startAngle
        self.sweep = sweep
        self.clockwise = clockwise
        self.cap = cap
    }

    /// A full ring.
    public static func ring(center: PixelPoint, radius: Double, lineWidth: Double) -> ArcStroke {
        ArcStroke(center: center, radius: radius, lineWidth: lineWidth, startAngle: 0, sweep: 2 * Double.pi)
    }

    var isDrawable: Bool {
        center.isFinite && radius.isFinite && lineWidth.isFinite && startAngle.isFinite && sweep.isFinite
            && radius >= 0 && lineWidth > 0 && (sweep != 0 || cap == .round)
    }

    public func bounds(under transform: AffineTransform) -> ShapeBounds? {
        guard isDrawable else { return nil }
        return Circle(center: center, radius: radius + lineWidth / 2).bounds(under: transform)
    }

    public func trace(under transform: AffineTransform, into outline: inout Outline) {
        guard isDrawable else { return }
        let outer = radius + lineWidth / 2, inner = max(0, radius - lineWidth / 2)
        let c = transform.apply(center)
        func axes(_ r: Double) -> (PixelPoint, PixelPoint) {
            (transform.applyLinear(x: r, y: 0), transform.applyLinear(x: 0, y: r))
        }
        let (uo, vo) = axes(outer), (ui, vi) = axes(inner)
        let sweep = min(max(clockwise ? self.sweep : -self.sweep, -2 * Double.pi), 2 * Double.pi)
        if abs(sweep) >= 2 * Double.pi {
            // Two contours of opposite direction: the inner one cuts the hole under either fill rule.
            outline.arc(center: c, u: uo, v: vo, start: startAngle, sweep: sweep, startsContour: true)
            outline.close()
            if inner > 0 {
                outline.arc(center: c, u: ui, v: vi, start: startAngle, sweep: -sweep, startsContour: true)
                outline.close()
            }
            return
        }
        let end = startAngle + sweep
        let direction: Double = sweep < 0 ? -1 : 1
        let (uc, vc) = axes(lineWidth / 2)
        func capCenter(_ angle: Double) -> PixelPoint {
            let (s, c) = sineCosine(angle)
            return transform.apply(PixelPoint(x: center.x + radius * c, y: center.y + radius * s))
        }
        outline.arc(center: c, u: uo, v: vo, start: startAngle, sweep: sweep, startsContour: true)
        if cap == .round {
            // From the outer edge, round the far end forward to the inner edge.
            outline.arc(center: capCenter(end), u: uc, v: vc, start: end, sweep: direction * Double.pi,
                        startsContour: false)
        }
        if inner > 0 {
            outline.arc(center: c, u: ui, v: vi, start: end, sweep: -sweep, startsContour: false)
        } else {
            outline.line(to: c)
        }
        if cap == .round {
            outline.arc(center: capCenter(startAngle), u: uc, v: vc, start: startAngle + Double.pi,
                        sweep: direction * Double.pi, startsContour: false)
        }
        outline.close()
    }
}
