import Raster
import Touch
import Text
import Widgets

/// A link's QR code on a card, large enough to scan from a metre: most of the panel's shorter side, dark on
/// light in every theme, the link beneath it. Encoded once, when it is asked for, not on every repaint.
final class LinkCode {
    let text: String
    /// Nil when no code can hold the text: a light square, and the caption says what it was.
    let code: QRCode?

    init(_ text: String) {
        self.text = text
        code = try? QRCode(encoding: text)
    }

    func draw(into canvas: Canvas, context: ReaderContext) {
        let bounds = context.bounds
        let side = min(bounds.width, bounds.height) - 96
        let card = Rect(x: bounds.midX - side / 2 - 24, y: 16, width: side + 48, height: min(bounds.height - 32, side + 88))
        canvas.fill(RoundedRect(x: card.minX, y: card.minY, width: card.width, height: card.height, cornerRadius: 16),
                    color: Color.white)
        let square = Rect(x: card.minX + 24, y: card.minY + 16, width: side, height: side)
        canvas.fill(square, with: Color.white)
        if let code { QRCodeView.draw(code, into: canvas, square: square) }
        let caption = context.typography.layout(text, style: TextStyle(family: .sans, size: 13, color: Color(red: 0.3, green: 0.3, blue: 0.3)),
                                                paragraph: ParagraphStyle(alignment: .center, maxLines: 2),
                                                width: card.width - 32)
        canvas.draw(caption, at: Point(x: card.minX + 16, y: card.minY + side + 24))
    }
}
