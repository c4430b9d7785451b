/// A table from a feed: rows of cells, each cell a line or a few of styled text. Header cells (`<th>`, or any cell
/// of `<thead>`) are marked so the page can set them bold and, when the grid does not fit, use them as the labels
/// of each row's card.
public struct ArticleTable: Equatable, Sendable {
    public var rows: [Row]
    /// The `<caption>`, if it had text.
    public var caption: [InlineRun]?

    public init(rows: [Row], caption: [InlineRun]? = nil) {
        self.rows = rows
        self.caption = caption
    }

    public struct Row: Equatable, Sendable {
        public var cells: [Cell]

        public init(_ cells: [Cell]) { self.cells = cells }

        /// A row of header cells only: the table's column headings.
        public var isHeader: Bool { !cells.isEmpty && cells.allSatisfy(\.isHeader) }
        /// Columns the row covers, spans counted.
        public var width: Int { cells.reduce(0) { $0 + $1.columns } }
    }

    public struct Cell: Equatable, Sendable {
        /// The cell's text; a line break (`\n`) where the cell had paragraphs, line breaks or list items.
        public var runs: [InlineRun]
        public var isHeader: Bool
        /// How many columns the cell spans (`colspan`), 1...`ArticleTable.maxColumns`.
        public var columns: Int

        public init(_ runs: [InlineRun], isHeader: Bool = false, columns: Int = 1) {
            self.runs = runs
            self.isHeader = isHeader
            self.columns = columns
        }
    }

    /// The widest a table is kept: cells past this many columns join the row's last cell, so a hostile row of
    /// ten thousand cells (or a `colspan` of a million) costs what its text costs and no more.
    public static let maxColumns = 64

    /// Columns the widest row covers.
    public var columnCount: Int { rows.reduce(0) { max($0, $1.width) } }
}
