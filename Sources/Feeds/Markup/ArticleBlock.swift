/// What the screen draws for an article: typed blocks, never raw HTML. Made by `ArticleBlocks` from a feed's
/// markup through an allow-list, so nothing a feed sends can script, style or frame the panel.
public indirect enum ArticleBlock: Equatable, Sendable {
    case paragraph([InlineRun])
    /// `level` is 1...6, as in `<h1>`...`<h6>`.
    case heading(level: Int, [InlineRun])
    /// Each item is itself a list of blocks, so lists nest.
    case list(ordered: Bool, items: [[ArticleBlock]])
    case quote([ArticleBlock])
    /// Preformatted text, whitespace kept.
    case code(String)
    /// `url` is absolute; `alt` is the text to show or speak when the image is not shown; `hints` what the markup
    /// says of its size, for the box that waits for it.
    case image(url: String, alt: String?, hints: PictureHints = PictureHints())
    /// A video, a sound or an embedded page, shown as a box to hand over as a QR code, never played.
    case media(MediaBlock)
    /// A picture's caption or credit (`<figcaption>`): set small, right under what it captions.
    case caption([InlineRun])
    case rule
    /// A displayed formula (`<math display="block">`), set on its own lines, centred.
    case formula([InlineRun])
    case table(ArticleTable)
}

/// A run of text with one style. Adjacent runs of the same style are merged.
public struct InlineRun: Equatable, Sendable {
    public var text: String
    public var style: InlineStyle
    /// An absolute http(s) or mailto link, if the run is inside one.
    public var link: String?

    public init(_ text: String, style: InlineStyle = [], link: String? = nil) {
        self.text = text
        self.style = style
        self.link = link
    }
}

extension Array where Element == InlineRun {
    /// The runs without spaces at either end: a table cell's line, a formula's text. Runs left empty go.
    func trimmingSpaces() -> [InlineRun] {
        var runs = self
        while let first = runs.first, first.text.hasPrefix(" ") {
            runs[0].text.removeFirst()
            if runs[0].text.isEmpty { runs.removeFirst() }
        }
        while let last = runs.last, last.text.hasSuffix(" ") {
            runs[runs.count - 1].text.removeLast()
            if runs[runs.count - 1].text.isEmpty { runs.removeLast() }
        }
        return runs
    }
}

public struct InlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let emphasis = InlineStyle(rawValue: 1)
    public static let strong = InlineStyle(rawValue: 2)
    public static let code = InlineStyle(rawValue: 4)
    /// Raised and smaller (`<sup>`, an exponent, a footnote mark).
    public static let superscript = InlineStyle(rawValue: 8)
    /// Lowered and smaller (`<sub>`, an index).
    public static let `subscript` = InlineStyle(rawValue: 16)
    /// Part of a formula: set in the serif whatever the text around it; with `emphasis`, an identifier, always
    /// italic (even in an italic quote), as mathematics sets its variables.
    public static let math = InlineStyle(rawValue: 32)
}
