import Text
import Widgets

/// The demo's articles as the pager pages through them: each set as the reader sets an entry, when it or a
/// neighbour is shown.
final class SampleArticlePages: PagerSource {
    let articles: [PlainArticle]
    private let typography: Typography

    /// Shown in place of articles when there are none: the pager needs a page.
    static let nothingToRead = PlainArticle(title: "Nothing to read yet",
                                            paragraphs: ["New articles will appear here as the feeds bring them."])

    init(_ articles: [PlainArticle], typography: Typography) {
        self.articles = articles.isEmpty ? [Self.nothingToRead] : articles
        self.typography = typography
    }

    var count: Int { articles.count }
    func title(at index: Int) -> String { articles[index].title }
    func page(at index: Int, width: Double) -> PagerPage { articles[index].page(width: width, typography: typography) }
}
