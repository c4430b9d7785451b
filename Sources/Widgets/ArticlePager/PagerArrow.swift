import Motion
import Raster

/// The arrow in the pager's header and footer (Reeder; idev-recipes' PullArrow): 21x39 pt at (13, 4) of its
/// 55 pt bar, pointing up when unturned. It turns over 0.2 s, ease-in-out, from wherever it is, when its bar
/// loads or unloads. Angles are degrees, clockwise.
public struct PagerArrow: Sendable, Equatable {
    public static let box = Rect(x: 13, y: 4, width: 21, height: 39)
    public static let turnSeconds = 0.2

    public private(set) var angle: Double
    private var turn: Tween?
    private var turnStart = 0.0

    public init(angle: Double) { self.angle = angle }

    /// Where the arrow is heading.
    public var target: Double { turn?.finalX ?? angle }

    public mutating func turn(to degrees: Double, at time: Double) {
        guard degrees != target else { return }
        turn = Tween(from: angle(at: time), to: degrees, duration: Self.turnSeconds, curve: .easeInOut)
        turnStart = time
    }

    /// Puts the arrow at `degrees` at once (a new article's bars start at rest).
    public mutating func set(_ degrees: Double) {
        turn = nil
        angle = degrees
    }

    public func angle(at time: Double) -> Double {
        guard let turn else { return angle }
        return turn.x(at: time - turnStart)
    }

    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        guard let turn else { return false }
        angle = turn.x(at: time - turnStart)
        if turn.isDone(at: time - turnStart) {
            self.turn = nil
            return false
        }
        return true
    }

    public var isMoving: Bool { turn != nil }

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
