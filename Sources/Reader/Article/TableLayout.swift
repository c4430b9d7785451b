import Feeds
import Raster
import Text
import Touch
import Widgets

/// A table on the page: one piece per row, so a 200-row table is set row by row as the page scrolls to it, like
/// any other run of paragraphs. Its columns are worked out once, when its first row is set, from the rows a
/// reader sees first (`sampleRows`): each column's narrowest (its longest word) and widest (its longest cell on
/// one line) content, the room between shared out in proportion, as browsers lay out tables. Rows after the
/// sample take those columns and wrap within them. A table whose narrowest columns do not fit the page is set as
/// cards instead, one per row, each cell a "Heading: value" line: a grid squeezed past that would cut words.
final class TableGrid {
    let table: ArticleTable
    /// The style cells are set in (the body's, or a quote's).
    let base: TextStyle
    /// The header row whose cells label the cards' lines, if the table starts with one.
    let labelRow: Int?
    /// Decided when the first row is set.
    private(set) var plan: Plan?

    enum Plan {
        /// Columns' widths, points, padding included; their left edges from the table's.
        case grid(widths: [Double], lefts: [Double])
        case cards
    }

    /// Rows measured for the columns: enough to see what the table holds, few enough that setting the first row
    /// of a long table costs about what a screen of text does.
    static let sampleRows = 16

    init(table: ArticleTable, base: TextStyle) {
        self.table = table
        self.base = base
        labelRow = table.rows.first?.isHeader == true ? 0 : nil
    }

    /// The plan for a table `width` points wide, worked out on first asking.
    func plan(width: Double, styles: ArticleStyles, typography: Typography) -> Plan {
        if let plan { return plan }
        let made = makePlan(width: width, styles: styles, typography: typography)
        plan = made
        return made
    }

    private func makePlan(width: Double, styles: ArticleStyles, typography: Typography) -> Plan {
        let count = table.columnCount
        let padding = 2 * styles.cellPadding
        // Every column needs its padding and an em of text: past that no measuring can make the grid fit.
        guard count > 0, Double(count) * (padding + styles.size) <= width else { return .cards }
        var narrowest = [Double](repeating: styles.size + padding, count: count)
        var widest = narrowest
        // Cells of one column only: a spanning cell's width is its columns' together.
        var cells: [(column: Int, words: Paragraph, line: Paragraph)] = []
        for row in table.rows.prefix(Self.sampleRows) {
            var column = 0
            for cell in row.cells {
                if cell.columns == 1 && column < count {
                    let line = paragraph(cell, styles: styles)
                    var words = line
                    // One word a line: the widest line is the cell's narrowest content.
                    words.spans = words.spans.map { span in
                        var span = span
                        span.text = String(span.text.map { $0 == " " ? "\n" : $0 })
                        return span
                    }
                    cells.append((column, words, line))
                }
                column += cell.columns
            }
        }
        let wordLayout = typography.layout(cells.map(\.words), width: .infinity)
        let lineLayout = typography.layout(cells.map(\.line), width: .infinity)
        let scale = typography.scale
        for line in wordLayout.lines where cells.indices.contains(line.paragraph) {
            let column = cells[line.paragraph].column
            narrowest[column] = max(narrowest[column], scale.points(Double(line.width)).rounded(.up) + padding)
        }
        for line in lineLayout.lines where cells.indices.contains(line.paragraph) {
            let column = cells[line.paragraph].column
            widest[column] = max(widest[column], scale.points(Double(line.width)).rounded(.up) + padding)
        }
        for column in 0..<count { widest[column] = max(widest[column], narrowest[column]) }
        let least = narrowest.reduce(0, +), most = widest.reduce(0, +)
        guard least <= width else { return .cards }
        var widths: [Double]
        if most <= width {
            widths = widest
        } else {
            // What is left over the narrowest goes to each column in proportion to how much more it could use.
            let share = (width - least) / max(most - least, 1)
            // Only the share is rounded down: a column is never narrower than its longest word.
            widths = (0..<count).map { narrowest[$0] + ((widest[$0] - narrowest[$0]) * share).rounded(.down) }
        }
        var lefts: [Double] = []
        var x = 0.0
        for width in widths {
            lefts.append(x)
            x += width
        }
        return .grid(widths: widths, lefts: lefts)
    }

    /// A cell's text as a paragraph: header cells bold.
    func paragraph(_ cell: ArticleTable.Cell, styles: ArticleStyles) -> Paragraph {
        let style = cell.isHeader ? cellStyle(styles).with(weight: .bold) : cellStyle(styles)
        return Paragraph(ArticleSpans.spans(cell.runs, base: style, styles: styles), style: styles.cellLines)
    }

    func cellStyle(_ styles: ArticleStyles) -> TextStyle { base.with(size: base.size * ArticleStyles.cellScale) }

    /// Row `index` as a card's text: each cell on a line of its own, after its column's heading when the table
    /// has one. Nil for the heading row itself, whose cells are the labels.
    func card(_ index: Int, styles: ArticleStyles) -> Paragraph? {
        guard index != labelRow else { return nil }
        let style = cellStyle(styles)
        let labels = labelRow.map { table.rows[$0].cells } ?? []
        var spans: [TextSpan] = []
        var column = 0
        for cell in table.rows[index].cells where !cell.runs.isEmpty {
            if !spans.isEmpty { spans.append(TextSpan("\n", style: style)) }
            // The heading over the cell's first column.
            var covered = 0
            if let label = labels.first(where: { covered += $0.columns; return covered > column }),
               !label.runs.isEmpty, label.runs != cell.runs {
                spans += ArticleSpans.spans(label.runs, base: style.with(weight: .bold), styles: styles)
                spans.append(TextSpan(": ", style: style.with(weight: .bold)))
            }
            spans += ArticleSpans.spans(cell.runs, base: cell.isHeader ? style.with(weight: .bold) : style,
                                        styles: styles)
            column += cell.columns
        }
        return spans.isEmpty ? nil : Paragraph(spans, style: styles.cellLines)
    }
}

/// Text set at a place on the page with the paragraph it was set from (for inline code's insets): a table's
/// cell, or a card.
struct PlacedText {
    var layout: TextLayout
    var origin: Point
    var paragraph: Paragraph
}

extension PieceSetter {
    /// Row `row` of `grid` in a column `width` points wide from `x`.
    func placeRow(_ grid: TableGrid, row: Int, x: Double, width: Double, into placed: inout PlacedPiece) {
        let top = placed.top
        switch grid.plan(width: width, styles: styles, typography: typography) {
        case .cards:
            guard let card = grid.card(row, styles: styles) else { return }
            let padding = min(styles.cellPadding * 1.5, width / 4)
            let layout = typography.layout([card], width: width - 2 * padding)
            placed.cells = [PlacedText(layout: layout, origin: Point(x: x + padding, y: top + padding), paragraph: card)]
            let box = (typography.height(of: layout) + 2 * padding).rounded()
            placed.box = Rect(x: x, y: top, width: width, height: box)
            // Rows are pieces with no space between them: a card keeps its own below.
            placed.height = box + styles.itemGap * 2
        case .grid(let widths, let lefts):
            let cells = grid.table.rows[row].cells
            let padding = styles.cellPadding, above = styles.cellPaddingAbove
            var column = 0
            var height = 0.0
            for cell in cells where column < widths.count {
                let last = min(column + cell.columns, widths.count)
                let cellWidth = widths[column..<last].reduce(0, +)
                let paragraph = grid.paragraph(cell, styles: styles)
                let layout = typography.layout([paragraph], width: max(cellWidth - 2 * padding, 1))
                placed.cells.append(PlacedText(layout: layout, origin: Point(x: x + lefts[column] + padding, y: top + above),
                                               paragraph: paragraph))
                height = max(height, typography.height(of: layout))
                column = last
            }
            placed.height = (height + 2 * above).rounded()
            let tableWidth = widths.reduce(0, +)
            let isHeader = grid.table.rows[row].isHeader
            // A thin rule under every row; a firmer one under the headings.
            placed.rules = [(Rect(x: x, y: top + placed.height - 1, width: min(tableWidth, width), height: isHeader ? 2 : 1),
                             isHeader)]
        }
    }

    /// A row's height before it is set: its longest cell's lines in an even share of the width.
    func estimatedRowHeight(_ grid: TableGrid, row: Int, width: Double) -> Double {
        let cells = grid.table.rows[row].cells
        let size = styles.size * Double(ArticleStyles.cellScale)
        let share = max(width / Double(max(grid.table.columnCount, 1)), size)
        let longest = cells.reduce(0) { max($0, $1.runs.reduce(0) { $0 + $1.text.utf8.count }) }
        let lines = max(1, (Double(longest) * size * 0.5 / share).rounded(.up))
        return lines * size * Double(styles.cellLines.lineHeight) + 2 * styles.cellPaddingAbove
    }
}
