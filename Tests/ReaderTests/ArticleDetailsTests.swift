import Feeds
import Testing
import Text
import Widgets
@testable import Reader

/// The page's smaller things: quotes, a title the body repeats.
@Suite struct ArticleDetailsTests {
    /// The text of every text piece, in order.
    private func texts(_ body: ArticleBody) -> [String] {
        body.pieces.compactMap { piece in
            if case .text(let paragraph) = piece.content { return paragraph.spans.map(\.text).joined() }
            return nil
        }
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
