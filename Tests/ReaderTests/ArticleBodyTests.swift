import Feeds
import Raster
import Testing
import Text
import Touch
import Widgets
@testable import Reader

/// Hands out the images it was given; others are not at hand yet.
final class StubImages: ArticleImages {
    var images: [String: Surface]
    init(_ images: [String: Surface] = [:]) { self.images = images }
    func image(for url: String) -> Surface? { images[url] }
}

let sampleHeader = ArticleHeader(title: "The Quiet Return of the Tram", feed: "City Notes", date: "12 March 2026",
                                 readingTime: "6 min read")

func makeArticleTypography(scale: Double = 2) throws -> Typography {
    Typography(typesetter: Typesetter(library: try FontLibrary()), scale: Scale(scale))
}

func articleBody(_ blocks: [ArticleBlock], width: Double = 960, typography: Typography, theme: Theme = .light,
                 textSize: Double = 17, images: ArticleImages? = nil, viewHeight: Double? = nil) -> ArticleBody {
    ArticleBody(header: sampleHeader, blocks: blocks, width: width, typography: typography, theme: theme,
                textSize: textSize, images: images, viewHeight: viewHeight)
}

func html(_ text: String) -> [ArticleBlock] {
    ArticleBlocks.make(from: Markup(kind: .html, text: text, base: "https://example.org/a/"))
}

/// Every kind of block, nested the ways feeds nest them.
let everyKindOfBlock = html("""
    <h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>
    <p>Plain, <em>soft</em>, <strong>firm</strong>, <code>tap(x)</code> and <a href="https://example.org/b">a link</a>.</p>
    <ul><li>first<ul><li>inner<ul><li>innermost</li></ul></li></ul></li><li>second</li></ul>
    <ol><li>one</li><li>two</li><li>three</li></ol>
    <blockquote><p>Said once.</p><blockquote><p>Said before.</p></blockquote></blockquote>
    <pre>let x = 1\n\tif x { return }</pre>
    <img src="https://example.org/i.png" alt="A tram at dusk"><hr>
    """)

@Suite struct ArticleBodyTests {
    @Test func everyKindOfBlockIsSet() throws {
        let body = articleBody(everyKindOfBlock, typography: try makeArticleTypography())
        body.layOut(through: .infinity)
        #expect(body.isComplete)
        var kinds = Set<String>()
        for piece in body.placed {
            #expect(piece.height > 0, "piece \(piece.index) has no height")
            switch body.pieces[piece.index].content {
            case .text: kinds.insert("text"); #expect(piece.text?.lines.isEmpty == false)
            case .code: kinds.insert("code"); #expect(piece.text?.lines.count == 2)
            case .image: kinds.insert("image"); #expect(piece.box != nil && piece.image == nil)
            case .media: kinds.insert("media")
            case .rule: kinds.insert("rule")
            case .tableRow: kinds.insert("table")
            }
        }
        #expect(kinds == ["text", "code", "image", "rule"])
        // Headings step down in size from the title.
        let sizes = body.pieces.prefix(8).compactMap { item -> Float? in
            if case .text(let paragraph) = item.content { return paragraph.spans.first?.style.size }
            return nil
        }
        #expect(sizes.count == 8 && zip(sizes.dropFirst(2), sizes.dropFirst(3)).allSatisfy { $0 > $1 })
        // Markers by depth and number, each in the gutter left of its text.
        let markers = body.pieces.flatMap(\.markers).map(\.text)
        #expect(markers == ["•", "◦", "▪", "•", "1.", "2.", "3."])
        for piece in body.placed {
            for marker in piece.markers { #expect(marker.origin.x < piece.textOrigin.x) }
        }
        // Two quote bars beside the inner quote, one beside the outer.
        #expect(body.pieces.map(\.bars.count).max() == 2)
        // The tab became spaces to the next stop.
        #expect(body.pieces.contains { if case .code(let code, _, _) = $0.content { code.contains("\n    if") } else { false } })
        let exact = body.contentHeight
        #expect(exact > 600 && exact < 3000)
    }

    @Test func nothingReachesPastTheColumn() throws {
        let typography = try makeArticleTypography()
        let url = "https://example.org/" + String(repeating: "a-rather-long-path-segment/", count: 20) + "?q=1"
        let word = String(repeating: "w", count: 2_000)
        let codeLine = String(repeating: "let veryLongName = anotherVeryLongName(argument: 1) ", count: 20)
        let blocks: [ArticleBlock] = [
            .paragraph([InlineRun("See "), InlineRun(url, link: url), InlineRun(" and " + word + " end.")]),
            .heading(level: 1, [InlineRun(word)]),
            .code(codeLine + "\n" + codeLine),
            .list(ordered: true, items: [[.paragraph([InlineRun(word)]), .code(codeLine)]]),
            .quote([.paragraph([InlineRun(url, link: url)]), .quote([.code(word)])]),
        ]
        for width in [960.0, 400, 120] {
            let body = articleBody(blocks, width: width, typography: typography)
            body.layOut(through: .infinity)
            let left = body.columnX, right = body.columnX + body.column
            #expect(left >= 0 && right <= width)
            for piece in body.placed {
                guard let text = piece.text else { continue }
                for line in text.lines { #expect(line.x + line.width <= text.width + 0.01) }
                for glyph in text.glyphs {
                    let x = piece.textOrigin.x + typography.scale.points(Double(glyph.x))
                    #expect(x >= left - 1 && x < right, "glyph at \(x) outside \(left)..<\(right) at width \(width)")
                }
                if let box = piece.box { #expect(box.minX >= left && box.maxX <= right + 0.01) }
            }
        }
    }

    @Test func linksAreTappable() throws {
        let typography = try makeArticleTypography()
        let body = articleBody(everyKindOfBlock, typography: typography)
        body.layOut(through: .infinity)
        let scale = typography.scale
        var found: Point?
        for piece in body.placed {
            guard let text = piece.text else { continue }
            for line in text.lines {
                for run in line.runs where run.link != nil {
                    found = Point(x: piece.textOrigin.x + scale.points(Double(run.x + run.width / 2)),
                                  y: piece.textOrigin.y + scale.points(Double(line.top + line.height / 2)))
                }
            }
        }
        let point = try #require(found)
        #expect(body.target(at: point) == .link("https://example.org/b"))
        // The same line, left of the link, is plain text.
        #expect(body.target(at: Point(x: body.columnX + 2, y: point.y)) == nil)
        #expect(body.target(at: Point(x: .nan, y: 10)) == nil)
    }

    @Test func imagesTakeTheirAspectRatioOrAnAltBox() throws {
        let typography = try makeArticleTypography()
        let wide = "https://example.org/wide.png", small = "https://example.org/small.png"
        let images = StubImages([wide: Surface(width: 2000, height: 1000, fill: .white),
                                 small: Surface(width: 400, height: 300, fill: .white)])
        let blocks: [ArticleBlock] = [
            .image(url: wide, alt: nil), .image(url: small, alt: "small"), .image(url: "https://example.org/late.png", alt: nil),
        ]
        let body = articleBody(blocks, typography: typography, images: images)
        body.layOut(through: .infinity)
        let boxes = body.placed.compactMap(\.box)
        #expect(body.column == 640)
        // Wider than the column: shrunk to it. Smaller: its own size (200 pt at scale 2), never enlarged.
        #expect(boxes[0].width == 640 && boxes[0].height == 320)
        #expect(boxes[1].width == 200 && boxes[1].height == 150 && boxes[1].midX == body.columnX + 320)
        // Not at hand: a 16:9 box no taller than twelve lines of body size.
        #expect(boxes[2].width == 640 && boxes[2].height == (17 * 12.0).rounded())
        #expect(body.target(at: boxes[2].center) == .image(url: "https://example.org/late.png", alt: nil))
        #expect(body.target(at: boxes[1].center) == .image(url: small, alt: "small"))

        // It comes: the page makes room for it, no taller than 24 lines (no screen height was given).
        let before = body.contentHeight
        images.images["https://example.org/late.png"] = Surface(width: 1280, height: 1280, fill: .white)
        body.imageArrived(url: "https://example.org/late.png")
        body.layOut(through: .infinity)
        #expect(body.placed.compactMap(\.box).last?.height == 408 && body.placed.compactMap(\.box).last?.width == 408)
        #expect(body.contentHeight == before - (17 * 12.0).rounded() + 408)
    }

    @Test func aLargeImageIsShrunkToItsBoxWhenDrawn() throws {
        let typography = try makeArticleTypography()
        let url = "https://example.org/red.png"
        let red = Color(red: 0.8, green: 0.1, blue: 0.1)
        let body = articleBody([.image(url: url, alt: nil)], typography: typography,
                               images: StubImages([url: Surface(width: 3000, height: 1500, fill: red)]))
        let screen = body.renderFirstScreen(height: 540, glyphs: GlyphCache())
        let picture = try #require(body.placed.last { $0.box != nil })
        let box = try #require(picture.box)
        #expect(box.width == 640 && box.height == 320)
        let shown = try #require(picture.shownImage)
        #expect(shown.width == 1280 && shown.height == 640)
        // The box's edges, a pixel in (its top may fall between pixels).
        #expect(screen[Int(box.minX * 2) + 1, Int(box.minY * 2) + 1] == red.argb)
        #expect(screen[Int(box.maxX * 2) - 1, Int(box.maxY * 2) - 2] == red.argb)
        #expect(screen[Int(box.maxX * 2) + 1, Int(box.midY * 2)] == Theme.light.paper.argb)
    }

    @Test func shrinkingAveragesThePixelsUnderEachNewOne() {
        let image = Surface(width: 4, height: 2, format: .argb8888)
        for x in 0..<4 { image[x, 0] = 0xFF00_0000; image[x, 1] = 0xFFFF_FFFF }
        image[2, 0] = 0x0000_0000; image[3, 0] = 0x0000_0000
        let small = ImageShrinking.shrink(image, width: 2, height: 1)
        #expect(small[0, 0] == 0xFF80_8080)
        #expect(small[1, 0] == 0x8080_8080)  // half transparent, half white: premultiplied, so grey at half alpha
    }

    @Test func aLargerTextSizeMakesALongerPage() throws {
        let typography = try makeArticleTypography()
        var heights: [Double] = []
        for size in [14.0, 17, 21] {
            let body = articleBody(everyKindOfBlock, typography: typography, textSize: size)
            body.layOut(through: .infinity)
            heights.append(body.contentHeight)
        }
        #expect(heights[0] < heights[1] && heights[1] < heights[2])
    }

    @Test func theThemePaintsThePage() throws {
        let typography = try makeArticleTypography()
        for theme in [Theme.light, .dark] {
            let body = articleBody(everyKindOfBlock, typography: typography, theme: theme)
            let screen = body.renderFirstScreen(height: 540, glyphs: GlyphCache())
            #expect(screen.width == 1920 && screen.height == 1080)
            // The margin beside the column, and below the title's line, is paper.
            #expect(screen[40, 540] == theme.paper.argb)
            #expect(screen[1900, 20] == theme.paper.argb)
            // Some ink was drawn.
            var inked = 0
            for y in stride(from: 0, to: 1080, by: 2) { for x in 640..<1280 where screen[x, y] == theme.ink.argb { inked += 1 } }
            #expect(inked > 100)
        }
    }

    @Test func aLongArticleIsSetAsFarAsItIsShown() throws {
        let typography = try makeArticleTypography()
        let paragraph = "Trams came back to the city quietly, one line at a time, over twenty years. "
        let blocks = (0..<400).map { index -> ArticleBlock in
            index % 10 == 0 ? .heading(level: 2, [InlineRun("Part \(index / 10)")])
                : .paragraph([InlineRun(String(repeating: paragraph, count: 4))])
        }
        let body = articleBody(blocks, typography: typography)
        let estimate = body.contentHeight
        _ = body.renderFirstScreen(height: 540, glyphs: GlyphCache())
        #expect(!body.isComplete && body.placed.count < 20)
        #expect(body.placed.last.map { $0.bottom >= 540 } == true)
        while body.layOutMore(pieces: 50) {}
        #expect(body.isComplete)
        // The first guess was close enough that the scroll range hardly moved.
        #expect(abs(body.contentHeight - estimate) / body.contentHeight < 0.25, "\(estimate) → \(body.contentHeight)")
        // Drawing far down sets nothing it need not, and finds the pieces there.
        let late = articleBody(blocks, typography: typography)
        let surface = Surface(width: 1920, height: 1080, fill: .black)
        let canvas = Canvas(surface: surface, scale: typography.scale, glyphs: GlyphCache())
        late.draw(into: canvas, frame: Rect(x: 0, y: -5000, width: 960, height: 20000), offset: 0, dx: 0)
        #expect(late.placed.last.map { $0.bottom >= 5540 && $0.top < 5600 } == true)
        #expect(surface[40, 540] == Theme.light.paper.argb)
    }

    @Test func hostileArticlesAreSetInBoundedPieces() throws {
        let typography = try makeArticleTypography()
        // 100,000 nested lists, quotes and items, through the sanitiser.
        for (open, close) in [("<ul><li>", "</li></ul>"), ("<blockquote>", "</blockquote>"), ("<ol><li><div>", "")] {
            let deep = String(repeating: open, count: 100_000) + "<p>deep</p>" + String(repeating: close, count: 100_000)
            let body = articleBody(html(deep), typography: typography)
            body.layOut(through: .infinity)
            #expect(body.isComplete)
            #expect(body.pieces.allSatisfy { $0.indent <= body.column * 0.4 })
        }
        // A paragraph of a megabyte without a space is cut into pieces, each set on its own.
        let huge = String(repeating: "x", count: 1_000_000)
        let body = articleBody([.paragraph([InlineRun(huge)]), .code(huge)], typography: typography)
        #expect(body.pieces.count > 300)
        _ = body.renderFirstScreen(height: 540, glyphs: GlyphCache())
        #expect(body.placed.count < 10)
    }

    @Test func rightToLeftAndCJKTextIsSet() throws {
        let typography = try makeArticleTypography()
        let blocks: [ArticleBlock] = [
            .paragraph([InlineRun(String(repeating: "هذه فقرة باللغة العربية للاختبار. ", count: 20))]),
            .paragraph([InlineRun(String(repeating: "זוהי פסקה בעברית לבדיקה. ", count: 20))]),
            .paragraph([InlineRun(String(repeating: "路面電車は静かに街へ戻ってきた。", count: 20))]),
        ]
        let body = articleBody(blocks, typography: typography)
        body.layOut(through: .infinity)
        let pieces = body.placed.dropLast().suffix(3)  // before the end mark
        for piece in pieces {
            let text = try #require(piece.text)
            #expect(text.lines.count > 1)
            for line in text.lines { #expect(line.x >= 0 && line.x + line.width <= text.width + 0.01) }
        }
        // Right-to-left paragraphs hang from the right edge.
        let arabic = try #require(pieces.first?.text?.lines.first)
        #expect(arabic.x + arabic.width > Float(typography.scale.pixels(body.column)) - 2)
    }

    @Test func longTextIsCutBetweenWordsAndCodeBetweenLines() {
        let words = String(repeating: "word ", count: 5_000)
        let pieces = LongParagraph.pieces([InlineRun(words, style: .strong, link: "https://x")], limit: 1_000)
        #expect(pieces.count > 20)
        #expect(pieces.flatMap { $0 }.map(\.text).joined() == words)
        #expect(pieces.dropLast().allSatisfy { $0.last?.text.hasSuffix(" ") == true })
        #expect(pieces.allSatisfy { $0.allSatisfy { $0.style == .strong && $0.link == "https://x" } })
        let code = (0..<1_000).map { "line \($0)" }.joined(separator: "\n") + "\n\n" + String(repeating: "z", count: 2_500)
        let codePieces = CodeText.pieces(code, limit: 1_000)
        // Cut between lines, and inside the one line longer than a piece.
        let rejoined = codePieces.joined(separator: "\n")
        #expect(rejoined.hasPrefix(code.prefix(code.utf8.count - 2_500)))
        #expect(rejoined.filter { $0 != "\n" } == code.filter { $0 != "\n" })
        #expect(codePieces.allSatisfy { $0.unicodeScalars.count <= 1_000 })
        #expect(CodeText.expandingTabs("\tx\n ab\ty") == "    x\n ab y")
    }
}

/// Tables, formulas and raised text on the page.
@Suite struct ArticleTableLayoutTests {
    private func table(rows: Int, columns: Int, header: Bool = true) -> ArticleBlock {
        var made: [ArticleTable.Row] = []
        if header { made.append(.init((0..<columns).map { .init([InlineRun("Heading \($0)")], isHeader: true) })) }
        for row in 0..<rows {
            made.append(.init((0..<columns).map { .init([InlineRun("cell \(row).\($0)")]) }))
        }
        return .table(ArticleTable(rows: made))
    }

    /// Every cell's glyphs, rules and boxes lie within the column.
    private func expectInColumn(_ body: ArticleBody, typography: Typography, _ comment: String) {
        let left = body.columnX, right = body.columnX + body.column
        for piece in body.placed {
            for cell in piece.cells {
                for glyph in cell.layout.glyphs {
                    let x = cell.origin.x + typography.scale.points(Double(glyph.x))
                    #expect(x >= left - 1 && x < right, "\(comment): glyph at \(x) outside \(left)..<\(right)")
                }
                for line in cell.layout.lines {
                    #expect(line.x + line.width <= cell.layout.width + 0.01, "\(comment): a line past its cell")
                }
            }
            for rule in piece.rules { #expect(rule.rect.minX >= left && rule.rect.maxX <= right + 0.01, "\(comment)") }
            if let box = piece.box { #expect(box.minX >= left && box.maxX <= right + 0.01, "\(comment)") }
        }
    }

    @Test func aLongTableIsSetRowByRowAsTheGridItsFirstRowsAsk() throws {
        let typography = try makeArticleTypography()
        let body = articleBody([.paragraph([InlineRun("Before.")]), table(rows: 200, columns: 4)], typography: typography)
        body.layOut(through: 600)
        #expect(body.placed.count < 40, "a 200-row table was set whole for its first screen")
        let rows = body.placed.filter { if case .tableRow = body.pieces[$0.index].content { true } else { false } }
        guard case .tableRow(let grid, _) = body.pieces[rows[0].index].content,
              case .grid(let widths, _) = grid.plan else { Issue.record("no grid"); return }
        #expect(widths.count == 4 && widths.reduce(0, +) <= body.column)
        // Header cells bold, rows in order, a rule under each.
        #expect(rows[0].cells.first?.paragraph.spans.first?.style.weight == .bold)
        #expect(rows.dropFirst().allSatisfy { $0.cells.first?.paragraph.spans.first?.style.weight == .regular })
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.bottom <= $1.top && $1.rules.count == 1 })
        body.layOut(through: .infinity)
        let allRows = body.pieces.filter { if case .tableRow = $0.content { true } else { false } }
        #expect(body.isComplete && allRows.count == 201)
        expectInColumn(body, typography: typography, "200 rows")
    }

    @Test func aTableTooWideForTheColumnIsSetAsCards() throws {
        let typography = try makeArticleTypography()
        let body = articleBody([table(rows: 3, columns: 12)], width: 400, typography: typography)
        body.layOut(through: .infinity)
        let rows = body.placed.filter { if case .tableRow = body.pieces[$0.index].content { true } else { false } }
        #expect(rows.count == 4)
        // The heading row labels the cards and shows no card of its own.
        #expect(rows[0].height == 0 && rows[0].cells.isEmpty)
        for row in rows.dropFirst() {
            #expect(row.box != nil && row.cells.count == 1)
            let text = row.cells[0].paragraph.spans.map(\.text).joined()
            #expect(text.hasPrefix("Heading 0: cell") && text.split(separator: "\n").count == 12)
        }
        expectInColumn(body, typography: typography, "cards")
    }

    @Test func hostileTablesStayInTheColumn() throws {
        let typography = try makeArticleTypography()
        let word = String(repeating: "w", count: 300)
        let hostile: [ArticleBlock] = [
            .table(ArticleTable(rows: [.init([])])),
            .table(ArticleTable(rows: [.init([.init([InlineRun("x")], columns: 1_000_000)]),
                                       .init([.init([InlineRun("y")])])])),
            table(rows: 2, columns: 500),
            .table(ArticleTable(rows: [.init([.init([InlineRun(word)]), .init([InlineRun("b")])])])),
        ] + html("<table><tr><td>a<table><tr><td>b</td><td>c</td></tr></table></td><td>d</td></tr></table>")
            + html("<table><tr><td>" + String(repeating: "long ", count: 3_000) + "</td><td>x</td></tr></table>")
        for width in [960.0, 400, 110] {
            let body = articleBody(hostile, width: width, typography: typography, textSize: 24)
            body.layOut(through: .infinity)
            #expect(body.isComplete)
            expectInColumn(body, typography: typography, "width \(width)")
            for piece in body.placed { #expect(piece.height.isFinite && piece.height >= 0) }
        }
    }

    @Test func linksInCellsAndCardsAreTappable() throws {
        let typography = try makeArticleTypography()
        let blocks = html("<table><tr><th>A</th><th>B</th></tr><tr><td>x</td><td><a href=\"https://example.org/c\">cell link</a></td></tr></table>")
        for width in [960.0, 110] {
            let body = articleBody(blocks, width: width, typography: typography)
            body.layOut(through: .infinity)
            var found = false
            for piece in body.placed {
                for cell in piece.cells {
                    for line in cell.layout.lines {
                        for run in line.runs where run.link != nil {
                            let point = Point(x: cell.origin.x + typography.scale.points(Double(run.x + run.width / 2)),
                                              y: cell.origin.y + typography.scale.points(Double(line.top + line.height / 2)))
                            #expect(body.target(at: point) == .link("https://example.org/c"))
                            found = true
                        }
                    }
                }
            }
            #expect(found, "no link in the cells at width \(width)")
        }
    }

    @Test func supAndSubAreRaisedLoweredAndSmaller() throws {
        let typography = try makeArticleTypography()
        // The paragraph's piece: the title's come before it, the article's end mark after.
        func paragraph(_ body: ArticleBody) -> TextLayout? {
            body.placed.first { placed in
                if case .text(let p) = body.pieces[placed.index].content { p.spans.map(\.text).joined() == "24 H2" } else { false }
            }?.text
        }
        let body = articleBody(html("<p>2<sup>4</sup> H<sub>2</sub></p>"), typography: typography)
        body.layOut(through: .infinity)
        guard let text = paragraph(body), let line = text.lines.first else { Issue.record("no text"); return }
        let glyphs = Array(text.glyphs[line.glyphs])
        // "2", "4" raised, " H", "2" lowered.
        #expect(glyphs.count == 5)
        #expect(glyphs[0].y == line.baseline && glyphs[1].y < line.baseline - 5)
        #expect(glyphs[4].y > line.baseline + 2)
        #expect(line.runs[1].shift > 0 && line.runs.last!.shift < 0)
        // The line keeps its height: a footnote mark opens no gap.
        let plain = articleBody(html("<p>24 H2</p>"), typography: typography)
        plain.layOut(through: .infinity)
        #expect(paragraph(plain)?.lines.first?.height == line.height)
    }
}
