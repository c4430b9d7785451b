import Raster
import Text
import Touch
import Widgets

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

    /// Left to right like the panel: a feed's Arabic name at the left, not flush right against the menu.
    static func title(_ text: String, context: ReaderContext) -> TextLayout {
        context.typography.layout(text, style: context.style(size: 22, weight: .bold, color: context.theme.ink),
                                  paragraph: MetaLine.paragraph, width: context.bounds.width - 140)
    }
}
