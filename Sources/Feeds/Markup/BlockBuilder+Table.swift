/// Tables, for `BlockBuilder`: rows of cells whose runs are collected as a paragraph's are. Inside a cell the
/// blocks a feed nests (paragraphs, lists, headings, a table in a table) become line breaks in its text: a cell
/// holds text, and a grid inside a grid would not fit the panel's column anyway.
extension BlockBuilder {
    struct TableState {
        var rows: [ArticleTable.Row] = []
        /// The cells of the row being collected.
        var cells: [ArticleTable.Cell] = []
        /// The cell being collected: a header or not, the columns it spans; nil between cells.
        var cell: (isHeader: Bool, columns: Int)?
        var inHead = false
        var inCaption = false
        var caption: [InlineRun]?
        /// Tables opened inside a cell, whose rows are lines of it and whose cells are words.
        var nested = 0
        /// Pictures met in cells: shown under the table, since a cell holds text.
        var images: [ArticleBlock] = []
    }

    /// Handles `element` when it is a table's structure, or a block inside a cell; false for what is handled as
    /// anywhere else (inline styles and links).
    mutating func enterTablePart(_ element: HTMLElement) -> Bool {
        let name = element.name
        guard table != nil else {
            endParagraph()
            table = TableState()
            return true
        }
        let nested = table!.nested > 0
        switch name {
        case "table":
            table!.nested += 1
            lineBreak()
        case "tr":
            if nested { lineBreak() } else { endCell(); endRow() }
        case "td", "th":
            if nested {
                if !runs.isEmpty && pendingSpace == nil { pendingSpace = ([], nil) }
            } else {
                endCell()
                let span = Self.span(element.attribute("colspan"))
                table!.cell = (name == "th" || table!.inHead, min(max(span, 1), ArticleTable.maxColumns))
            }
        case "thead": if !nested { table!.inHead = true }
        case "caption":
            if !nested {
                endCell()
                table!.inCaption = true
            }
        case "img":
            if let source = element.attribute("src"), !source.isEmpty {
                let url = URLReference.resolve(source, against: base)
                let alt = element.attribute("alt").map(HTMLText.collapsingWhitespace)
                if ArticleBlocks.isSafe(url) { table!.images.append(.image(url: url, alt: alt?.isEmpty == false ? alt : nil)) }
            }
        case "h1", "h2", "h3", "h4", "h5", "h6":
            lineBreak()
            strongDepth += 1
        case "pre":
            lineBreak()
            codeDepth += 1
        case "br":
            appendBreak()
        case "hr", "ul", "ol", "li", "blockquote", "tbody", "tfoot", "colgroup", "col":
            lineBreak()
        default:
            return false
        }
        return true
    }

    /// The end of what `enterTablePart` handled; false for anything else.
    mutating func exitTablePart(_ element: HTMLElement) -> Bool {
        let nested = table!.nested > 0
        switch element.name {
        case "table":
            if nested {
                table!.nested -= 1
                lineBreak()
            } else {
                endTable()
            }
        case "tr":
            if nested { lineBreak() } else { endCell(); endRow() }
        case "td", "th": if !nested { endCell() }
        case "thead": if !nested { table!.inHead = false }
        case "caption":
            if !nested && table!.inCaption {
                table!.inCaption = false
                let caption = trimmedRuns()
                table!.caption = caption.isEmpty ? nil : caption
            }
        case "h1", "h2", "h3", "h4", "h5", "h6":
            strongDepth -= 1
            lineBreak()
        case "pre":
            codeDepth -= 1
            lineBreak()
        case "img", "br":
            break
        case "hr", "ul", "ol", "li", "blockquote", "tbody", "tfoot", "colgroup", "col":
            lineBreak()
        default:
            return false
        }
        return true
    }

    /// A line break in the cell, unless it is at a line's start already: the end of a paragraph and the start of
    /// the next are one break.
    mutating func lineBreak() {
        if runs.last?.text.hasSuffix("\n") != true { appendBreak() }
    }

    /// The runs collected, taken, without breaks and spaces at either end.
    private mutating func trimmedRuns() -> [InlineRun] {
        pendingSpace = nil
        var taken = runs
        runs = []
        func blank(_ character: Character?) -> Bool { character == "\n" || character == " " }
        while let last = taken.last, blank(last.text.last) {
            taken[taken.count - 1].text.removeLast()
            if taken[taken.count - 1].text.isEmpty { taken.removeLast() }
        }
        while let first = taken.first, blank(first.text.first) {
            taken[0].text.removeFirst()
            if taken[0].text.isEmpty { taken.removeFirst() }
        }
        return taken
    }

    /// Ends the cell being collected. Text between cells (a feed's stray words) is a cell of its own; cells past
    /// `ArticleTable.maxColumns` join the row's last one.
    private mutating func endCell() {
        let cellRuns = trimmedRuns()
        guard let cell = table!.cell ?? (cellRuns.isEmpty ? nil : (false, 1)) else { return }
        table!.cell = nil
        let width = table!.cells.reduce(0) { $0 + $1.columns }
        if width >= ArticleTable.maxColumns, let last = table!.cells.indices.last {
            for run in [InlineRun(" ")] + cellRuns where !cellRuns.isEmpty {
                // Merged as the builder merges: neighbouring runs differ in style or link.
                if let end = table!.cells[last].runs.last, end.style == run.style, end.link == run.link {
                    table!.cells[last].runs[table!.cells[last].runs.count - 1].text += run.text
                } else {
                    table!.cells[last].runs.append(run)
                }
            }
        } else {
            table!.cells.append(ArticleTable.Cell(cellRuns, isHeader: cell.isHeader,
                                                  columns: min(cell.columns, ArticleTable.maxColumns - width)))
        }
    }

    private mutating func endRow() {
        guard !table!.cells.isEmpty else { return }
        // A row of empty cells (a spacer) shows nothing.
        if table!.cells.contains(where: { !$0.runs.isEmpty }) { table!.rows.append(ArticleTable.Row(table!.cells)) }
        table!.cells = []
    }

    /// The table as a block (or, for a table of one column, a layout table, the paragraphs it holds), then the
    /// pictures its cells held.
    mutating func endTable() {
        endCell()
        endRow()
        guard let done = table else { return }
        table = nil
        if done.rows.allSatisfy({ $0.width <= 1 }) {
            // One column is how old newsletters lay out a page, not data: its cells read as paragraphs.
            if let caption = done.caption { emit(.paragraph(caption)) }
            for row in done.rows {
                for cell in row.cells { for paragraph in Self.lines(of: cell.runs) { emit(.paragraph(paragraph)) } }
            }
        } else if !done.rows.isEmpty {
            emit(.table(ArticleTable(rows: done.rows, caption: done.caption)))
        }
        for image in done.images { emit(image) }
    }

    /// A `colspan` as a number of columns: leading digits only (as browsers read it), at least 1, capped.
    private static func span(_ value: String?) -> Int {
        var columns = 0
        for scalar in (value ?? "").unicodeScalars.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            guard let digit = Int(String(scalar)), scalar.isASCII else { break }
            columns = min(columns * 10 + digit, ArticleTable.maxColumns)
        }
        return max(columns, 1)
    }

    /// Runs split at their line breaks, spaces at the ends of lines and empty lines left out.
    static func lines(of runs: [InlineRun]) -> [[InlineRun]] {
        var lines: [[InlineRun]] = [[]]
        for run in runs {
            for (index, part) in run.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { lines.append([]) }
                if !part.isEmpty { lines[lines.count - 1].append(InlineRun(String(part), style: run.style, link: run.link)) }
            }
        }
        return lines.compactMap { line in
            let line = line.trimmingSpaces()
            return line.isEmpty ? nil : line
        }
    }
}
