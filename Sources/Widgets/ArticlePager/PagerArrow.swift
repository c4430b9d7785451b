import Motion
import Raster

/// The arrow in the pager's header and footer (Reeder; idev-recipes' PullArrow): 21x39 pt at (13, 4) of its
/// 55 pt bar, pointing up when unturned. It turns over 0.2 s, ease-in-out, from wherever it is, when its bar
/// loads or unloads. Angles are degrees, clockwise.
public struct PagerArrow: Sendable {
    public static let box = Rect(x: 13, y: 4, width: 21, height: 39)
    static let turnSeconds = 0.2

    private var turning: AnimatedValue

    public init(angle: Double) { turning = AnimatedValue(angle) }

    public var angle: Double { turning.value }

    /// Where the arrow is heading.
    public var target: Double { turning.target }

    public mutating func turn(to degrees: Double, at time: Double) {
        guard degrees != target else { return }
        turning.animate(to: degrees, duration: Self.turnSeconds, curve: .easeInOut, at: time)
    }

    @discardableResult
    public mutating func advance(to time: Double) -> Bool { turning.advance(to: time) }

    public var isMoving: Bool { turning.isMoving }

    /// The arrow's outline pointing up in its 21x39 box (shaft and head), before turning.
    static let outline: [PixelPoint] = [
        PixelPoint(x: 10.5, y: 0), PixelPoint(x: 21, y: 12), PixelPoint(x: 13.5, y: 12), PixelPoint(x: 13.5, y: 39),
        PixelPoint(x: 7.5, y: 39), PixelPoint(x: 7.5, y: 12), PixelPoint(x: 0, y: 12),
    ]

    /// Paints the arrow in a bar whose top-left corner is (x, y), turned about the centre of its box.
    public func draw(into canvas: Canvas, barX x: Double, barY y: Double, color: Color) {
        let box = Self.box.offsetBy(dx: x, dy: y)
        let placed = AffineTransform.translation(x: box.minX, y: box.minY)
            .concatenating(.rotation(angle * Double.pi / 180, around: PixelPoint(x: box.midX, y: box.midY)))
        canvas.fill(Polygon(points: Self.outline), color: color, transform: placed)
    }
}
