import Feeds
import Raster
import Text
import Touch
import Widgets

/// A subscription's row: its badge (icon, else initial), its title and unread count, and how its last fetch (or
/// the refresh under way) went, in words; a muted feed says so.
final class FeedCell {
    static let height = 76.0
    /// The badge's side and the text's indent after it, points.
    static let badgeSide = 36.0
    static let textIndent = 20.0 + badgeSide + 14

    private let context: ReaderContext
    private var title = TextLayout(width: 0)
    private var count = TextLayout(width: 0)
    private var status = TextLayout(width: 0)
    private var badge = FeedBadge()

    init(context: ReaderContext) { self.context = context }

    func configure(_ feed: StoredFeed, status line: String, failed: Bool, width: Double) {
        let theme = context.theme
        let typography = context.typography
        badge.configure(title: feed.title ?? feed.url, iconKey: FeedIcons.key(for: feed), side: Self.badgeSide,
                        context: context)
        title = typography.layout(feed.title ?? feed.url, style: context.style(size: 18, weight: .bold, color: feed.isMuted ? theme.faint : theme.ink),
                                  paragraph: MetaLine.paragraph, width: width - 120 - Self.textIndent)
        count = typography.layout(feed.isMuted ? "muted" : "\(feed.unreadCount)",
                                  style: context.style(size: 18, weight: .bold, color: feed.isMuted ? theme.faint : theme.accent),
                                  paragraph: ParagraphStyle(maxLines: 1), width: 100)
        status = typography.layout(line, style: context.style(size: 14, color: failed ? theme.accent : theme.faint),
                                   paragraph: MetaLine.paragraph, width: width - 20 - Self.textIndent)
    }

    func draw(into canvas: Canvas, frame: Rect) {
        let typography = context.typography
        badge.draw(into: canvas, square: Rect(x: frame.minX + 20, y: (frame.midY - Self.badgeSide / 2).rounded(),
                                              width: Self.badgeSide, height: Self.badgeSide), context: context)
        canvas.draw(title, at: Point(x: frame.minX + Self.textIndent, y: frame.minY + 10))
        canvas.draw(count, at: Point(x: frame.maxX - 20 - typography.width(of: count), y: frame.minY + 10))
        canvas.draw(status, at: Point(x: frame.minX + Self.textIndent, y: frame.minY + 14 + typography.height(of: title)))
    }
}
