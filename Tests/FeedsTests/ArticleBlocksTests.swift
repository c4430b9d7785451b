import Testing
@testable import Feeds

@Suite struct ArticleBlocksTests {
    private func blocks(_ html: String, base: String? = "https://example.org/posts/1/") -> [ArticleBlock] {
        ArticleBlocks.make(from: Markup(kind: .html, text: html, base: base))
    }

    @Test func makesParagraphsHeadingsAndStyledRuns() {
        let result = blocks("<h2>Title</h2><p>Plain <em>soft</em> and <strong>bold <code>x()</code></strong>.</p>")
        #expect(result == [
            .heading(level: 2, [InlineRun("Title")]),
            .paragraph([
                InlineRun("Plain "), InlineRun("soft", style: .emphasis), InlineRun(" and "),
                InlineRun("bold ", style: .strong), InlineRun("x()", style: [.strong, .code]), InlineRun("."),
            ]),
        ])
    }

    @Test func resolvesLinksAndImagesAndDropsUnsafeOnes() {
        let result = blocks("""
            <p><a href="../2/">next</a> <a href="javascript:alert(1)">evil</a> <a href="mailto:a@b.c">mail</a></p>
            <img src="/img/a.png" alt=" A  cat "><img src="data:image/png;base64,AAAA"><img src="b.jpg">
            """)
        #expect(result == [
            .paragraph([
                InlineRun("next", link: "https://example.org/posts/2/"), InlineRun(" evil "),
                InlineRun("mail", link: "mailto:a@b.c"),
            ]),
            .image(url: "https://example.org/img/a.png", alt: "A cat"),
            .image(url: "https://example.org/posts/1/b.jpg", alt: nil),
        ])
    }

    @Test func dropsActiveContentWithItsContents() {
        let html = """
            <p onclick="steal()" style="color:red">kept</p><script>alert(1)</script><style>p{}</style>
            <iframe src="javascript:alert(1)">framed</iframe><object>obj</object><form><input value=v>form</form><p>end</p>
            """
        #expect(blocks(html) == [.paragraph([InlineRun("kept")]), .paragraph([InlineRun("end")])])
    }

    @Test func nestsListsAndQuotes() {
        let html = "<ul><li>one</li><li>two<ol><li>a</li></ol></li></ul><blockquote><p>said</p><p>more</p></blockquote>"
        #expect(blocks(html) == [
            .list(ordered: false, items: [
                [.paragraph([InlineRun("one")])],
                [.paragraph([InlineRun("two")]), .list(ordered: true, items: [[.paragraph([InlineRun("a")])]])],
            ]),
            .quote([.paragraph([InlineRun("said")]), .paragraph([InlineRun("more")])]),
        ])
    }

    /// Lists and quotes nest at most `BlockBuilder.maxNesting` deep, whatever the markup: deeper ones are
    /// flattened into the deepest level, their text kept.
    @Test func capsTheNestingOfListsAndQuotes() {
        let nests = [("<ul><li>", "</li></ul>"), ("<blockquote>", "</blockquote>"),
                     ("<ol><li><blockquote>", "</blockquote></li></ol>"), ("<ul>", "</ul>")]
        for (open, close) in nests {
            // libxml2 stops building the tree some hundreds of levels down (the text below is lost), so the
            // flattening is seen with fewer levels than that, and the cap with far more.
            let html = String(repeating: open, count: 60) + "<p>deepest</p>" + String(repeating: close, count: 60)
                + "<p>after</p>"
            let result = blocks(html)
            #expect(Self.nestingDepth(result) == BlockBuilder.maxNesting, "\(open)")
            #expect(Self.texts(result).contains("deepest") && Self.texts(result).contains("after"), "\(open)")
            let depth = 100_000
            let deep = String(repeating: open, count: depth) + "<p>x</p>" + String(repeating: close, count: depth)
            #expect(Self.nestingDepth(blocks(deep)) <= BlockBuilder.maxNesting, "\(open)")
        }
        // Unclosed, as a truncated feed leaves it.
        let unclosed = blocks(String(repeating: "<blockquote><ul><li>x", count: 100_000))
        #expect(Self.nestingDepth(unclosed) <= BlockBuilder.maxNesting)
    }

    /// Walked with a stack, not recursion, so a failing cap fails the test instead of crashing it.
    private static func nestingDepth(_ blocks: [ArticleBlock]) -> Int {
        var deepest = 0
        var pending = blocks.map { ($0, 0) }
        while let (block, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            switch block {
            case .list(_, let items): pending += items.joined().map { ($0, depth + 1) }
            case .quote(let inner): pending += inner.map { ($0, depth + 1) }
            default: break
            }
        }
        return deepest
    }

    private static func texts(_ blocks: [ArticleBlock]) -> [String] {
        var texts: [String] = []
        var pending = blocks
        while let block = pending.popLast() {
            switch block {
            case .paragraph(let runs), .heading(_, let runs): texts.append(runs.map(\.text).joined())
            case .list(_, let items): pending += items.joined()
            case .quote(let inner): pending += inner
            default: break
            }
        }
        return texts
    }

    @Test func keepsPreformattedWhitespaceAndBreaks() {
        #expect(blocks("<pre>" + String(repeating: "\n", count: 100_000) + "x\n\n</pre>") == [.code("x")])
        let result = blocks("<pre>\nlet x = 1\n    return x\n</pre><p>line one<br>  line two</p>")
        #expect(result == [
            .code("let x = 1\n    return x"),
            .paragraph([InlineRun("line one\nline two")]),
        ])
    }

    @Test func makesTablesOfRowsAndCellsWithHeaders() {
        let html = """
            <table><caption>Lines</caption><thead><tr><td>Line</td><th>Opened</th></tr></thead>
            <tbody><tr><th>Harbour</th><td>1902 <a href="/h">map</a></td></tr>
            <tr><td colspan="2"><p>One</p><p>Two</p></td></tr><tr><td> </td><td></td></tr></tbody></table>
            <custom-tag>inside</custom-tag>
            """
        #expect(blocks(html) == [
            .table(ArticleTable(rows: [
                .init([.init([InlineRun("Line")], isHeader: true), .init([InlineRun("Opened")], isHeader: true)]),
                .init([.init([InlineRun("Harbour")], isHeader: true),
                       .init([InlineRun("1902 "), InlineRun("map", link: "https://example.org/h")])]),
                .init([.init([InlineRun("One\nTwo")], columns: 2)]),
            ], caption: [InlineRun("Lines")])),
            .paragraph([InlineRun("inside")]),
        ])
    }

    @Test func keepsHostileTablesBounded() {
        // 500 columns, a colspan of a million, a table nested in a cell, a picture in a cell.
        let wide = "<table><tr>" + String(repeating: "<td>c</td>", count: 500) + "</tr>"
            + "<tr><td colspan=\"1000000\">all</td><td>after</td></tr>"
            + "<tr><td>outer<table><tr><td>in1</td><td>in2</td></tr><tr><td>in3</td></tr></table></td>"
            + "<td><img src=\"/p.png\" alt=\"p\"></td></tr></table>"
        let result = blocks(wide)
        guard case .table(let table) = result.first else { Issue.record("no table: \(result)"); return }
        #expect(table.rows.count == 3)
        #expect(table.rows.allSatisfy { $0.width <= ArticleTable.maxColumns })
        #expect(table.rows[0].cells.count == ArticleTable.maxColumns)
        // Nothing is lost: the cells past the cap join the last.
        let last = table.rows[0].cells[ArticleTable.maxColumns - 1].runs.map(\.text).joined()
        #expect(last.split(separator: " ").count == 500 - ArticleTable.maxColumns + 1)
        #expect(table.rows[1].cells.map(\.columns) == [ArticleTable.maxColumns])
        #expect(table.rows[1].cells[0].runs.map(\.text).joined() == "all after")
        #expect(table.rows[2].cells[0].runs == [InlineRun("outer\nin1 in2\nin3")])
        #expect(result.dropFirst().first == .image(url: "https://example.org/p.png", alt: "p"))
        // No columns at all: nothing; one column: a layout table, read as paragraphs.
        #expect(blocks("<table><tr></tr><tr><td></td></tr></table>").isEmpty)
        #expect(blocks("<table><tr><td><p>a</p><p>b</p></td></tr><tr><td>c</td></tr></table>") == [
            .paragraph([InlineRun("a")]), .paragraph([InlineRun("b")]), .paragraph([InlineRun("c")]),
        ])
    }

    @Test func raisesAndLowersSupAndSub() {
        #expect(blocks("<p>2<sup>4</sup> = 16, M<sub>1</sub>, Mac<sup><a href=\"#fn1\">1</a></sup>.</p>") == [
            .paragraph([
                InlineRun("2"), InlineRun("4", style: .superscript), InlineRun(" = 16, M"),
                InlineRun("1", style: .subscript), InlineRun(", Mac"),
                // A mark linking into the page itself is text (SamePageAnchor), raised all the same.
                InlineRun("1", style: .superscript), InlineRun("."),
            ]),
        ])
        // The innermost decides: text is raised or lowered once.
        #expect(blocks("<p>x<sup>a<sub>b</sub></sup></p>") == [
            .paragraph([InlineRun("x"), InlineRun("a", style: .superscript), InlineRun("b", style: .subscript)]),
        ])
    }

    @Test func setsMathMLAsTextInlineAndDisplayed() {
        let italic: InlineStyle = [.math, .emphasis]
        let sizes = "<p>sizes <math><mi>n</mi></math>, <math><msup><mi>n</mi><mn>2</mn></msup></math> and "
            + "<math><mi>n</mi><mi>log</mi><mi>n</mi></math>.</p>"
        #expect(blocks(sizes) == [
            .paragraph([
                InlineRun("sizes "), InlineRun("n", style: italic), InlineRun(", "), InlineRun("n", style: italic),
                InlineRun("2", style: [.math, .superscript]), InlineRun(" and "), InlineRun("n", style: italic),
                InlineRun(" log ", style: .math), InlineRun("n", style: italic), InlineRun("."),
            ]),
        ])
        // Displayed: a block of its own; operators spaced, a fraction with its compound parts grouped.
        let displayed = blocks("""
            <p>So</p><math display="block"><mi>x</mi><mo>=</mo><mfrac><mrow><mo>-</mo><mi>b</mi><mo>+</mo>\
            <mn>1</mn></mrow><mn>2</mn></mfrac></math><p>and</p>
            """)
        #expect(displayed.count == 3)
        if case .formula(let runs) = displayed[1] {
            #expect(runs.map(\.text).joined() == "x = (-b + 1)/2")
        } else {
            Issue.record("no formula: \(displayed)")
        }
    }

    @Test func prefersTeXWhenTheMathMLCannotBeReadAsText() {
        let matrix = """
            <p>M = <math><semantics><mtable><mtr><mtd><mn>1</mn></mtd></mtr></mtable>\
            <annotation encoding="application/x-tex">\\begin{matrix}1\\end{matrix}</annotation></semantics></math></p>
            """
        #expect(blocks(matrix) == [
            .paragraph([InlineRun("M = "), InlineRun("\\begin{matrix}1\\end{matrix}", style: [.math, .code])]),
        ])
        // Readable MathML wins over its TeX.
        let simple = "<p><math><semantics><mi>x</mi><annotation encoding=\"TeX\">x</annotation></semantics></math></p>"
        #expect(blocks(simple) == [.paragraph([InlineRun("x", style: [.math, .emphasis])])])
        // Only TeX, only alttext, or an unknown vocabulary: still shown.
        #expect(blocks("<p><math><annotation encoding=\"application/x-tex\">a^2</annotation></math></p>")
            == [.paragraph([InlineRun("a^2", style: [.math, .code])])])
        #expect(blocks("<p><math alttext=\"a squared\"></math></p>") == [.paragraph([InlineRun("a squared", style: .math)])])
        #expect(blocks("<p><math><foo>a</foo><bar>b</bar></math></p>") == [.paragraph([InlineRun("ab", style: .math)])])
    }

    @Test func boundsHostileMath() {
        // Nested 10,000 deep and 20,000 tokens wide: read to the caps, set as text, quickly.
        let deep = String(repeating: "<mrow>", count: 10_000) + "<mi>x</mi>" + String(repeating: "</mrow>", count: 10_000)
        let wide = String(repeating: "<mi>y</mi>", count: 20_000)
        for body in [deep, wide, "<msup>", "<mfrac><mi>a</mi></mfrac><mroot></mroot><script>bad()</script>"] {
            let result = blocks("<p>a <math>" + body + "</math> b</p>")
            #expect(!result.isEmpty)
            #expect(!result.description.contains("bad()"))
        }
    }

    @Test func closesUnclosedParagraphsLikeABrowser() {
        #expect(blocks("<p>one<p>two<hr>three") == [
            .paragraph([InlineRun("one")]), .paragraph([InlineRun("two")]), .rule, .paragraph([InlineRun("three")]),
        ])
    }

    @Test func splitsPlainTextOnBlankLines() {
        let markup = Markup(kind: .text, text: "First  line\nsame paragraph\n\n  \nSecond <b>not bold</b>", base: nil)
        #expect(ArticleBlocks.make(from: markup) == [
            .paragraph([InlineRun("First line same paragraph")]), .paragraph([InlineRun("Second <b>not bold</b>")]),
        ])
    }
}
