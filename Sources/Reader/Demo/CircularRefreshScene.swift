import Raster
import Touch
import Widgets

/// `circular-refresh`: a list of headlines under Beamly's control, top inset 0. Pull down 80 pt and let go:
/// the control holds itself open with a spinner while the refresh runs (`actionSeconds`).
public final class CircularRefreshScene: DemoScene, CircularRefreshDelegate {
    private let setting: HostSetting
    public let refresh: CircularRefresh
    private let list: ListView<HeadlineCell>
    private var pan = PanRecognizer(axis: .vertical, dominance: 0)
    private var work: SimulatedWork
    private var drawn: Look?
    public static let rowHeight = 64.0

    public init(setting: HostSetting) {
        self.setting = setting
        work = SimulatedWork(seconds: setting.actionSeconds)
        let typography = setting.typography
        let width = setting.size.width
        list = ListView(frame: setting.bounds, ids: Array(0..<SampleHeadlines.all.count), rowHeight: Self.rowHeight,
                        makeCell: { HeadlineCell(typography: typography) },
                        configure: { cell, id in
                            let entry = SampleHeadlines.entry(id)
                            cell.configure(id: id, headline: entry.headline, source: entry.source, width: width)
                        })
        refresh = CircularRefresh(scroll: ScrollView(
            frame: setting.bounds, contentHeight: list.contentHeight,
            physics: ScrollPhysics(tolerance: .display(scale: setting.scale.pixelsPerPoint))))
        refresh.delegate = self
    }

    public func circularRefreshBegan(_ control: CircularRefresh, at time: Double) { work.start(at: time) }

    public func startAction(at time: Double) { refresh.beginRefreshing(at: time) }

    public func handle(_ frame: TouchFrame) {
        for event in frame.events {
            pan.handle(event)
            refresh.follow(pan, at: event.time)
        }
    }

    public func advance(to time: Double) -> Bool {
        if let done = work.finished(by: time) { refresh.endRefreshing(at: done) }
        return refresh.advance(to: time)
    }

    public func invalidateDrawing() { drawn = nil }

    public var deadline: Double? {
        [work.finishesAt, refresh.nextSpinnerStep].compactMap { $0 }.min()
    }

    private struct Look: Equatable {
        var offset: Double
        var progress: Double, circle: Double, spinner: Double, spinnerStep: Int
    }

    public func draw(into canvas: Canvas) -> DamageRegion {
        let step = Int((refresh.spinnerTime / Spinner.stepSeconds).rounded(.down))
        let now = Look(offset: refresh.scroll.offset, progress: refresh.progress, circle: refresh.circleAlpha,
                       spinner: refresh.spinnerAlpha, spinnerStep: refresh.spinnerAlpha > 0 ? step : 0)
        var damage = DamageRegion()
        if let before = drawn, before.offset == now.offset {
            // The list rests (held open while loading): only the control's circle or spinner changes.
            if before != now { damage.add(canvas.pixels(covering: indicatorFrame).intersection(canvas.clip)) }
        } else {
            damage.add(canvas.clip)
        }
        drawn = now
        repaint(damage, on: canvas, paint)
        return damage
    }

    /// The square the circle and the spinner share, centred in the control.
    private var indicatorFrame: Rect {
        let control = refresh.controlFrame, side = CircularProgressView.diameter + 4
        return Rect(x: control.midX - side / 2, y: control.midY - side / 2, width: side, height: side)
    }

    private func paint(_ canvas: Canvas) {
        let bounds = setting.bounds
        let offset = refresh.scroll.offset
        canvas.fill(bounds, with: Palette.backdrop)
        let listTop = bounds.minY - offset
        canvas.fill(Rect(x: bounds.minX, y: listTop, width: bounds.width, height: max(list.contentHeight, bounds.height)),
                    with: Palette.paper)
        for row in list.visibleRows(offset: offset) where canvas.needsDrawing(row.frame) {
            row.cell.draw(into: canvas, frame: row.frame)
            canvas.fill(Rect(x: row.frame.minX + HeadlineCell.inset, y: row.frame.maxY - 1,
                             width: row.frame.width - HeadlineCell.inset, height: 1), with: Palette.separator)
        }
        let control = refresh.controlFrame
        if control.maxY > bounds.minY, canvas.needsDrawing(control) {
            let center = Point(x: control.midX, y: control.midY)
            CircularProgressView.draw(into: canvas, center: center, progress: refresh.progress,
                                      opacity: refresh.circleAlpha)
            Spinner.draw(into: canvas, center: center, diameter: CircularProgressView.diameter,
                         time: refresh.spinnerTime, opacity: refresh.spinnerAlpha)
        }
    }

    public func inspection() -> [(String, JSONValue)] {
        [("state", .string(refresh.state.rawValue)), ("pulled", .number(refresh.pulled)),
         ("progress", .number(refresh.progress)), ("logoAlpha", .number(refresh.logoAlpha)),
         ("inset", .number(refresh.inset)), ("spinnerAlpha", .number(refresh.spinnerAlpha)),
         ("circleAlpha", .number(refresh.circleAlpha)), ("scrollY", .number(refresh.scroll.offset))]
    }
}
