/// A 2-D affine map: x' = a·x + c·y + tx, y' = b·x + d·y + ty (the CoreGraphics/cairo convention).
///
/// Angles are in radians; with y growing down the screen a positive rotation turns clockwise.
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    public static func scale(_ factor: Double) -> AffineTransform { scale(x: factor, y: factor) }

    /// Rotation by `angle` about the origin.
    public static func rotation(_ angle: Double) -> AffineTransform {
        let (sn, cs) = sineCosine(angle)
        return AffineTransform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// Rotation by `angle` about `center`, which stays fixed.
    public static func rotation(_ angle: Double, around center: PixelPoint) -> AffineTransform {
        translation(x: -center.x, y: -center.y)
            .concatenating(rotation(angle))
            .concatenating(translation(x: center.x, y: center.y))
    }

    /// `self` applied first, then `next`.
    public func concatenating(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * next.a + b * next.c, b: a * next.b + b * next.d,
            c: c * next.a + d * next.c, d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
    }

    /// The transform undoing this one; nil when it squashes the plane to a line or a point.
    public var inverted: AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    @inline(__always)
    public func apply(_ p: PixelPoint) -> PixelPoint {
        PixelPoint(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// Applies only the linear part (no translation): how a direction or an offset maps.
    @inline(__always)
    public func applyLinear(x: Double, y: Double) -> PixelPoint {
        PixelPoint(x: a * x + c * y, y: b * x + d * y)
    }

    public var isIdentity: Bool { self == .identity }
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// The largest factor by which the transform stretches any length (its largest singular value).
    var maximumScale: Double {
        let sum = a * a + b * b + c * c + d * d
        let det = a * d - b * c
        let root = (max(0, sum * sum - 4 * det * det)).squareRoot()
        return ((sum + root) / 2).squareRoot()
    }
}
