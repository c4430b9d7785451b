import Motion
import Raster
import Text
import Touch

/// The menu the pull presents (Unread; SCOverlayPresentTransition): a white sheet over the page, fading in to
/// 0.9 over 0.5 s ease-in-out with the page still showing through, and out again over 0.5 s when tapped.
public struct MenuOverlay: Sendable {
    public enum Phase: String, Sendable {
        case closed, opening, open, closing
    }

    public static let openAlpha = 0.9
    public static let fadeSeconds = 0.5

    private var fade = AnimatedValue(0)

    public init() {}

    public var alpha: Double { fade.value }

    public var phase: Phase {
        if fade.isMoving { return fade.target > 0 ? .opening : .closing }
        return alpha > 0 ? .open : .closed
    }

    /// Whether the overlay takes every touch (it does from the moment it starts opening until it has closed).
    public var isShowing: Bool { phase != .closed }

    /// Starts fading in at `time`, from wherever it is.
    public mutating func present(at time: Double) { fade(to: Self.openAlpha, at: time) }

    /// Starts fading out at `time`, from wherever it is.
    mutating func dismiss(at time: Double) { fade(to: 0, at: time) }

    /// A fade already heading for `value` goes on as it is.
    private mutating func fade(to value: Double, at time: Double) {
        guard value != fade.target else { return }
        fade.animate(to: value, duration: Self.fadeSeconds, curve: .easeInOut, at: time)
    }

    @discardableResult
    public mutating func advance(to time: Double) -> Bool { fade.advance(to: time) }

    /// Paints the sheet over `frame` and, on it, the menu's title and hint (`title` and `hint` laid out by the
    /// owner), all faded by the current alpha.
    public func draw(into canvas: Canvas, frame: Rect, title: TextLayout?, hint: TextLayout?, typography: Typography) {
        guard alpha > 0 else { return }
        canvas.blend(frame, with: Color(red: 1, green: 1, blue: 1, alpha: alpha))
        // The words fade with the sheet: drawn in ink at the sheet's alpha over what is now mostly white.
        let words = [title, hint].compactMap { $0 }
        var y = frame.midY - words.reduce(0) { $0 + typography.height(of: $1) } / 2
        for layout in words {
            let x = frame.midX - typography.width(of: layout) / 2
            canvas.draw(layout, at: Point(x: x, y: y), opacity: min(1, alpha / Self.openAlpha))
            y += typography.height(of: layout)
        }
    }
}
