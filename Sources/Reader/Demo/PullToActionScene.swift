import Raster
import Touch
import Widgets

/// `pull-to-action`: a scrollable page with the control at its top and the seed's arrow status view. Pull
/// down past 100 pt and let go: the arrow spins while the "update" runs (`actionSeconds`), then the control
/// retracts.
public final class PullToActionScene: DemoScene, PullToActionDelegate {
    private let setting: HostSetting
    private let page: ArticlePage
    public let control: PullToAction
    public let arrow: ArrowStatusView
    private var pan = PanRecognizer(axis: .vertical, dominance: 0)
    private var work: SimulatedWork
    private var drawn: Look?

    public init(setting: HostSetting, article: Article = SampleArticles.longEssay) {
        self.setting = setting
        page = ArticlePage(article, width: setting.size.width, typography: setting.typography)
        work = SimulatedWork(seconds: setting.actionSeconds)
        arrow = ArrowStatusView()
        let scroll = ScrollView(frame: setting.bounds, contentHeight: page.contentHeight,
                                physics: ScrollPhysics(tolerance: .display(scale: setting.scale.pixelsPerPoint)))
        control = PullToAction(scroll: scroll, statusView: arrow, visualizer: ArrowVisualizer(arrow: arrow))
        control.delegate = self
    }

    // MARK: Delegate: the "real work" of the demo takes `actionSeconds`.

    public func pullToActionTriggered(_ control: PullToAction, at time: Double) { work.start(at: time) }

    public func startAction(at time: Double) { control.trigger(at: time) }

    // MARK: Scene

    public func handle(_ frame: TouchFrame) {
        for event in frame.events {
            pan.handle(event)
            control.follow(pan, at: event.time)
        }
    }

    public func advance(to time: Double) -> Bool {
        if let done = work.finished(by: time) { control.actionCompleted(at: done) }
        return control.advance(to: time)
    }

    public func invalidateDrawing() { drawn = nil }

    public var deadline: Double? { work.finishesAt }

    private struct Look: Equatable {
        var offset: Double
        var arrow: Rect
        var rotation: Double, scale: Double
    }

    public func draw(into canvas: Canvas) -> DamageRegion {
        let now = Look(offset: control.scroll.offset, arrow: control.statusViewFrame, rotation: arrow.rotation,
                       scale: arrow.scale)
        var damage = DamageRegion()
        if let before = drawn, before.offset == now.offset {
            // The content rests (the control held open): only the spinning arrow changes.
            if before != now { damage.add(canvas.pixels(covering: before.arrow.union(now.arrow)).intersection(canvas.clip)) }
        } else {
            damage.add(canvas.clip)
        }
        drawn = now
        repaint(damage, on: canvas, paint)
        return damage
    }

    private func paint(_ canvas: Canvas) {
        let bounds = setting.bounds
        let gap = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: control.visibleHeight)
        canvas.fill(gap, with: Palette.backdrop)
        page.draw(into: canvas, frame: Rect(x: bounds.minX, y: bounds.minY - control.scroll.offset, width: bounds.width,
                                            height: max(page.contentHeight, bounds.height)), offset: 0)
        if control.state != .idle, canvas.needsDrawing(gap) {
            control.statusView.draw(into: canvas.clipped(to: canvas.snapped(gap)), frame: control.statusViewFrame)
        }
    }

    public func inspection() -> [(String, JSONValue)] {
        [("state", .string(control.state.rawValue)), ("pulled", .number(control.pulled)),
         ("height", .number(control.visibleHeight)), ("arrowRotation", .number(arrow.rotation)),
         ("arrowScale", .number(arrow.scale)), ("scrollY", .number(control.scroll.offset))]
    }
}
