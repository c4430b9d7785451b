#if canImport(Glibc)
import Glibc
#endif
import Feeds
import Raster
import Text
import Touch
import Widgets

/// One row of the river: the feed's name, the age and the reading time on a faint line, the title under it in
/// up to three lines (never cut mid-word: the typesetter ends a cut line on a word with an ellipsis), a dot
/// for unread and a star for starred.
final class EntryCell {
    static let padding = 14.0
    static let titleSize = 18.0
    static let metaSize = 13.0

    /// The row's height for the context's type scale: room for the meta line and three title lines.
    static func height(typeScale: Double) -> Double {
        (2 * padding + (metaSize * 1.4 + 4 + titleSize * 1.25 * 3) * typeScale).rounded()
    }

    private let context: ReaderContext
    private(set) var row: RiverRow?
    private var meta = TextLayout(width: 0)
    private var title = TextLayout(width: 0)
    private var snippet = TextLayout(width: 0)

    init(context: ReaderContext) { self.context = context }

    func configure(_ row: RiverRow, width: Double, now: Timestamp) {
        self.row = row
        let theme = context.theme
        let typography = context.typography
        let text = width - 2 * Self.padding - 18
        let age = ReaderContext.age(of: row.entry.sortTime, now: now)
        meta = typography.layout("\(row.feedTitle) · \(age) · \(row.readingMinutes) min read",
                                 style: context.style(size: Self.metaSize, color: theme.faint),
                                 paragraph: ParagraphStyle(maxLines: 1), width: text - 24)
        title = typography.layout(row.title,
                                  style: context.style(size: Self.titleSize, weight: row.entry.isRead ? .regular : .bold,
                                                       color: row.entry.isRead ? theme.faint : theme.ink),
                                  paragraph: ParagraphStyle(lineHeight: 1.25, maxLines: 3), width: text)
        // The lines the title leaves free show the start of the summary, so every row reads as full.
        let free = 3 - title.lines.count
        if free > 0, let text = row.entry.snippet, !text.isEmpty {
            snippet = typography.layout(text, style: context.style(.serif, size: 15, color: theme.faint),
                                        paragraph: ParagraphStyle(lineHeight: 1.3, maxLines: free), width: self.textWidth(width))
        } else {
            snippet = TextLayout(width: 0)
        }
    }

    private func textWidth(_ width: Double) -> Double { width - 2 * Self.padding - 18 }

    func draw(into canvas: Canvas, frame: Rect) {
        guard let row else { return }
        let theme = context.theme
        let x = frame.minX + Self.padding + 18
        let top = frame.minY + Self.padding
        if !row.entry.isRead {
            canvas.fill(Circle(center: PixelPoint(x: frame.minX + Self.padding + 5, y: top + 8 * context.typeScale), radius: 4.5),
                        color: theme.accent)
        }
        canvas.draw(meta, at: Point(x: x, y: top))
        if row.entry.isStarred {
            let star = Star.points(center: Point(x: frame.maxX - Self.padding - 8, y: top + 8 * context.typeScale), radius: 7)
            canvas.fill(Polygon(points: star), color: theme.accent)
        }
        let titleTop = top + context.typography.height(of: meta) + 4 * context.typeScale
        canvas.draw(title, at: Point(x: x, y: titleTop))
        canvas.draw(snippet, at: Point(x: x, y: titleTop + context.typography.height(of: title) + 2 * context.typeScale))
    }
}

/// A five-pointed star's outline, for starred rows.
enum Star {
    static func points(center: Point, radius: Double) -> [PixelPoint] {
        (0..<10).map { i in
            let r = i % 2 == 0 ? radius : radius * 0.45
            let angle = Double(i) * .pi / 5 - .pi / 2
            return PixelPoint(x: center.x + r * cos(angle), y: center.y + r * sin(angle))
        }
    }
}
