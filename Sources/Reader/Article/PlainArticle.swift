import Feeds
import Text
import Widgets

/// An article the reader has as plain paragraphs rather than as a feed's markup: the demos' samples, and the file
/// `render --text` is given. It is set like any entry, its header and one paragraph block per paragraph going to
/// `ArticleBody`, so there is one way an article looks.
public struct PlainArticle: Hashable, Sendable {
    public var header: ArticleHeader
    public var paragraphs: [String]

    public init(header: ArticleHeader, paragraphs: [String]) {
        self.header = header
        self.paragraphs = paragraphs
    }

    /// `feed`, `date` and `readingTime` make the byline under the title; empty ones are left out.
    public init(title: String, feed: String = "", date: String = "", readingTime: String = "", paragraphs: [String]) {
        self.init(header: ArticleHeader(title: title, feed: feed, date: date, readingTime: readingTime),
                  paragraphs: paragraphs)
    }

    public var title: String { header.title }

    public var blocks: [ArticleBlock] { paragraphs.map { .paragraph([InlineRun($0)]) } }

    /// The article's page `width` points wide, set to its end: these articles are short, and what shows them
    /// (a demo's fixed scroll range, `render --text`'s page count) wants the exact height, not an estimate.
    public func page(width: Double, typography: Typography, theme: Theme = .light) -> ArticleBody {
        let body = ArticleBody(header: header, blocks: blocks, width: width, typography: typography, theme: theme)
        body.layOut(through: .infinity)
        return body
    }
}
