import Raster
import Touch
import Text
import Widgets

/// A picture seen whole, as large as the panel allows (never enlarged), on the dimmed screen; its alt text in a
/// box while it is decoded, or when it cannot be.
enum WholePicture {
    static func draw(_ url: String, alt: String?, into canvas: Canvas, context: ReaderContext) {
        let box = context.bounds.insetBy(24)
        if let picture = decoded(url, fitting: box, context: context) {
            let w = context.scale.points(Double(picture.width)), h = context.scale.points(Double(picture.height))
            canvas.composite(picture, at: Point(x: (box.midX - w / 2).rounded(), y: (box.midY - h / 2).rounded()))
            return
        }
        let theme = context.theme
        canvas.fill(box, with: theme.inset)
        let words = context.typography.layout(alt ?? url, style: context.style(size: 17, color: theme.faint),
                                              paragraph: ParagraphStyle(alignment: .center), width: box.width - 48)
        canvas.draw(words, at: Point(x: box.minX + 24, y: box.midY - context.typography.height(of: words) / 2))
    }

    /// The picture decoded to fit `box` (points) whole, if it is decoded yet (else it is queued).
    static func decoded(_ url: String, fitting box: Rect, context: ReaderContext) -> Surface? {
        guard let (w, h) = context.images.size(of: url), w > 0, h > 0 else { return nil }
        let maxWidth = context.scale.pixels(box.width), maxHeight = context.scale.pixels(box.height)
        let width = Int(min(Double(w), maxWidth, Double(w) * maxHeight / Double(h)).rounded(.down))
        guard let decoded = context.images.picture(url, width: max(1, width)) else { return nil }
        // A picture decoded a little taller than the box (rounding) is shrunk to fit rather than cut.
        guard Double(decoded.height) > maxHeight else { return decoded }
        return ImageShrinking.shrink(decoded, width: Int(maxWidth), height: Int(maxHeight))
    }
}

extension Rect {
    func insetBy(_ d: Double) -> Rect { Rect(x: x + d, y: y + d, width: max(0, width - 2 * d), height: max(0, height - 2 * d)) }
}
