import Raster
import Text

/// A page the pager can show: laid out once for a width, drawn at any scroll offset, and rendered offscreen
/// for its first screen so a slide never waits for it. The reader's article page (`ArticleBody`) is the one the
/// panel shows; the pager knows nothing of how it is set.
public protocol PagerPage: AnyObject {
    /// The whole page's height, margins included, points.
    var contentHeight: Double { get }
    /// Paints the page into `frame` (points) scrolled to `offset` (content y at the frame's top), shifted by `dx`.
    func draw(into canvas: Canvas, frame: Rect, offset: Double, dx: Double)
    /// The first `height` points of the page, rendered offscreen.
    func renderFirstScreen(height: Double, glyphs: GlyphCache) -> Surface
}

extension PagerPage {
    public func draw(into canvas: Canvas, frame: Rect, offset: Double) {
        draw(into: canvas, frame: frame, offset: offset, dx: 0)
    }
}

/// What the pager pages through: how many pages, each one's title for the bars, and the page itself, made on
/// demand (a reader's river holds thousands of entries; only the current one and its neighbours are set).
public protocol PagerSource: AnyObject {
    var count: Int { get }
    func title(at index: Int) -> String
    func page(at index: Int, width: Double) -> PagerPage
}
