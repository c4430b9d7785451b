#if canImport(Glibc)
import Glibc
#endif
import Feeds
import Raster
import Text
import Touch
import Widgets

/// One row of the river: the feed's badge and name, the age and the reading time on a faint line, the title under it in
/// up to three lines (never cut mid-word: the typesetter ends a cut line on a word with an ellipsis), a dot
/// for unread and a star for starred.
final class EntryCell {
    static let padding = 14.0
    static let titleSize = 18.0
    static let metaSize = 13.0
    /// The widest a row's words run, points: on a wide panel the rows' text keeps a reading measure, centred.
    static let widest = 760.0
    /// The side of a row's picture, points.
    static let pictureSide = 84.0
    /// The side of the feed's badge before its name, points at the default type size, and the gap after it.
    static let badgeSide = 16.0
    static let badgeGap = 6.0

    /// The row's height for the context's type scale: room for the meta line and three title lines.
    static func height(typeScale: Double) -> Double {
        (2 * padding + (metaSize * 1.4 + 4 + titleSize * 1.25 * 3) * typeScale).rounded()
    }

    private let context: ReaderContext
    private(set) var row: RiverRow?
    private(set) var meta = TextLayout(width: 0)
    private var title = TextLayout(width: 0)
    private var snippet = TextLayout(width: 0)
    private var badge = FeedBadge()
    private var hasPicture = false

    init(context: ReaderContext) { self.context = context }

    /// `isNew`: the entry arrived since the last touch (the panel was left to its ambient cards meanwhile).
    func configure(_ row: RiverRow, width: Double, now: Timestamp, isNew: Bool = false) {
        self.row = row
        let theme = context.theme
        let typography = context.typography
        hasPicture = row.entry.thumbnail.flatMap { context.images.size(of: $0) } != nil
        let text = min(width, Self.widest) - 2 * Self.padding - 18 - (hasPicture ? Self.pictureSide + 12 : 0)
        let age = ReaderContext.age(of: row.entry.sortTime, now: now)
        let badgeSide = (Self.badgeSide * context.typeScale).rounded()
        badge.configure(title: row.feedTitle, iconKey: row.feedIcon, side: badgeSide, context: context)
        meta = typography.layout(
            "\(isNew ? "New · " : "")\(MetaLine.isolated(row.feedTitle)) · \(age) · \(row.readingMinutes) min read",
            style: context.style(size: Self.metaSize, weight: isNew ? .bold : .regular,
                                 color: isNew ? theme.accent : theme.faint),
            paragraph: MetaLine.paragraph, width: text - 24 - badgeSide - Self.badgeGap)
        title = typography.layout(row.title,
                                  style: context.style(size: Self.titleSize, weight: row.entry.isRead ? .regular : .bold,
                                                       color: row.entry.isRead ? theme.faint : theme.ink),
                                  paragraph: ParagraphStyle(lineHeight: 1.25, maxLines: 3), width: text)
        // The lines the title leaves free show the start of the summary, so every row reads as full.
        let free = 3 - title.lines.count
        if free > 0, let words = row.snippet, !words.isEmpty {
            snippet = typography.layout(words, style: context.style(.serif, size: 15, color: theme.faint),
                                        paragraph: ParagraphStyle(lineHeight: 1.3, maxLines: free), width: text)
        } else {
            snippet = TextLayout(width: 0)
        }
    }

    func draw(into canvas: Canvas, frame wholeRow: Rect) {
        guard let row else { return }
        let inset = max(0, ((wholeRow.width - Self.widest) / 2).rounded())
        let frame = Rect(x: wholeRow.minX + inset, y: wholeRow.minY, width: wholeRow.width - 2 * inset, height: wholeRow.height)
        let theme = context.theme
        let x = frame.minX + Self.padding + 18
        let top = frame.minY + Self.padding
        if !row.entry.isRead {
            canvas.fill(Circle(center: PixelPoint(x: frame.minX + Self.padding + 5, y: top + 8 * context.typeScale), radius: 4.5),
                        color: theme.accent)
        }
        let badgeSide = (Self.badgeSide * context.typeScale).rounded()
        let metaHeight = context.typography.height(of: meta)
        badge.draw(into: canvas, square: Rect(x: x, y: (top + (metaHeight - badgeSide) / 2).rounded(), width: badgeSide,
                                              height: badgeSide), context: context)
        canvas.draw(meta, at: Point(x: x + badgeSide + Self.badgeGap, y: top))
        if row.entry.isStarred {
            let star = Star.points(center: Point(x: frame.maxX - Self.padding - 8, y: top + 8 * context.typeScale), radius: 7)
            canvas.fill(Polygon(points: star), color: theme.accent)
        }
        let titleTop = top + context.typography.height(of: meta) + 4 * context.typeScale
        canvas.draw(title, at: Point(x: x, y: titleTop))
        canvas.draw(snippet, at: Point(x: x, y: titleTop + context.typography.height(of: title) + 2 * context.typeScale))
        if hasPicture, let url = row.entry.thumbnail { drawPicture(url, frame: frame, into: canvas) }
    }

    /// The row's picture, filling a square at the right (cropped to its middle); a quiet box until decoded.
    private func drawPicture(_ url: String, frame: Rect, into canvas: Canvas) {
        let side = Self.pictureSide
        let square = Rect(x: frame.maxX - Self.padding - side, y: frame.midY - side / 2, width: side, height: side)
        let clipped = canvas.clipped(to: canvas.snapped(square))
        clipped.fill(RoundedRect(x: square.minX, y: square.minY, width: side, height: side, cornerRadius: 8),
                            color: context.theme.inset)
        guard let (w, h) = context.images.size(of: url), w > 0, h > 0 else { return }
        let pixels = context.scale.pixels(side)
        // Decoded just wide enough that its shorter side covers the square.
        let width = Int((pixels * max(1, Double(w) / Double(h))).rounded(.up))
        guard let picture = context.images.picture(url, width: width) else { return }
        let shownWidth = context.scale.points(Double(picture.width)), shownHeight = context.scale.points(Double(picture.height))
        clipped.composite(picture, at: Point(x: square.midX - shownWidth / 2, y: square.midY - shownHeight / 2))
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
