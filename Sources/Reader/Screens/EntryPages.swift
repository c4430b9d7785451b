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
        let header = ArticleHeader(title: row.title, feed: row.feedTitle,
                                   date: ReaderContext.age(of: row.entry.sortTime, now: context.wallClock(0)),
                                   readingTime: "\(row.readingMinutes) min read")
        return ArticleBody(header: header, blocks: entry.map(Self.blocks(of:)) ?? [], width: width,
                           typography: context.typography, theme: context.theme, textSize: context.settings.bodySize,
                           images: pictures)
    }

    /// Article pictures at the column's width, from the reader's images (decoded at rest, never mid-frame).
    private lazy var pictures = ColumnPictures(images: context.images, scale: context.scale)

    /// The entry's blocks: its markup through the sanitiser, else its plain content or summary.
    static func blocks(of entry: StoredEntry) -> [ArticleBlock] {
        if let markup = entry.markup { return ArticleBlocks.make(from: markup) }
        let text = entry.content ?? entry.summary ?? ""
        return ArticleBlocks.make(from: Markup(kind: .text, text: text, base: nil))
    }
}
