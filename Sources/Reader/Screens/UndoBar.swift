import Raster
import Text
import Touch
import Widgets

/// The bar that follows anything a passer-by could regret (a row marked read, a feed unsubscribed): what
/// happened and Undo, for five seconds, instead of a dialog.
struct UndoBar {
    static let height = 56.0
    static let seconds = 5.0

    /// The row it can bring back, what it says, and when it goes.
    var index: Int
    var text: String
    var until: Double

    static func frame(in bounds: Rect) -> Rect {
        Rect(x: 0, y: bounds.maxY - height, width: bounds.width, height: height)
    }

    func draw(into canvas: Canvas, context: ReaderContext) {
        let theme = context.theme
        let typography = context.typography
        let frame = Self.frame(in: context.bounds)
        canvas.fill(frame, with: theme.ink)
        let label = typography.layout(text, style: context.style(size: 16, color: theme.paper),
                                      paragraph: ParagraphStyle(maxLines: 1), width: frame.width - 160)
        let action = typography.layout("Undo", style: context.style(size: 16, weight: .bold, color: theme.accent),
                                       paragraph: ParagraphStyle(maxLines: 1), width: 100)
        canvas.draw(label, at: Point(x: 20, y: frame.midY - typography.height(of: label) / 2))
        canvas.draw(action, at: Point(x: frame.maxX - 24 - typography.width(of: action),
                                      y: frame.midY - typography.height(of: action) / 2))
    }
}

/// The bar at the top of the list and the feeds screen: the screen's name on the left, Menu (the pull's visible
/// fallback) on the right.
enum ScreenHeader {
    static let height = 56.0
    /// Where a tap opens the menu.
    static func menuFrame(in bounds: Rect) -> Rect { Rect(x: bounds.maxX - 110, y: 0, width: 110, height: height) }

    static func draw(_ title: TextLayout, into canvas: Canvas, context: ReaderContext) {
        let theme = context.theme
        let typography = context.typography
        let frame = Rect(x: 0, y: 0, width: context.bounds.width, height: height)
        canvas.fill(frame, with: theme.paper)
        canvas.fill(Rect(x: 0, y: frame.maxY - 1, width: frame.width, height: 1), with: theme.separator)
        canvas.draw(title, at: Point(x: 20, y: frame.midY - typography.height(of: title) / 2))
        let menu = typography.layout("Menu", style: context.style(size: 15, weight: .bold, color: theme.accent),
                                     paragraph: ParagraphStyle(maxLines: 1), width: 100)
        canvas.draw(menu, at: Point(x: frame.maxX - 20 - typography.width(of: menu), y: frame.midY - typography.height(of: menu) / 2))
    }

    static func title(_ text: String, context: ReaderContext) -> TextLayout {
        context.typography.layout(text, style: context.style(size: 22, weight: .bold, color: context.theme.ink),
                                  paragraph: ParagraphStyle(maxLines: 1), width: context.bounds.width - 140)
    }
}
