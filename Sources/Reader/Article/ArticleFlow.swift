import Feeds
import Text

/// Flattens an article's header and blocks into `ArticlePiece`s, deciding the space above each piece, its indent,
/// its list markers and its quote bars. Walks the blocks with its own stack rather than recursing: blocks come
/// from feeds, and although `BlockBuilder` caps their nesting, the page does not rely on it.
struct ArticleFlow {
    private let styles: ArticleStyles
    /// Nesting indents no further than this, from the column's left edge.
    private let maxIndent: Double
    private(set) var pieces: [ArticlePiece] = []
    /// The space the next piece takes instead of its context's usual one (under a heading, at a list's start).
    private var nextGap: Double?
    /// Markers of list items opened but not yet shown: they go beside the next piece set.
    private var pendingMarkers: [ListMarker] = []
    private var quotes = 0

    /// What the blocks being walked sit in.
    private struct Context {
        var indent = 0.0
        var bars: [QuoteBar] = []
        var inQuote = false
        /// In a list item: pieces sit closer together.
        var inItem = false
        var listDepth = 0
    }

    private enum Frame {
        case blocks([ArticleBlock], next: Int, Context)
        case list(ordered: Bool, items: [[ArticleBlock]], next: Int, Context)
    }

    init(styles: ArticleStyles, column: Double) {
        self.styles = styles
        maxIndent = column * ArticleStyles.maxIndentShare
    }

    mutating func add(_ header: ArticleHeader) {
        emit(.text(Paragraph(header.title, style: styles.title, paragraphStyle: styles.titleLines)), in: Context(),
             gap: 0)
        let byline = header.byline
        if !byline.isEmpty {
            emit(.text(Paragraph(byline, style: styles.byline, paragraphStyle: ParagraphStyle(lineHeight: 1.4))),
                 in: Context(), gap: styles.afterTitle)
        }
        nextGap = styles.afterByline
    }

    /// The end mark and what follows the article, centred in the column below everything else.
    mutating func add(_ end: ArticleEnd) {
        pendingMarkers = []  // an empty last item's marker is not the end mark's
        for (paragraph, gap) in end.paragraphs(styles: styles) { emit(.text(paragraph), in: Context(), gap: gap) }
    }

    mutating func add(_ blocks: [ArticleBlock]) {
        var stack: [Frame] = [.blocks(blocks, next: 0, Context())]
        while let frame = stack.popLast() {
            switch frame {
            case .blocks(let blocks, let next, let context):
                guard next < blocks.count else { continue }
                stack.append(.blocks(blocks, next: next + 1, context))
                switch blocks[next] {
                case .list(let ordered, let listItems):
                    guard !listItems.isEmpty else { continue }
                    nextGap = nextGap ?? gap(in: context)
                    var inner = context
                    inner.indent = indented(context.indent, by: gutter(ordered: ordered, count: listItems.count))
                    inner.inItem = true
                    inner.listDepth += 1
                    stack.append(.list(ordered: ordered, items: listItems, next: 0, inner))
                case .quote(let quoted):
                    nextGap = nextGap ?? gap(in: context)
                    quotes += 1
                    var inner = context
                    inner.bars.append(QuoteBar(x: context.indent, quote: quotes))
                    inner.indent = indented(context.indent, by: styles.quoteIndent)
                    inner.inQuote = true
                    stack.append(.blocks(quoted, next: 0, inner))
                case let block:
                    add(block, in: context)
                }
            case .list(let ordered, let listItems, let next, let context):
                guard next < listItems.count else { continue }
                stack.append(.list(ordered: ordered, items: listItems, next: next + 1, context))
                let marker = self.marker(ordered: ordered, number: next + 1, in: context)
                // An empty item shows nothing; its marker must not pile onto the next one's.
                pendingMarkers.removeAll { $0.right >= marker.right }
                pendingMarkers.append(marker)
                stack.append(.blocks(listItems[next], next: 0, context))
            }
        }
    }

    /// A block that holds no other blocks.
    private mutating func add(_ block: ArticleBlock, in context: Context) {
        switch block {
        case .paragraph(let runs):
            let base = context.inQuote ? styles.quote : styles.body
            addText(runs, base: base, lines: styles.bodyLines, in: context, gap: gap(in: context))
        case .heading(let level, let runs):
            let gap = max(nextGap ?? 0, styles.headingGap)
            addText(runs, base: styles.heading(level: level), lines: styles.headingLines, in: context, gap: gap)
            nextGap = styles.afterHeading
        case .code(let code):
            let pieces = CodeText.pieces(CodeText.expandingTabs(code))
            for (index, piece) in pieces.enumerated() {
                emit(.code(piece, opensBlock: index == 0, closesBlock: index == pieces.count - 1), in: context,
                     gap: index == 0 ? gap(in: context) : 0)
            }
        case .image(let url, let alt, let hints):
            emit(.image(url: url, alt: alt, hints: hints), in: context, gap: gap(in: context))
        case .media(let media):
            emit(.media(media), in: context, gap: gap(in: context))
        case .caption(let runs):
            addCaption(runs, in: context)
        case .rule:
            emit(.rule, in: context, gap: gap(in: context))
        case .formula(let runs):
            let base = context.inQuote ? styles.quote : styles.body
            addText(runs, base: base, lines: styles.formulaLines, in: context, gap: gap(in: context))
        case .table(let table):
            addTable(table, in: context)
        case .list, .quote:
            break  // walked by `add(_:)`
        }
    }

    /// A table's caption, then a piece for each row. A table with a cell longer than a paragraph is set in one
    /// piece (`LongParagraph`) is read row by row as paragraphs, its cells apart: no grid would show it anyway,
    /// and a row is set in one go.
    private mutating func addTable(_ table: ArticleTable, in context: Context) {
        let base = context.inQuote ? styles.quote : styles.body
        var gap = gap(in: context)
        if let caption = table.caption {
            addText(caption, base: styles.caption(base), lines: styles.bodyLines, in: context, gap: gap)
            gap = styles.itemGap
        }
        let huge = table.rows.contains { row in
            row.cells.contains { $0.runs.reduce(0) { $0 + $1.text.utf8.count } > LongParagraph.limit }
        }
        if huge {
            for row in table.rows {
                var runs: [InlineRun] = []
                for cell in row.cells where !cell.runs.isEmpty {
                    if !runs.isEmpty { runs.append(InlineRun(" · ")) }
                    runs += cell.runs.map { var run = $0; if cell.isHeader { run.style.insert(.strong) }; return run }
                }
                addText(runs, base: base, lines: styles.bodyLines, in: context, gap: gap)
                gap = self.gap(in: context)
            }
            return
        }
        let grid = TableGrid(table: table, base: base)
        for row in table.rows.indices {
            emit(.tableRow(grid, row: row), in: context, gap: row == 0 ? gap : 0)
        }
    }

    private mutating func addText(_ runs: [InlineRun], base: TextStyle, lines: ParagraphStyle, in context: Context,
                                  gap: Double) {
        for (index, piece) in LongParagraph.pieces(runs).enumerated() {
            let spans = ArticleSpans.spans(piece, base: base, styles: styles)
            emit(.text(Paragraph(spans, style: lines)), in: context, gap: index == 0 ? gap : 0)
        }
    }

    /// Small and muted, tight under the picture or player it captions: not a paragraph of the article.
    private mutating func addCaption(_ runs: [InlineRun], in context: Context) {
        let underPicture = nextGap == nil && pieces.last?.content.isPicture == true
        addText(runs, base: styles.caption, lines: styles.captionLines, in: context,
                gap: underPicture ? styles.captionGap : gap(in: context))
    }

    private mutating func emit(_ content: ArticlePiece.Content, in context: Context, gap: Double) {
        pieces.append(ArticlePiece(content: content, indent: context.indent, spaceBefore: pieces.isEmpty ? 0 : gap,
                                 markers: pendingMarkers, bars: context.bars))
        pendingMarkers = []
        nextGap = nil
    }

    private func gap(in context: Context) -> Double {
        nextGap ?? (context.inItem ? styles.itemGap : styles.paragraphGap)
    }

    private func indented(_ indent: Double, by step: Double) -> Double {
        max(indent, min(indent + step, maxIndent))
    }

    /// Wide enough for the list's longest number, so "10." lines up with "9.".
    private func gutter(ordered: Bool, count: Int) -> Double {
        guard ordered else { return styles.listIndent }
        let digits = Double(String(count).count)
        return max(styles.listIndent, styles.size * 0.55 * (digits + 1) + styles.markerGap)
    }

    private func marker(ordered: Bool, number: Int, in context: Context) -> ListMarker {
        let bullets = ["•", "◦", "▪"]
        let text = ordered ? "\(number)." : bullets[(context.listDepth - 1) % bullets.count]
        return ListMarker(text: text, style: context.inQuote ? styles.quote : styles.body, lines: styles.bodyLines,
                          right: context.indent - styles.markerGap)
    }
}
