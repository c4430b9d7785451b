import Raster
import Text
import Widgets

/// The article page's typography at one body size in one theme: every size, gap and indent is a multiple of the
/// body size, so a text-size step scales the whole page and keeps its proportions. The one page style: the
/// reader's entries, the demos' sample articles and `render --text`'s pages are all set with it.
struct ArticleStyles {
    /// Below the back chip (48 pt from the top) with room to breathe: the title never sits under it.
    static let marginTop = 64.0
    static let marginSide = 32.0
    static let marginBottom = 64.0
    /// The longest comfortable measure at the default body size: about 70 characters of 17 pt text. Pictures are
    /// decoded to it (`ColumnPictures`): never enlarged, they keep this width in the wider columns of larger type.
    static let maxColumn = 640.0
    static let defaultSize = 17.0

    /// Body size, points.
    let size: Double
    let theme: Theme

    init(size: Double, theme: Theme) {
        // Sizes come from settings and state files; keep them to something a panel can show.
        self.size = size.isFinite ? min(max(size, 8), 64) : 17
        self.theme = theme
    }

    private func points(_ multiple: Double) -> Float { Float(size * multiple) }

    /// The longest measure at this size: the same 70 characters or so (about 37 em) as at the default size, so
    /// larger type gets a wider column where the panel has room, not 30 characters a line between empty margins.
    var maxColumn: Double { Self.maxColumn * size / Self.defaultSize }

    // MARK: Text

    var body: TextStyle { TextStyle(family: .serif, size: points(1), color: theme.ink) }
    var bodyLines: ParagraphStyle { ParagraphStyle(lineHeight: 1.5) }

    /// Quotes keep the body's size, colour and roman face: the bar beside them is what sets them apart. Not
    /// faded, so a long quote stays as readable as the text around it; not italic, which would hide the
    /// emphasis inside a quote and tire the eye over a long one.
    var quote: TextStyle { body }

    var title: TextStyle { TextStyle(family: .sans, size: points(1.65), weight: .bold, color: theme.ink) }
    var titleLines: ParagraphStyle { ParagraphStyle(lineHeight: 1.2) }

    var byline: TextStyle { TextStyle(family: .sans, size: points(0.8), color: theme.faint) }

    /// Headings step down from the title: h1 is a little smaller than it, h5 is the body's size, h6 below it.
    func heading(level: Int) -> TextStyle {
        let multiples = [1.45, 1.3, 1.15, 1.05, 1.0, 0.9]
        let multiple = multiples[min(max(level, 1), 6) - 1]
        return TextStyle(family: .sans, size: points(multiple), weight: .bold, color: theme.ink)
    }
    var headingLines: ParagraphStyle { ParagraphStyle(lineHeight: 1.25) }

    /// Code is set smaller than the body: a monospaced face looks larger at the same size, and a smaller one
    /// keeps more of a line on a line.
    var code: TextStyle { TextStyle(family: .mono, size: points(0.8), color: theme.ink) }
    var codeLines: ParagraphStyle { ParagraphStyle(lineHeight: 1.45) }
    /// Code inside a sentence, relative to the text around it.
    static let inlineCodeScale: Float = 0.88

    /// Tables are set a little smaller than the body: a grid holds more on a line, and its rules and columns
    /// keep it apart from the text around it.
    static let cellScale: Float = 0.9
    var cellLines: ParagraphStyle { ParagraphStyle(lineHeight: 1.35) }
    /// Beside a cell's text, each side; the gap between columns is twice this.
    var cellPadding: Double { size * 0.45 }
    /// Above and below a cell's text.
    var cellPaddingAbove: Double { size * 0.35 }
    /// A table's caption: a quieter line over it.
    func caption(_ base: TextStyle) -> TextStyle {
        base.with(size: base.size * ArticleStyles.cellScale).with(color: theme.faint)
    }
    /// A displayed formula, centred on its own lines.
    var formulaLines: ParagraphStyle { ParagraphStyle(alignment: .center, lineHeight: 1.6) }

    var altText: TextStyle { TextStyle(family: .sans, size: points(0.82), color: theme.faint) }

    /// The end mark after an article's last block, and the words under it.
    var endMark: TextStyle { TextStyle(family: .serif, size: points(1.4), color: theme.faint) }
    var endNote: TextStyle { TextStyle(family: .sans, size: points(0.8), color: theme.faint) }
    /// The next entry's title under the end mark: what a pull up leads to.
    var nextTitle: TextStyle { TextStyle(family: .sans, size: points(1.0), weight: .bold, color: theme.ink) }

    // MARK: Space

    var paragraphGap: Double { size * 0.85 }
    /// Between the items of a list, and the paragraphs inside one: a list reads as one block.
    var itemGap: Double { size * 0.35 }
    var headingGap: Double { size * 1.5 }
    /// A heading sits close to what it heads.
    var afterHeading: Double { size * 0.45 }
    var afterTitle: Double { size * 0.45 }
    var afterByline: Double { size * 1.6 }
    /// Above the end mark: the article is over, not merely between paragraphs.
    var beforeEnd: Double { size * 2.2 }

    var listIndent: Double { size * 1.6 }
    /// Between a list marker and its item's text.
    var markerGap: Double { size * 0.5 }
    var quoteIndent: Double { size * 1.2 }
    var quoteBarWidth: Double { max(2, size * 0.16) }
    /// Nesting indents no further than this share of the column, so deep lists keep a readable measure.
    static let maxIndentShare = 0.4

    var codePadding: Double { size * 0.75 }
    var cornerRadius: Double { size * 0.3 }

    /// Boxes for images not at hand: 16:9 of the width they stand in, but never taller than this.
    var altBoxMaxHeight: Double { size * 12 }
    var ruleWidth: Double { size * 7 }
}
