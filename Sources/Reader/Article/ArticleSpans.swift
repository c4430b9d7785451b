import Feeds
import Text

/// A paragraph's runs as styled text spans on a base style (the body's, a heading's, a quote's).
enum ArticleSpans {
    static func spans(_ runs: [InlineRun], base: TextStyle, styles: ArticleStyles) -> [TextSpan] {
        runs.map { TextSpan($0.text, style: style(of: $0, base: base, styles: styles)) }
    }

    static func style(of run: InlineRun, base: TextStyle, styles: ArticleStyles) -> TextStyle {
        var style = base
        if run.style.contains(.code) {
            style.family = .mono
            style.size = base.size * ArticleStyles.inlineCodeScale
        }
        // Emphasis inside slanted text (a quote) stands upright, as a typesetter would set it.
        // A formula is set in the serif wherever it stands; its variables italic even inside an italic quote.
        if run.style.contains(.math) && !run.style.contains(.code) { style.family = .serif }
        if run.style.contains(.math) && run.style.contains(.emphasis) {
            style.slant = .italic
        } else if run.style.contains(.emphasis) {
            style.slant = base.slant == .italic ? .upright : .italic
        }
        if run.style.contains(.superscript) {
            style.position = .superscript
        } else if run.style.contains(.subscript) {
            style.position = .subscript
        }
        if run.style.contains(.strong) { style.weight = .bold }
        if let link = run.link {
            style.color = styles.theme.link
            style.link = link
        }
        return style
    }
}
