import GoldenImages
import Raster
import Testing
import Text
import Touch
import Widgets
@testable import Feeds
@testable import Reader

/// Ambient cards laid out for what their entries have: a summary set large where there is no picture, the
/// code's column given to the text where there is no link, the feed's name only where there is nothing else.
@Suite struct AmbientCardTests {
    static let now = Timestamp(year: 2026, month: 11, day: 24, hour: 12)

    static func row(link: String?, snippet: String?) -> RiverRow {
        RiverRow(entry: RiverEntry(id: EntryID(rawValue: 1), feed: FeedID(rawValue: 1), key: "k",
                                   title: "The allotment in the first frost, and what it kept",
                                   link: link, sortTime: Timestamp(year: 2026, month: 11, day: 23, hour: 9),
                                   isRead: false, isStarred: false, thumbnail: nil, textLength: 4_000,
                                   snippet: snippet),
                 feedTitle: "Hedgerow Notes")
    }

    static let snippet = "The leeks stood it, the chard sulked and the last of the beans went black overnight. "
        + "Here is what a first frost tells you about a plot, bed by bed, and what to cover next year before the "
        + "forecast says so. It starts with the soil: a frost that finds bare ground goes deeper than one that "
        + "finds a mulch, and the difference shows for weeks."

    static let cards: [(name: String, row: RiverRow)] = [
        ("summary-and-code", row(link: "https://example.org/frost", snippet: snippet)),
        ("summary-no-link", row(link: nil, snippet: snippet)),
        ("nothing-but-a-title", row(link: nil, snippet: nil)),
    ]

    @Test func eachCardMatchesItsGolden() throws {
        let typesetter = Typesetter(library: try FontLibrary())
        for (width, height, scale) in [(800, 480, 1.0), (1920, 1080, 2.0)] {
            let reader = HeadlessReader(pixelWidth: width, pixelHeight: height, scale: Scale(scale), fps: 60,
                                        typesetter: typesetter, settings: ReaderSettings(),
                                        library: ReaderLibrary(store: nil, samples: []), refreshing: nil,
                                        start: Self.now, origin: 0, utcOffset: { _ in 0 })
            for (name, row) in Self.cards {
                let card = AmbientCard(row: row, continues: false, context: reader.context, now: Self.now)
                let surface = Surface(width: width, height: height, fill: .white)
                card.draw(into: Canvas(surface: surface, scale: Scale(scale), glyphs: reader.context.glyphs),
                          shift: Point(x: 0, y: 0))
                let golden = "ambient-\(name)-\(width)x\(height)"
                let directory = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Goldens"
                if let problem = try compareWithGolden(surface, named: golden, in: directory).problem(golden) {
                    Issue.record(Comment(rawValue: problem))
                }
            }
        }
    }

    @Test func withoutALinkTheTextTakesTheCodesColumn() throws {
        let reader = HeadlessReader(pixelWidth: 800, pixelHeight: 480, scale: .one, fps: 60,
                                    typesetter: Typesetter(library: try FontLibrary()), settings: ReaderSettings(),
                                    library: ReaderLibrary(store: nil, samples: []), refreshing: nil,
                                    start: Self.now, origin: 0, utcOffset: { _ in 0 })
        let wide = AmbientCard.textWidth(reader.context, withCode: false)
        let narrow = AmbientCard.textWidth(reader.context, withCode: true)
        #expect(wide == 800 - 2 * AmbientCard.margin)
        #expect(narrow == wide - AmbientCard.codeSide(reader.context) - AmbientCard.margin)
    }
}
