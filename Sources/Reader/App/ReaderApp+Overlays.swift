import Raster
import Text
import Touch
import Widgets

/// The overlays over a screen: a link's or an article's QR code, and an image seen whole. A tap anywhere
/// closes either.
extension ReaderApp {
    func drawOverlay(_ overlay: Overlay, into canvas: Canvas) {
        let theme = context.theme
        let bounds = context.bounds
        canvas.blend(bounds, with: Color(red: 0, green: 0, blue: 0, alpha: 0.55))
        switch overlay {
        case .qr(let text):
            // A code large enough to scan from a metre: most of the panel's shorter side, dark on light in
            // every theme.
            let side = min(bounds.width, bounds.height) - 96
            let card = Rect(x: bounds.midX - side / 2 - 24, y: 16, width: side + 48, height: min(bounds.height - 32, side + 88))
            canvas.fill(RoundedRect(x: card.minX, y: card.minY, width: card.width, height: card.height, cornerRadius: 16),
                        color: Color.white)
            QRPicture.draw(text, into: canvas, square: Rect(x: card.minX + 24, y: card.minY + 16, width: side, height: side))
            let caption = context.typography.layout(text, style: TextStyle(family: .sans, size: 13, color: Color(red: 0.3, green: 0.3, blue: 0.3)),
                                                    paragraph: ParagraphStyle(alignment: .center, maxLines: 2),
                                                    width: card.width - 32)
            canvas.draw(caption, at: Point(x: card.minX + 16, y: card.minY + side + 24))
        case .image(let url, let alt):
            // The picture whole, as large as the panel allows (never enlarged), on the dimmed screen; its alt text
            // in a box while it is decoded, or when it cannot be.
            let box = bounds.insetBy(24)
            if let picture = wholePicture(url, fitting: box) {
                let w = context.scale.points(Double(picture.width)), h = context.scale.points(Double(picture.height))
                canvas.composite(picture, at: Point(x: (box.midX - w / 2).rounded(), y: (box.midY - h / 2).rounded()))
                return
            }
            canvas.fill(box, with: theme.inset)
            let words = context.typography.layout(alt ?? url, style: context.style(size: 17, color: theme.faint),
                                                  paragraph: ParagraphStyle(alignment: .center), width: box.width - 48)
            canvas.draw(words, at: Point(x: box.minX + 24, y: box.midY - context.typography.height(of: words) / 2))
        }
    }
}

extension ReaderApp {
    /// The picture decoded to fit `box` (points) whole, if it is decoded yet (else it is queued).
    func wholePicture(_ url: String, fitting box: Rect) -> Surface? {
        guard let (w, h) = context.images.size(of: url), w > 0, h > 0 else { return nil }
        let maxWidth = context.scale.pixels(box.width), maxHeight = context.scale.pixels(box.height)
        let width = Int(min(Double(w), maxWidth, Double(w) * maxHeight / Double(h)).rounded(.down))
        guard let decoded = context.images.picture(url, width: max(1, width)) else { return nil }
        // A picture decoded a little taller than the box (rounding) is shrunk to fit rather than cut.
        guard Double(decoded.height) > maxHeight else { return decoded }
        return ImageShrinking.shrink(decoded, width: Int(maxWidth), height: Int(maxHeight))
    }
}

/// Draws a QR code of a text into a square (points); a text no code can hold gets a light square and says so
/// in the caption beneath it.
enum QRPicture {
    static func draw(_ text: String, into canvas: Canvas, square: Rect) {
        canvas.fill(square, with: Color.white)
        guard let code = try? QRCode(encoding: text) else { return }
        QRCodeView.draw(code, into: canvas, square: square)
    }
}

extension Rect {
    func insetBy(_ d: Double) -> Rect { Rect(x: x + d, y: y + d, width: max(0, width - 2 * d), height: max(0, height - 2 * d)) }
}
