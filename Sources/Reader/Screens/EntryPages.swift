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
                           images: pictures, end: end(after: index),
                           viewHeight: context.size.height)
    }

    /// What the end of entry `index` says: the next entry's title (where a pull up leads), or that it is the last.
    func end(after index: Int) -> ArticleEnd {
        index + 1 < rows.count ? .next(title: rows[index + 1].title) : .last
    }

    /// Article pictures at the column's width, from the reader's images (decoded at rest, never mid-frame).
    private lazy var pictures = ColumnPictures(images: context.images, scale: context.scale)

    /// The most markup a page sets: about 40,000 words, eight times a long read. Beyond it an article is not
    /// read on a wall, and setting it would stall the tap that opens it (a 15 MiB body takes over a second to
    /// parse); the page says so and the link's QR code carries the reader on.
    static let largestBody = 256 << 10

    /// The entry's blocks: its markup through the sanitiser, else its plain content or summary, with the boxes of
    /// the audio and video it encloses (a podcast's episode first).
    static func blocks(of entry: StoredEntry) -> [ArticleBlock] {
        EnclosureBlocks.adding(entry.enclosures, to: bodyBlocks(of: entry), page: entry.link, poster: entry.thumbnail,
                               duration: entry.duration)
    }

    private static func bodyBlocks(of entry: StoredEntry) -> [ArticleBlock] {
        let markup = entry.markup ?? Markup(kind: .text, text: entry.content ?? entry.summary ?? "", base: nil)
        guard markup.text.utf8.count > largestBody else { return ArticleBlocks.make(from: markup, page: entry.link) }
        var cut = markup.text.utf8.index(markup.text.utf8.startIndex, offsetBy: largestBody)
        while cut > markup.text.startIndex, !markup.text.unicodeScalars.indices.contains(cut) { cut = markup.text.utf8.index(before: cut) }
        var blocks = ArticleBlocks.make(from: Markup(kind: markup.kind, text: String(markup.text[..<cut]), base: markup.base),
                                        page: entry.link)
        blocks.append(.rule)
        blocks.append(.paragraph([InlineRun("This article goes on for longer than the panel shows. The rest is at its link: "
                                            + "pull for the menu and show its QR code.", style: .emphasis)]))
        return blocks
    }
}
