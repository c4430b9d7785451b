import Platform
import Raster
import Text
import Touch
import Widgets

/// `lectern render --text FILE`: a plain-text article (first line the title, paragraphs separated by blank
/// lines) set as the reader sets an entry, then cut into fixed pages at line boundaries, one PNG per page with
/// its number at the foot.
public struct TextArticlePages {
    public let article: PlainArticle

    /// The article in the file at `path`.
    public init(file path: String) throws {
        self.init(text: String(decoding: try AtomicFile.read(path), as: UTF8.self))
    }

    /// Every page as article-1.png, article-2.png… in `writer`'s directory, set in the system's fonts.
    public func render(width: Int, height: Int, into writer: inout SnapshotWriter) throws {
        try render(width: width, height: height, typesetter: Typesetter(library: try FontLibrary())) { page, number in
            try writer.save(page, name: "article-\(number)")
        }
    }

    /// Splits the file's text; an empty file gives an untitled empty article.
    public init(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(from: " \t\r")
        }
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        var paragraphs: [String] = []
        var current: [String] = []
        for line in lines.dropFirst() {
            if line.isEmpty {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        article = PlainArticle(title: lines.first ?? "", paragraphs: paragraphs)
    }

    /// Draws every page at `width`x`height` pixels, a point to a pixel as on the 7" panel, and hands each to
    /// `save`, numbered from 1. Every page's text starts where the first page's title does, under the page's
    /// top margin, and stops above the bottom margin, where the page number goes.
    public func render(width: Int, height: Int, typesetter: Typesetter, save: (Surface, Int) throws -> Void) rethrows {
        let typography = Typography(typesetter: typesetter, scale: Scale(1))
        let theme = Theme.light
        let body = article.page(width: Double(width), typography: typography, theme: theme)
        let page = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let top = ArticleStyles.marginTop
        let room = max(page.height - top - ArticleStyles.marginBottom, 1)
        let starts = Self.pageStarts(body.lineExtents, room: room)
        let glyphs = GlyphCache()
        for (index, start) in starts.enumerated() {
            let surface = Surface(width: width, height: height, fill: theme.paper)
            let canvas = Canvas(surface: surface, scale: typography.scale, glyphs: glyphs)
            // Down to the next page's first line and no further, so no line shows half on one page.
            let end = index + 1 < starts.count ? starts[index + 1] : start + room
            let shown = canvas.pixels(covering: Rect(x: 0, y: top, width: page.width, height: min(end - start, room)))
            body.draw(into: canvas.clipped(to: shown), frame: page, offset: start - top, dx: 0)
            let number = typography.layout("\(index + 1) / \(starts.count)",
                                           style: TextStyle(family: .sans, size: 14, color: theme.faint),
                                           paragraph: ParagraphStyle(alignment: .center), width: page.width)
            canvas.draw(number, at: Point(x: 0, y: (page.height - (ArticleStyles.marginBottom
                                                                  + typography.height(of: number)) / 2).rounded()))
            try save(surface, index + 1)
        }
    }

    /// Where each page's text starts, page coordinates: a page holds the lines that end within `room` of its
    /// first line's top. A line taller than `room` (a tall picture) has a page to itself and is cut at its foot.
    static func pageStarts(_ lines: [(top: Double, bottom: Double)], room: Double) -> [Double] {
        var starts = [lines.first?.top ?? ArticleStyles.marginTop]
        for line in lines where line.top > starts[starts.count - 1] && line.bottom - starts[starts.count - 1] > room {
            starts.append(line.top)
        }
        return starts
    }
}
