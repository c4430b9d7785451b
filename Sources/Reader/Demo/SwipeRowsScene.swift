import Feeds
import Raster
import Touch
import Widgets

/// `swipe-rows`: 20 rows 80 pt tall from y = 0, each with More and Delete behind it. Swipe a row left to open
/// it; More brings up the action sheet, Delete takes the row away.
public final class SwipeRowsScene: DemoScene {
    public static let rowCount = 20
    public static let rowHeight = 80.0
    public static let sheetOptions = ["Mark as unread", "Star", "Share link as QR code"]

    private let setting: HostSetting
    let rows: SwipeList<HeadlineCell>
    /// What the rows reported, in order, for the replay's `selected` and `removed`.
    private(set) var selected: [Int] = []
    private(set) var removed: [Int] = []

    public init(setting: HostSetting, actions: [SwipeAction] = [.more, .delete],
                direction: LayoutDirection = .leftToRight) {
        self.setting = setting
        let typography = setting.typography
        let width = setting.size.width
        rows = SwipeList(frame: setting.bounds, ids: Array(0..<Self.rowCount), rowHeight: Self.rowHeight,
                         actions: actions, direction: direction, sheetOptions: Self.sheetOptions,
                         typography: typography,
                         makeCell: { HeadlineCell(typography: typography) },
                         configure: { cell, id in
                             let entry = SampleHeadlines.entry(id + 1)
                             cell.configure(id: id, headline: entry.headline, source: entry.source, width: width)
                         },
                         drawCell: { cell, canvas, frame in cell.draw(into: canvas, frame: frame) })
    }

    public func handle(_ frame: TouchFrame) {
        rows.handle(frame)
        // The demo has no store behind it: what the rows report is only counted for the replay.
        for event in rows.takeEvents() {
            switch event {
            case .selected(let row): selected.append(row)
            case .deleted(let row): removed.append(row)
            case .action, .sheetOption, .sheetCancelled: break
            }
        }
    }

    public func advance(to time: Double) -> Bool { rows.advance(to: time) }

    public func invalidateDrawing() { rows.invalidateDrawing() }

    public var deadline: Double? { rows.deadline }

    /// A hint that rows can be swiped: the first row peeks open and shut (the demo shell does this the first
    /// time it shows the rows).
    public func hint(at time: Double) { rows.hint(0, at: time) }

    public func draw(into canvas: Canvas) -> DamageRegion { rows.draw(into: canvas) }

    public func inspection() -> [(String, JSONValue)] {
        [("rows", .array((0..<Self.rowCount).map { .number(rows.offset(ofRow: $0)) })),
         ("catchWidth", .number(rows.catchWidth)),
         ("open", rows.openRow.map { .integer($0) } ?? .null),
         ("selected", .array(selected.map { .integer($0) })),
         ("sheet", .string(rows.sheet.isPresented ? "open" : "closed")),
         ("removed", .array(removed.map { .integer($0) }))]
    }
}
