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
