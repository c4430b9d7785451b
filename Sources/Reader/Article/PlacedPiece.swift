import Raster
import Text
import Touch
import Widgets

/// A piece set at its place on the page. Positions are page coordinates in points (y down from the page's top,
/// margins included); layouts are in pixels, as `Typography` sets them.
struct PlacedPiece {
    /// Index of the piece among the article's pieces.
    var index: Int
    var top: Double
    var height: Double
    /// The piece's text: a paragraph, a code block's lines, an image's alt text.
    var text: TextLayout?
    var textOrigin = Point.zero
    /// What is drawn behind or instead of text: a code block's inset, an image or its alt box, a rule.
    var box: Rect?
    /// A media box's still frame, at the top of its box.
    var frame: Rect?
    /// The image as the provider gave it; nil draws the alt box.
    var image: Surface?
    /// A picture whose box is laid out but which was not decoded yet: asked for at each drawing until it is.
    var pendingImage: String?
    /// The image at the size it is shown, made on first drawing when the provider's is larger.
    var shownImage: Surface?
    var markers: [(layout: TextLayout, origin: Point)] = []
    /// A table row's cells, or its card's text.
    var cells: [PlacedText] = []
    /// Rules under a table's row; `strong` under its headings.
    var rules: [(rect: Rect, strong: Bool)] = []

    var bottom: Double { top + height }
}
