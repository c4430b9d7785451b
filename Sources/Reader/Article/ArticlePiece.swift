import Feeds
import Text

/// One piece of an article set on its own: a paragraph, a heading, part of a code block, an image, a rule. The
/// tree of blocks (lists in quotes in lists) becomes a flat run of these, each knowing its indent, the list
/// markers in its gutter and the quote bars beside it, so that layout, drawing and hit testing go piece by piece,
/// lazily, and never recurse.
struct ArticlePiece {
    enum Content {
        /// Text in the column; sizes in points.
        case text(Paragraph)
        /// Part of a code block; the inset's padding goes above the part that opens it and below the one that
        /// closes it.
        case code(String, opensBlock: Bool, closesBlock: Bool)
        case image(url: String, alt: String?, hints: PictureHints)
        /// A video, a sound or an embedded page (`MediaBox`).
        case media(MediaBlock)
        case rule
        /// One row of a table (`TableGrid`): a row of the grid, or its card when the grid does not fit.
        case tableRow(TableGrid, row: Int)
    }

    var content: Content
    /// From the column's left edge, points.
    var indent: Double
    /// Space above the piece, points.
    var spaceBefore: Double
    /// Markers of the list items this piece begins (more than one when an item opens with a nested list).
    var markers: [ListMarker] = []
    /// The bars of the quotes this piece is in, outermost first.
    var bars: [QuoteBar] = []
}

/// A bullet or number in a list's hanging gutter, set in the item's text style so it shares the first line's
/// baseline.
struct ListMarker {
    var text: String
    var style: TextStyle
    var lines: ParagraphStyle
    /// Where the marker ends, from the column's left edge.
    var right: Double
}

/// A quote's vertical bar beside a piece. Pieces of one quote join their bars across the gaps between them;
/// two quotes in a row keep theirs apart.
struct QuoteBar: Equatable {
    /// From the column's left edge, points.
    var x: Double
    /// Which quote of the article, counted in order.
    var quote: Int
}
