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

    @Test func flattensTablesAndUnknownElementsToText() {
        let html = "<table><tr><th>k</th><td>v</td></tr><tr><td>1</td><td>2</td></tr></table><custom-tag>inside</custom-tag>"
        #expect(blocks(html) == [
            .paragraph([InlineRun("k v")]), .paragraph([InlineRun("1 2")]), .paragraph([InlineRun("inside")]),
        ])
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
