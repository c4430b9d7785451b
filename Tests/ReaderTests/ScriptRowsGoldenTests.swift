import GoldenImages
import Raster
import Testing
import Text
import Touch
import Widgets
@testable import Feeds
@testable import Reader

/// List rows from feeds in six scripts, drawn as the panel draws them: each meta line left to right with the
/// feed's name isolated in it, each badge with the name's first letter on its disc, bold CJK and emoji titles.
@Suite struct ScriptRowsGoldenTests {
    static let rows: [(feed: String, title: String)] = [
        ("العالم اليوم", "قمة المناخ تنتهي باتفاق على تمويل جديد"),
        ("חדשות הבוקר", "הרכבת הקלה נפתחת לנוסעים בסוף השבוע"),
        ("日本経済新聞", "日銀、金利据え置きを決定　2026年11月"),
        ("Η Καθημερινή", "Νέα γραμμή τραμ στη Θεσσαλονίκη 🚋"),
        ("Русская служба", "Зима пришла раньше: снег в Москве"),
        ("Family Notes", "Grandpa 👴🏻 picks 🍎 with the family 👨‍👩‍👧"),
    ]

    @Test func rowsInSixScriptsMatchTheirGolden() throws {
        let context = try ScriptNamesTests.context()
        let height = EntryCell.height(typeScale: context.typeScale)
        let surface = Surface(width: 800, height: Int(height) * Self.rows.count, fill: context.theme.paper)
        let canvas = Canvas(surface: surface, scale: .one, glyphs: context.glyphs)
        let now = Timestamp(year: 2026, month: 11, day: 24)
        for (index, row) in Self.rows.enumerated() {
            let cell = EntryCell(context: context)
            var river = ScriptNamesTests.row(feed: row.feed)
            river.entry.title = row.title
            cell.configure(river, width: 800, now: now)
            cell.draw(into: canvas, frame: Rect(x: 0, y: Double(index) * height, width: 800, height: height))
        }
        let directory = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Goldens"
        if let problem = try compareWithGolden(surface, named: "rows-six-scripts", in: directory).problem("rows-six-scripts") {
            Issue.record(Comment(rawValue: problem))
        }
    }
}
