import Feeds
import Raster
import Text
import Touch
import Widgets

/// One ambient card, read from across a room: the entry's picture (else its feed's name set large), the title,
/// the feed and the age, and a QR code of the link for a phone. Laid out once; drawn at a burn-in shift.
struct AmbientCard {
    let row: RiverRow
    /// The "continue reading" card: the article the person left open.
    let continues: Bool
    private let context: ReaderContext
    private let kicker: TextLayout
    private let title: TextLayout
    private let byline: TextLayout
    private let feedName: TextLayout?
    private let picture: String?
    /// The link's QR code, encoded once with the card (nil without a link, or one no code can hold).
    private let code: QRCode?

    static let margin = 40.0

    /// `now`: the wall-clock moment the card's age is told at.
    init(row: RiverRow, continues: Bool, context: ReaderContext, now: Timestamp) {
        self.row = row
        self.continues = continues
        self.context = context
        code = row.entry.link.flatMap { try? QRCode(encoding: $0) }
        let theme = context.theme
        let typography = context.typography
        let width = Self.textWidth(context)
        kicker = typography.layout(continues ? "Continue reading" : "Unread", style: context.style(size: 15, weight: .bold, color: theme.accent),
                                   paragraph: ParagraphStyle(maxLines: 1), width: width)
        let picture = row.entry.thumbnail.flatMap { context.images.size(of: $0) != nil ? $0 : nil }
        self.picture = picture
        let titleSize = min(44, max(26, context.size.height / 14))
        title = typography.layout(row.title, style: context.style(.serif, size: titleSize, weight: .bold, color: theme.ink),
                                  paragraph: ParagraphStyle(maxLines: picture == nil ? 4 : 3), width: width)
        let age = ReaderContext.age(of: row.entry.sortTime, now: now)
        byline = typography.layout("\(MetaLine.isolated(row.feedTitle)) · \(age)",
                                   style: context.style(size: 17, color: theme.faint), paragraph: MetaLine.paragraph,
                                   width: width)
        feedName = picture == nil
            ? typography.layout(row.feedTitle, style: context.style(size: min(72, context.size.height / 8), weight: .bold,
                                                                   color: theme.accent.faded(by: 0.85)),
                                paragraph: ParagraphStyle(maxLines: 2, baseDirection: .leftToRight), width: width)
            : nil
    }

    /// The QR code's side: large enough for a phone at a step or two.
    static func codeSide(_ context: ReaderContext) -> Double { min(200, context.size.height * 0.36) }

    static func textWidth(_ context: ReaderContext) -> Double {
        max(120, context.size.width - 2 * margin - codeSide(context) - margin)
    }

    func draw(into canvas: Canvas, shift: Point) {
        let theme = context.theme
        let typography = context.typography
        let bounds = context.bounds
        canvas.fill(bounds, with: theme.paper)
        let x = Self.margin + shift.x
        let width = Self.textWidth(context)
        // Title, byline and kicker sit at the bottom; above them the picture or the feed's name fills the rest.
        let titleHeight = typography.height(of: title)
        let bylineY = bounds.height - Self.margin - typography.height(of: byline) + shift.y
        let titleY = bylineY - 12 - titleHeight
        let kickerY = titleY - 10 - typography.height(of: kicker)
        let top = Self.margin + 24 + shift.y
        let pictureBox = Rect(x: x, y: top, width: width, height: max(0, kickerY - 16 - top))
        if let picture, pictureBox.height > 40 {
            drawPicture(picture, in: pictureBox, canvas: canvas)
        } else if let feedName {
            canvas.draw(feedName, at: Point(x: x, y: max(top, kickerY - 24 - typography.height(of: feedName))))
        }
        canvas.draw(kicker, at: Point(x: x, y: kickerY))
        canvas.draw(title, at: Point(x: x, y: titleY))
        canvas.draw(byline, at: Point(x: x, y: bylineY))
        if row.entry.link != nil {
            let side = Self.codeSide(context)
            let square = Rect(x: bounds.width - Self.margin - side + shift.x, y: bounds.height - Self.margin - side + shift.y,
                              width: side, height: side)
            canvas.fill(square, with: Color.white)
            if let code { QRCodeView.draw(code, into: canvas, square: square) }
        }
    }

    /// The picture whole inside `box`, at its top left; nothing while it is not decoded yet (it is queued, and
    /// drawn once the panel rests).
    private func drawPicture(_ url: String, in box: Rect, canvas: Canvas) {
        guard let (w, h) = context.images.size(of: url), w > 0, h > 0 else { return }
        let scale = context.scale
        let fit = min(scale.pixels(box.width) / Double(w), scale.pixels(box.height) / Double(h))
        let width = max(1, Int((Double(w) * fit).rounded(.down)))
        guard let decoded = context.images.picture(url, width: width) else { return }
        canvas.clipped(to: canvas.snapped(box)).composite(decoded, at: Point(x: box.minX, y: box.minY))
    }
}
