import Raster
import Text
import Touch
import Widgets

/// Sets pieces for one page: the column, the styles, and where images come from.
struct PieceSetter {
    let styles: ArticleStyles
    let typography: Typography
    let images: ArticleImages?
    /// The column's left edge on the page, and its width, points.
    let columnX: Double
    let column: Double
    /// No picture, still or player's frame is taller than this, points: on a wall a picture taller than the
    /// screen is never seen whole (a tap shows it so).
    var maxPictureHeight: Double = .infinity

    func place(_ piece: ArticlePiece, index: Int, at top: Double) -> PlacedPiece {
        let x = columnX + piece.indent
        let width = max(column - piece.indent, 1)
        var placed = PlacedPiece(index: index, top: top, height: 0)
        switch piece.content {
        case .text(let paragraph):
            let layout = typography.layout([paragraph], width: width)
            placed.text = layout
            placed.textOrigin = Point(x: x, y: top)
            placed.height = typography.height(of: layout)
        case .code(let code, let opens, let closes):
            let padding = min(styles.codePadding, width / 4)
            let layout = typography.layout(code, style: styles.code, paragraph: styles.codeLines,
                                           width: width - 2 * padding)
            let above = opens ? padding : 0, below = closes ? padding : 0
            placed.height = above + typography.height(of: layout) + below
            placed.text = layout
            placed.textOrigin = Point(x: x + padding, y: top + above)
            placed.box = Rect(x: x, y: top, width: width, height: placed.height)
        case .image(let url, let alt, let hints):
            placePicture(url: url, alt: alt, hints: hints, into: &placed, x: x, width: width)
        case .media(let media):
            placeMedia(media, into: &placed, x: x, width: width)
        case .tableRow(let grid, let row):
            placeRow(grid, row: row, x: x, width: width, into: &placed)
        case .rule:
            placed.height = styles.size * 1.5
            let length = min(styles.ruleWidth, width)
            placed.box = Rect(x: x + ((width - length) / 2).rounded(), y: (top + placed.height / 2).rounded(),
                              width: length, height: 1)
        }
        for marker in piece.markers {
            let layout = typography.layout([Paragraph(marker.text, style: marker.style, paragraphStyle: marker.lines)],
                                           width: .infinity)
            let right = columnX + marker.right
            placed.markers.append((layout, Point(x: max(columnX, right - typography.width(of: layout)), y: top)))
        }
        return placed
    }

    /// A guess at a piece's height before it is set, so the page's height is about right from the first frame
    /// and the scroll range hardly moves as the rest is set.
    func estimatedHeight(of piece: ArticlePiece) -> Double {
        let width = max(column - piece.indent, 1)
        func lines(bytes: Int, size: Double) -> Double {
            // About half an em per character; UTF-8 bytes stand in for characters (counting them is free).
            max(1, (Double(bytes) * size * 0.5 / width).rounded(.up))
        }
        switch piece.content {
        case .text(let paragraph):
            let size = Double(paragraph.spans.first?.style.size ?? Float(styles.size))
            let bytes = paragraph.spans.reduce(0) { $0 + $1.text.utf8.count }
            return piece.spaceBefore + lines(bytes: bytes, size: size) * size * Double(paragraph.style.lineHeight)
        case .code(let code, let opens, let closes):
            let size = Double(styles.code.size)
            var count = 0.0
            for line in code.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
                count += lines(bytes: line.count, size: size)
            }
            let padding = (opens ? styles.codePadding : 0) + (closes ? styles.codePadding : 0)
            return piece.spaceBefore + padding + count * size * Double(styles.codeLines.lineHeight)
        case .image(_, _, let hints):
            return piece.spaceBefore + estimatedPictureHeight(hints: hints, width: width)
        case .media(let media):
            return piece.spaceBefore + estimatedMediaHeight(media, width: width)
        case .rule:
            return piece.spaceBefore + styles.size * 1.5
        case .tableRow(let grid, let row):
            return piece.spaceBefore + estimatedRowHeight(grid, row: row, width: width)
        }
    }
}
