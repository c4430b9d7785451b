import Feeds
import Raster
import Text
import Touch
import Widgets

/// One ambient card, read from across a room, laid out for what its entry has: the picture (else the summary
/// set large, else the feed's name), the title, the feed and the age, and a QR code of the link for a phone. An
/// entry without a link gives the text the code's column; one without a picture gives it the picture's height.
/// Laid out once; drawn at a burn-in shift.
struct AmbientCard {
    let row: RiverRow
    /// The "continue reading" card: the article the person left open.
    let continues: Bool
    private let context: ReaderContext
    private let kicker: TextLayout
    private let title: TextLayout
    private let byline: TextLayout
    /// Without a picture: the start of the summary, under the title, as many lines as the card holds.
    private let summary: TextLayout?
    /// Without a picture or a summary: the feed's name set large, faded, where the picture would be.
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
        let width = Self.textWidth(context, withCode: code != nil)
        kicker = typography.layout(continues ? "Continue reading" : "Unread", style: context.style(size: 15, weight: .bold, color: theme.accent),
                                   paragraph: ParagraphStyle(maxLines: 1), width: width)
        let picture = row.entry.thumbnail.flatMap { context.images.size(of: $0) != nil ? $0 : nil }
        self.picture = picture
        let height = context.size.height
        // Without a picture the title is the card: larger, with room for more lines.
        let titleSize = picture == nil ? min(56, max(28, height / 11)) : min(44, max(26, height / 14))
        title = typography.layout(row.title, style: context.style(.serif, size: titleSize, weight: .bold, color: theme.ink),
                                  paragraph: ParagraphStyle(maxLines: picture == nil ? 4 : 3), width: width)
        let age = ReaderContext.age(of: row.entry.sortTime, now: now)
        byline = typography.layout("\(MetaLine.isolated(row.feedTitle)) · \(age)",
                                   style: context.style(size: 17, color: theme.faint), paragraph: MetaLine.paragraph,
                                   width: width)
        summary = picture == nil ? Self.summary(of: row, room: Self.summaryRoom(context, kicker: kicker, title: title, byline: byline),
                                                width: width, context: context) : nil
        feedName = picture == nil && summary == nil
            ? typography.layout(row.feedTitle, style: context.style(size: min(72, height / 8), weight: .bold,
                                                                   color: theme.accent.faded(by: 0.85)),
                                paragraph: ParagraphStyle(maxLines: 2, baseDirection: .leftToRight), width: width)
            : nil
    }

    /// The QR code's side: large enough for a phone at a step or two.
    static func codeSide(_ context: ReaderContext) -> Double { min(200, context.size.height * 0.36) }

    /// The text's width: the card's, less the code's column when there is a code.
    static func textWidth(_ context: ReaderContext, withCode: Bool) -> Double {
        max(120, context.size.width - 2 * margin - (withCode ? codeSide(context) + margin : 0))
    }

    /// The height between the title and the byline when the text stands at the top of a card without a picture.
    private static func summaryRoom(_ context: ReaderContext, kicker: TextLayout, title: TextLayout,
                                    byline: TextLayout) -> Double {
        let typography = context.typography
        let used = margin + typography.height(of: kicker) + 10 + typography.height(of: title) + 20
            + 16 + typography.height(of: byline) + margin
        return context.size.height - used
    }

    /// The summary in the lines `room` holds (none if not even two fit: a lone line reads as a stray).
    private static func summary(of row: RiverRow, room: Double, width: Double, context: ReaderContext) -> TextLayout? {
        guard let snippet = row.entry.snippet, !snippet.isEmpty else { return nil }
        let style = context.style(.serif, size: min(26, max(19, context.size.height / 22)), color: context.theme.ink)
        let probe = context.typography.layout("Ag", style: style, paragraph: ParagraphStyle(lineHeight: 1.35), width: width)
        let lines = Int(room / max(1, context.typography.height(of: probe)))
        guard lines >= 2 else { return nil }
        return context.typography.layout(snippet, style: style, paragraph: ParagraphStyle(lineHeight: 1.35, maxLines: lines),
                                         width: width)
    }

    func draw(into canvas: Canvas, shift: Point) {
        let theme = context.theme
        let typography = context.typography
        let bounds = context.bounds
        canvas.fill(bounds, with: theme.paper)
        let x = Self.margin + shift.x
        let width = Self.textWidth(context, withCode: code != nil)
        let bylineY = bounds.height - Self.margin - typography.height(of: byline) + shift.y
        if let summary {
            // Kicker, title and summary from the top; the byline at the foot.
            let kickerY = Self.margin + shift.y
            let titleY = kickerY + typography.height(of: kicker) + 10
            canvas.draw(kicker, at: Point(x: x, y: kickerY))
            canvas.draw(title, at: Point(x: x, y: titleY))
            canvas.draw(summary, at: Point(x: x, y: titleY + typography.height(of: title) + 20))
        } else {
            // Title, byline and kicker sit at the bottom; above them the picture or the feed's name fills the rest.
            let titleY = bylineY - 12 - typography.height(of: title)
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
        }
        canvas.draw(byline, at: Point(x: x, y: bylineY))
        if let code {
            let side = Self.codeSide(context)
            let square = Rect(x: bounds.width - Self.margin - side + shift.x, y: bounds.height - Self.margin - side + shift.y,
                              width: side, height: side)
            canvas.fill(square, with: Color.white)
            QRCodeView.draw(code, into: canvas, square: square)
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
