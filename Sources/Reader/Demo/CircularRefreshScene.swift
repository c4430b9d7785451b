import Feeds
import Raster
import Touch
import Widgets

/// `circular-refresh`: a list of headlines under Beamly's control, top inset 0. Pull down 80 pt and let go:
/// the control holds itself open with a spinner while the refresh runs (`actionSeconds`).
public final class CircularRefreshScene: DemoScene {
    private let setting: HostSetting
    public let refresh: CircularRefresh
    private let list: ListView<HeadlineCell>
    private var work: SimulatedWork
    public static let rowHeight = 64.0

    public init(setting: HostSetting) {
        self.setting = setting
        work = SimulatedWork(seconds: setting.actionSeconds)
        let typography = setting.typography
        let width = setting.size.width
        let list = ListView(frame: setting.bounds, ids: Array(0..<SampleHeadlines.all.count), rowHeight: Self.rowHeight,
                            makeCell: { HeadlineCell(typography: typography) },
                            configure: { cell, id in
                                let entry = SampleHeadlines.entry(id)
                                cell.configure(id: id, headline: entry.headline, source: entry.source, width: width)
                            })
        self.list = list
        let refresh = CircularRefresh(scroll: ScrollView(
            frame: setting.bounds, contentHeight: list.contentHeight,
            physics: ScrollPhysics(tolerance: .display(scale: setting.scale.pixelsPerPoint))))
        self.refresh = refresh
        let bounds = setting.bounds
        refresh.content = { [unowned refresh] canvas in
            let offset = refresh.scroll.offset
            let listTop = bounds.minY - offset
            canvas.fill(Rect(x: bounds.minX, y: listTop, width: bounds.width,
                             height: max(list.contentHeight, bounds.height)), with: Palette.paper)
            for row in list.visibleRows(offset: offset) where canvas.needsDrawing(row.frame) {
                row.cell.draw(into: canvas, frame: row.frame)
                canvas.fill(Rect(x: row.frame.minX + HeadlineCell.inset, y: row.frame.maxY - 1,
                                 width: row.frame.width - HeadlineCell.inset, height: 1), with: Palette.separator)
            }
        }
    }

    public func startAction(at time: Double) {
        refresh.beginRefreshing(at: time)
        startWork()
    }

    /// The demo's "real work": `actionSeconds` of waiting for each refresh the control begins.
    private func startWork() {
        for case .began(let time) in refresh.takeEvents() { work.start(at: time) }
    }

    public func handle(_ frame: TouchFrame) {
        refresh.handle(frame)
        startWork()
    }

    public func advance(to time: Double) -> Bool {
        if let done = work.finished(by: time) { refresh.endRefreshing(at: done) }
        return refresh.advance(to: time)
    }

    public func invalidateDrawing() { refresh.invalidateDrawing() }

    public var deadline: Double? {
        [work.finishesAt, refresh.deadline].compactMap { $0 }.min()
    }

    public func draw(into canvas: Canvas) -> DamageRegion { refresh.draw(into: canvas) }

    public func inspection() -> [(String, JSONValue)] {
        [("state", .string(refresh.state.rawValue)), ("pulled", .number(refresh.pulled)),
         ("progress", .number(refresh.progress)), ("logoAlpha", .number(refresh.logoAlpha)),
         ("inset", .number(refresh.inset)), ("spinnerAlpha", .number(refresh.spinnerAlpha)),
         ("circleAlpha", .number(refresh.circleAlpha)), ("scrollY", .number(refresh.scroll.offset))]
    }
}
