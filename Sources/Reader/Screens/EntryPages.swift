import Feeds
import Raster
import Text
import Touch
import Widgets

/// The river an article was opened from, as the pager pages through it: each entry's body set when it (or a
/// neighbour) is shown, never the whole river.
final class EntryPages: PagerSource {
    let rows: [RiverRow]
    private let context: ReaderContext

    init(rows: [RiverRow], context: ReaderContext) {
        self.rows = rows
        self.context = context
    }

    var count: Int { rows.count }
    func title(at index: Int) -> String { rows[index].title }

    func page(at index: Int, width: Double) -> PagerPage {
        let row = rows[index]
        let entry = context.library.entry(row.entry.id)
        let blocks = entry.map(Self.blocks(of:)) ?? []
        let now = context.wallClock(0)
        let byline = "\(row.feedTitle) · \(ReaderContext.age(of: row.entry.sortTime, now: now)) · \(row.readingMinutes) min read"
        return ArticlePage(Article(title: row.title, byline: byline, paragraphs: Self.plainParagraphs(blocks)),
                           width: width, typography: context.typography)
    }

    /// The entry's blocks: its markup through the sanitiser, else its plain content or summary.
    static func blocks(of entry: StoredEntry) -> [ArticleBlock] {
        if let markup = entry.markup { return ArticleBlocks.make(from: markup) }
        let text = entry.content ?? entry.summary ?? ""
        return ArticleBlocks.make(from: Markup(kind: .text, text: text, base: nil))
    }

    static func plainParagraphs(_ blocks: [ArticleBlock]) -> [String] {
        var out: [String] = []
        func runs(_ r: [InlineRun]) -> String { r.map(\.text).joined() }
        for block in blocks {
            switch block {
            case .paragraph(let r), .heading(_, let r): out.append(runs(r))
            case .list(_, let items): for item in items { out += plainParagraphs(item).map { "• " + $0 } }
            case .quote(let inner): out += plainParagraphs(inner)
            case .code(let text): out.append(text)
            case .image(_, let alt): if let alt { out.append("[\(alt)]") }
            case .rule: break
            }
        }
        return out
    }
}
