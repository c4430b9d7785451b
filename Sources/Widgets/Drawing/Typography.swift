import Raster
import Text

/// Text for components: styles and widths in points, layouts in pixels at the scene's scale (a 17 pt body is
/// 34 px on a scale-2 panel). Without fonts (none could be loaded) every layout is empty and the panel still
/// shows everything but words.
public final class Typography {
    public let typesetter: Typesetter?
    public let scale: Scale

    public init(typesetter: Typesetter?, scale: Scale) {
        self.typesetter = typesetter
        self.scale = scale
    }

    /// Lays out `paragraphs`, whose sizes and spacing are in points, in a column `width` points wide.
    public func layout(_ paragraphs: [Paragraph], width: Double) -> TextLayout {
        guard let typesetter else { return TextLayout(width: Float(scale.pixels(width))) }
        let s = Float(scale.pixelsPerPoint)
        let scaled = paragraphs.map { paragraph in
            var p = paragraph
            p.spans = p.spans.map { TextSpan($0.text, style: $0.style.with(size: $0.style.size * s)) }
            p.style.spacingAfter *= s
            return p
        }
        return typesetter.layout(scaled, width: Float(scale.pixels(width)))
    }

    public func layout(_ text: String, style: TextStyle, paragraph: ParagraphStyle = ParagraphStyle(),
                       width: Double) -> TextLayout {
        layout([Paragraph(text, style: style, paragraphStyle: paragraph)], width: width)
    }

    /// A layout's height in points.
    public func height(of layout: TextLayout) -> Double { scale.points(Double(layout.height)) }

    /// A layout's widest line in points.
    public func width(of layout: TextLayout) -> Double { scale.points(Double(layout.usedWidth)) }
}
