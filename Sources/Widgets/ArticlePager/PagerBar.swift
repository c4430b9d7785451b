import Raster
import Text
import Touch

/// The header above a page or the footer below it (Reeder): 55 pt tall, the neighbour's title beside an
/// arrow. It "loads" once the page is pulled past its height, strictly, while the finger is down, and unloads
/// when pulled back under it; the arrow turns to say so (header 180° → 0°, footer 0° → 180°).
public struct PagerBar: Sendable {
    public enum Edge: Sendable { case header, footer }

    public static let height = 55.0
    /// Left edge of the title, right of the arrow.
    static let titleX = PagerArrow.box.maxX + 14

    public let edge: Edge
    /// The neighbour's title, laid out; nil when there is no neighbour on this side (no bar at all).
    public let title: TextLayout?
    public private(set) var isLoaded = false
    public private(set) var arrow: PagerArrow

    public init(edge: Edge, title: TextLayout?) {
        self.edge = edge
        self.title = title
        arrow = PagerArrow(angle: Self.angle(edge, loaded: false))
    }

    /// Whether there is a neighbour on this side.
    public var exists: Bool { title != nil }

    static func angle(_ edge: Edge, loaded: Bool) -> Double {
        switch edge {
        case .header: loaded ? 0 : 180
        case .footer: loaded ? 180 : 0
        }
    }

    /// The page is pulled `pull` points past this bar's edge while a finger is down: load past 55, unload under it.
    public mutating func dragged(pull: Double, at time: Double) {
        guard exists else { return }
        if !isLoaded, pull > Self.height {
            isLoaded = true
            arrow.turn(to: Self.angle(edge, loaded: true), at: time)
        } else if isLoaded, pull < Self.height {
            isLoaded = false
            arrow.turn(to: Self.angle(edge, loaded: false), at: time)
        }
    }

    @discardableResult
    public mutating func advance(to time: Double) -> Bool { arrow.advance(to: time) }

    /// Paints the bar with its top-left corner at (x, y), `width` wide: the space the pull reveals, the arrow
    /// and the neighbour's title.
    public func draw(into canvas: Canvas, x: Double, y: Double, width: Double, typography: Typography,
                     theme: Theme = .light) {
        guard let title else { return }
        let bar = Rect(x: x, y: y, width: width, height: Self.height)
        guard canvas.needsDrawing(bar) else { return }
        canvas.fill(bar, with: theme.backdrop)
        arrow.draw(into: canvas, barX: x, barY: y, color: isLoaded ? theme.accent : theme.faint)
        canvas.draw(title, at: Point(x: x + Self.titleX, y: y + (Self.height - typography.height(of: title)) / 2))
    }
}
