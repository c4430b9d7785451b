import Raster
import Text
@testable import Widgets

/// A page standing in for an article in the pager's and the menu's tests: a dark bar where the title would be
/// and grey bars for its lines of text. Widgets pages through pages without knowing how they are set; the
/// reader's `ArticleBody` sets articles and is tested with the reader, so these tests show only the components.
final class SketchPage: PagerPage {
    static let margin = 36.0
    static let titleHeight = 24.0
    static let lineHeight = 26.0
    static let maxColumn = 640.0

    let width: Double
    let lines: Int
    let scale: Scale

    init(width: Double, lines: Int, scale: Scale) {
        self.width = width
        self.lines = lines
        self.scale = scale
    }

    var contentHeight: Double {
        2 * Self.margin + Self.titleHeight + Self.lineHeight / 2 + Double(lines) * Self.lineHeight
    }

    func draw(into canvas: Canvas, frame: Rect, offset: Double, dx: Double) {
        let page = frame.offsetBy(dx: dx, dy: 0)
        guard canvas.needsDrawing(page) else { return }
        let area = canvas.clipped(to: canvas.snapped(page))
        area.fill(page, with: Palette.paper)
        let column = max(60, min(Self.maxColumn, width - 2 * Self.margin))
        let x = page.minX + ((width - column) / 2).rounded()
        var y = page.minY + Self.margin - offset
        area.fill(Rect(x: x, y: y, width: (column * 0.6).rounded(), height: Self.titleHeight), with: Palette.ink)
        y += Self.titleHeight + Self.lineHeight / 2
        for line in 0..<lines {
            // Every fourth line ends a paragraph, short.
            let length = line % 4 == 3 ? (column * 0.55).rounded() : column
            area.fill(Rect(x: x, y: y + 9, width: length, height: 8), with: Palette.faint)
            y += Self.lineHeight
        }
    }

    func renderFirstScreen(height: Double, glyphs: GlyphCache) -> Surface {
        let surface = Surface(width: Int(scale.pixels(width).rounded()), height: Int(scale.pixels(height).rounded()),
                              fill: Palette.paper)
        draw(into: Canvas(surface: surface, scale: scale, glyphs: glyphs),
             frame: Rect(x: 0, y: 0, width: width, height: height), offset: 0, dx: 0)
        return surface
    }
}

/// Sketched pages for the pager: a title for its bars and a number of lines each.
final class SketchPages: PagerSource {
    let pages: [(title: String, lines: Int)]
    let scale: Scale

    init(_ pages: [(title: String, lines: Int)], scale: Scale) {
        self.pages = pages
        self.scale = scale
    }

    var count: Int { pages.count }
    func title(at index: Int) -> String { pages[index].title }
    func page(at index: Int, width: Double) -> PagerPage { SketchPage(width: width, lines: pages[index].lines, scale: scale) }
}
