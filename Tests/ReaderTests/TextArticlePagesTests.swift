import Feeds
import Raster
import Testing
import Text
import Widgets
@testable import Reader

/// `render --text`'s pages: the reader's article page, cut between lines.
@Suite struct TextArticlePagesTests {
    @Test func theLinesOfASetPageRunDownItWithoutOverlapping() throws {
        let body = articleBody(everyKindOfBlock, typography: try makeArticleTypography())
        body.layOut(through: .infinity)
        let lines = body.lineExtents
        #expect(lines.count > 20)
        #expect(lines.first!.top == ArticleStyles.marginTop)
        for (a, b) in zip(lines, lines.dropFirst()) { #expect(a.top < a.bottom && a.bottom <= b.top + 1e-9) }
        #expect(abs(lines.last!.bottom + ArticleStyles.marginBottom - body.contentHeight) < 1e-9)
    }

    @Test func aPageHoldsTheLinesThatFitAndATallOneHasAPageToItself() {
        let lines: [(top: Double, bottom: Double)] = [(64, 300), (310, 340), (340, 370), (370, 800), (800, 830)]
        #expect(TextArticlePages.pageStarts(lines, room: 300) == [64, 340, 370, 800])
        #expect(TextArticlePages.pageStarts([(64, 900)], room: 300) == [64])
        #expect(TextArticlePages.pageStarts([], room: 300) == [ArticleStyles.marginTop])
    }

    @Test func theFileBecomesNumberedPagesOfTheReadersPage() throws {
        let text = "\n  The title  \n\n" + Array(repeating: "A line of the body,\nwrapped in the file.", count: 40)
            .joined(separator: "\n\n")
        let pages = TextArticlePages(text: text)
        #expect(pages.article.title == "The title" && pages.article.paragraphs.count == 40)
        #expect(pages.article.paragraphs[0] == "A line of the body, wrapped in the file.")
        var sizes: [(Int, Int)] = []
        var numbers: [Int] = []
        pages.render(width: 800, height: 480, typesetter: Typesetter(library: try FontLibrary())) { page, number in
            sizes.append((page.width, page.height))
            numbers.append(number)
        }
        #expect(numbers.count > 2 && numbers == Array(1...numbers.count))
        #expect(sizes.allSatisfy { $0 == (800, 480) })
    }
}
