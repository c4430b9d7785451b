import Feeds
import Testing
import Text
import Widgets
@testable import Reader

/// The page's smaller things: its end, its measure at large type, quotes, a title the body repeats.
@Suite struct ArticleDetailsTests {
    /// The text of every text piece, in order.
    private func texts(_ body: ArticleBody) -> [String] {
        body.pieces.compactMap { piece in
            if case .text(let paragraph) = piece.content { return paragraph.spans.map(\.text).joined() }
            return nil
        }
    }

    @Test func anArticleEndsInItsMarkAndTheNextTitle() throws {
        let typography = try makeArticleTypography()
        let blocks = html("<p>The last paragraph.</p>")
        let alone = articleBody(blocks, typography: typography)
        #expect(texts(alone).suffix(2) == ["The last paragraph.", "❧"])
        let title = String(repeating: "A very long title for the next article ", count: 8)
        let next = ArticleBody(header: sampleHeader, blocks: blocks, width: 800, typography: typography, theme: .light,
                               end: .next(title: title))
        #expect(texts(next).suffix(3) == ["❧", "Pull up for the next article", title])
        next.layOut(through: .infinity)
        // The next title is a hint: two lines at most, cut with an ellipsis, centred under the mark.
        let hint = try #require(next.placed.last?.text)
        #expect(hint.lines.count == 2 && hint.isTruncated)
        let mark = try #require(next.placed[next.placed.count - 3].text)
        #expect(mark.lines.count == 1)
        let last = ArticleBody(header: sampleHeader, blocks: blocks, width: 800, typography: typography, theme: .light,
                               end: .last)
        #expect(texts(last).suffix(2) == ["❧", "The last article in this list"])
        // The end comes after everything: the page is longer for it.
        alone.layOut(through: .infinity)
        #expect(next.contentHeight > alone.contentHeight)
    }

    @Test func theMeasureGrowsWithTheTextSize() throws {
        let typography = try makeArticleTypography(scale: 1)
        func column(size: Double, width: Double) -> Double {
            articleBody(html("<p>Text</p>"), width: width, typography: typography, textSize: size).column
        }
        #expect(column(size: 17, width: 1920) == 640)
        // Twice the size, twice the measure: the same characters a line.
        #expect(abs(column(size: 34, width: 1920) - 1280) < 0.001)
        #expect(column(size: 32, width: 1920) > 1200)
        // Never past the panel's margins; a narrow panel keeps its whole width.
        #expect(column(size: 32, width: 1000) == 1000 - 2 * ArticleStyles.marginSide)
        #expect(column(size: 13, width: 1920) < 640)
    }

    @Test func quotesAreRomanAndTheirEmphasisItalic() throws {
        let body = articleBody(html("<blockquote><p>Said <em>once</em>.</p></blockquote>"),
                               typography: try makeArticleTypography())
        let quoted = try #require(body.pieces.first { !$0.bars.isEmpty })
        guard case .text(let paragraph) = quoted.content else {
            Issue.record("the quote is not text")
            return
        }
        #expect(paragraph.spans.map(\.style.slant) == [.upright, .italic, .upright])
    }

    @Test func aBodyThatOpensWithTheTitleShowsItOnce() throws {
        let body = articleBody(html("<h1>The quiet return of the tram.</h1><p>It came back.</p>"),
                               typography: try makeArticleTypography())
        #expect(texts(body).filter { $0.lowercased().contains("quiet return") } == [sampleHeader.title])
    }
}
