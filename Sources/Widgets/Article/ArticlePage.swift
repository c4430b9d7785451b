import Raster
import Text
import Touch

/// An article set for reading in a column of a given width: title, byline and body, with the page's margins.
/// Laid out once; drawing shows whatever part a scroll offset puts in view, so scrolling costs what is visible.
public final class ArticlePage {
    public static let marginTop = 36.0
    public static let marginSide = 32.0
    public static let marginBottom = 48.0
    /// The longest comfortable measure, about 70 characters of body text.
    public static let maxColumn = 640.0

    public static let titleStyle = TextStyle(family: .sans, size: 26, weight: .bold, color: Palette.ink)
    static let bylineStyle = TextStyle(family: .sans, size: 13, color: Palette.faint)
    static let bodyStyle = TextStyle(family: .serif, size: 17, color: Palette.ink)

    public let article: Article
    /// The page's width, points.
    public let width: Double
    public let layout: TextLayout
    /// Left edge of the text column within the page.
    public let columnX: Double
    /// The whole page's height: margins and text, points.
    public let contentHeight: Double

    public init(_ article: Article, width: Double, typography: Typography) {
        self.article = article
        self.width = width
        let column = max(60, min(Self.maxColumn, width - 2 * Self.marginSide))
        columnX = ((width - column) / 2).rounded()
        var paragraphs = [Paragraph(article.title, style: Self.titleStyle,
                                    paragraphStyle: ParagraphStyle(lineHeight: 1.2, spacingAfter: 8))]
        if let byline = article.byline {
            paragraphs.append(Paragraph(byline, style: Self.bylineStyle,
                                        paragraphStyle: ParagraphStyle(spacingAfter: 22)))
        } else {
            paragraphs[0].style.spacingAfter = 22
        }
        for text in article.paragraphs {
            paragraphs.append(Paragraph(text, style: Self.bodyStyle,
                                        paragraphStyle: ParagraphStyle(lineHeight: 1.5, spacingAfter: 14)))
        }
        layout = typography.layout(paragraphs, width: column)
        contentHeight = Self.marginTop + typography.height(of: layout) + Self.marginBottom
        scale = typography.scale
    }

    private let scale: Scale

    /// Paints the page into `frame` (points) as scrolled to `offset` (content y at the frame's top), shifted
    /// right by `dx`: paper, then the lines in view.
    public func draw(into canvas: Canvas, frame: Rect, offset: Double, dx: Double = 0) {
        let page = frame.offsetBy(dx: dx, dy: 0)
        guard canvas.needsDrawing(page) else { return }
        let area = canvas.clipped(to: canvas.snapped(page))
        area.fill(page, with: Palette.paper)
        area.draw(layout, at: Point(x: page.minX + columnX, y: page.minY + Self.marginTop - offset))
    }

    /// The page's first screen (`height` points of it from the top) rendered offscreen at `scale`: shown while
    /// the page slides in, so no frame of the slide waits for text to be set or drawn.
    public func renderFirstScreen(height: Double, glyphs: GlyphCache) -> Surface {
        let surface = Surface(width: Int(scale.pixels(width).rounded()), height: Int(scale.pixels(height).rounded()),
                              format: .xrgb8888, fill: Palette.paper)
        let canvas = Canvas(surface: surface, scale: scale, glyphs: glyphs)
        draw(into: canvas, frame: Rect(x: 0, y: 0, width: width, height: height), offset: 0)
        return surface
    }
}
