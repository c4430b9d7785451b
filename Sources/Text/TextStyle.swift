import Raster

/// How a run of characters looks, and where it leads when it is a link.
public struct TextStyle: Hashable, Sendable {
    public var family: FontFamily
    /// Pixels per em.
    public var size: Float
    public var weight: FontWeight
    public var slant: FontSlant
    public var color: Color
    /// The link target, if tapping this run should open something.
    public var link: String?
    /// On the baseline, raised or lowered (`size` stays the size of the text around it: see `BaselinePosition`).
    public var position: BaselinePosition

    public init(family: FontFamily = .sans, size: Float = 18, weight: FontWeight = .regular,
                slant: FontSlant = .upright, color: Color = .black, link: String? = nil,
                position: BaselinePosition = .baseline) {
        self.family = family
        self.size = size
        self.weight = weight
        self.slant = slant
        self.color = color
        self.link = link
        self.position = position
    }

    public func with(weight: FontWeight) -> TextStyle { var s = self; s.weight = weight; return s }
    public func with(slant: FontSlant) -> TextStyle { var s = self; s.slant = slant; return s }
    public func with(size: Float) -> TextStyle { var s = self; s.size = size; return s }
    public func with(color: Color) -> TextStyle { var s = self; s.color = color; return s }
    public func with(link: String?) -> TextStyle { var s = self; s.link = link; return s }
    public func with(position: BaselinePosition) -> TextStyle { var s = self; s.position = position; return s }
}

/// Where a run sits against the line's baseline. A raised or lowered run keeps the `size` of the text it belongs
/// to: the typesetter sets it with the font's own superscript or subscript glyphs (OpenType `sups`, `subs`) when
/// the font has them for every character of the run, and otherwise smaller and shifted (`ScriptedRun`). Either
/// way the line keeps the height its full-size text gives it, so a footnote mark does not open a gap.
public enum BaselinePosition: Hashable, Sendable {
    case baseline
    case superscript
    case `subscript`
}

/// A piece of text in one style.
public struct TextSpan: Hashable, Sendable {
    public var text: String
    public var style: TextStyle

    public init(_ text: String, style: TextStyle = TextStyle()) {
        self.text = text
        self.style = style
    }
}

/// Where lines sit between the box's edges. Leading and trailing follow the paragraph's direction (leading
/// is the right edge in an Arabic or Hebrew paragraph).
public enum TextAlignment: Hashable, Sendable {
    case leading
    case center
    case trailing
    /// Stretches the spaces of every line but the paragraph's last so both edges are straight.
    case justified
}

/// Which way a paragraph's lines run.
public enum TextDirection: Hashable, Sendable {
    case leftToRight
    case rightToLeft
}

public struct ParagraphStyle: Hashable, Sendable {
    public var alignment: TextAlignment
    /// Baseline-to-baseline distance as a multiple of the largest font size on the line.
    public var lineHeight: Float
    /// Extra space after the paragraph, in pixels.
    public var spacingAfter: Float
    /// At most this many lines; the last shown line ends in an ellipsis when text is cut. Nil: no limit.
    public var maxLines: Int?
    /// The paragraph's base direction; nil: its first strong character's (Arabic text reads right to left). A
    /// line the panel composes (a row's meta line) is left to right whatever names it quotes.
    public var baseDirection: TextDirection?

    public init(alignment: TextAlignment = .leading, lineHeight: Float = 1.4, spacingAfter: Float = 0,
                maxLines: Int? = nil, baseDirection: TextDirection? = nil) {
        self.alignment = alignment
        self.lineHeight = lineHeight
        self.spacingAfter = spacingAfter
        self.maxLines = maxLines
        self.baseDirection = baseDirection
    }
}

/// Styled text laid out as one block: spans follow each other; a newline inside forces a line break.
public struct Paragraph: Hashable, Sendable {
    public var spans: [TextSpan]
    public var style: ParagraphStyle

    public init(_ spans: [TextSpan], style: ParagraphStyle = ParagraphStyle()) {
        self.spans = spans
        self.style = style
    }

    public init(_ text: String, style: TextStyle = TextStyle(), paragraphStyle: ParagraphStyle = ParagraphStyle()) {
        self.init([TextSpan(text, style: style)], style: paragraphStyle)
    }
}
