import Raster
import Testing
import Text
import Widgets
@testable import Feeds
@testable import Reader

/// Feeds named in other scripts: the row's meta line keeps the panel's direction with the name isolated in it,
/// and the badge's disc shows the name's first letter, inside the disc.
@Suite struct ScriptNamesTests {
    static let names = ["العالم اليوم", "חדשות הבוקר", "日本経済新聞", "Η Καθημερινή", "Русская служба", "\u{200F}«الأخبار»",
                        "שָׁלוֹם עולם"]

    static func context() throws -> ReaderContext {
        let setting = HostSetting(pixelWidth: 800, pixelHeight: 480, scale: .one,
                                  typesetter: Typesetter(library: try FontLibrary()))
        return ReaderContext(size: setting.size, typography: setting.typography, glyphs: setting.glyphs,
                             settings: ReaderSettings(),
                             library: ReaderLibrary(store: nil, samples: SampleLibrary.documents, writes: false),
                             wallClock: { _ in Timestamp(year: 2026, month: 11, day: 24) }, utcOffset: { _ in 0 })
    }

    static func row(feed: String) -> RiverRow {
        let entry = RiverEntry(id: EntryID(rawValue: 1), feed: FeedID(rawValue: 1), key: "k", title: "A title",
                               link: nil, sortTime: Timestamp(year: 2026, month: 11, day: 21), isRead: false,
                               isStarred: false, thumbnail: nil, textLength: 900, snippet: nil)
        return RiverRow(entry: entry, feedTitle: feed)
    }

    @Test func aRightToLeftFeedNameIsIsolatedInALeftToRightMetaLine() throws {
        let context = try Self.context()
        let cell = EntryCell(context: context)
        let name = "العالم اليوم"
        cell.configure(Self.row(feed: name), width: 800, now: Timestamp(year: 2026, month: 11, day: 24))
        let line = try #require(cell.meta.lines.first)
        #expect(line.x == 0)
        // Left to right as drawn: the name (right to left in itself), then " · 3 d · 1 min read" in order.
        let runs = line.runs.filter { $0.width > 0 }.sorted { $0.x < $1.x }
        let nameEnd = 1 + name.unicodeScalars.count
        let first = try #require(runs.first)
        #expect(first.isRightToLeft && first.characters.upperBound <= nameEnd)
        let rest = runs.drop { $0.isRightToLeft }
        #expect(!rest.isEmpty && rest.allSatisfy { !$0.isRightToLeft && $0.characters.lowerBound >= nameEnd })
        let starts = rest.map(\.characters.lowerBound)
        #expect(starts == starts.sorted())
        // "New · " before the name keeps its place too.
        cell.configure(Self.row(feed: name), width: 800, now: Timestamp(year: 2026, month: 11, day: 24), isNew: true)
        let newRuns = cell.meta.lines[0].runs.filter { $0.width > 0 }.sorted { $0.x < $1.x }
        #expect(newRuns.first?.characters.lowerBound == 0 && newRuns.first?.isRightToLeft == false)
    }

    @Test func aRightToLeftNameInAHeaderSitsAtTheLeft() throws {
        let context = try Self.context()
        for name in Self.names { #expect(ScreenHeader.title(name, context: context).lines.first?.x == 0, "\(name)") }
    }

    @Test func aHostileNameCannotCloseTheIsolate() {
        #expect(MetaLine.isolated("a\u{2069}b\u{202E}c") == "\u{2068}abc\u{2069}")
    }

    @Test func theBadgeShowsTheFirstLetterInAnyScript() {
        #expect(Self.names.map(FeedBadge.initial(of:)) == ["ا", "ח", "日", "Η", "Р", "ا", "ש"])
        #expect(FeedBadge.initial(of: "«»  …") == "·")
        #expect(FeedBadge.initial(of: "\u{0301}e") == "E")
    }

    @Test func theBadgesLetterIsDrawnInsideItsDisc() throws {
        let context = try Self.context()
        for name in Self.names {
            var badge = FeedBadge()
            badge.configure(title: name, iconKey: nil, side: 36, context: context)
            let surface = Surface(width: 120, height: 60, fill: .black)
            let canvas = Canvas(surface: surface, scale: .one, glyphs: context.glyphs)
            let square = Rect(x: 40, y: 12, width: 36, height: 36)
            badge.draw(into: canvas, square: square, context: context)
            var inside = 0, outside = 0
            for y in 0..<60 {
                for x in 0..<120 {
                    let p = Color(argb: surface[x, y])
                    guard p.red > 200 && p.green > 200 && p.blue > 200 else { continue }
                    let dx = Double(x) + 0.5 - square.midX, dy = Double(y) + 0.5 - square.midY
                    if dx * dx + dy * dy < 18 * 18 { inside += 1 } else { outside += 1 }
                }
            }
            #expect(inside > 20, "\(name): no letter on the disc")
            #expect(outside == 0, "\(name): \(outside) letter pixels beside the disc")
        }
    }
}
