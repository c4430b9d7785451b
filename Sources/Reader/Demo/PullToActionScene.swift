import Feeds
import Raster
import Touch
import Widgets

/// `pull-to-action`: a scrollable page with the control at its top and the seed's arrow status view. Pull
/// down past 100 pt and let go: the arrow spins while the "update" runs (`actionSeconds`), then the control
/// retracts.
public final class PullToActionScene: DemoScene {
    private let setting: HostSetting
    private let page: ArticleBody
    public let control: PullToAction
    public let arrow: ArrowStatusView
    private var work: SimulatedWork

    public init(setting: HostSetting, article: PlainArticle = SampleArticles.longEssay) {
        self.setting = setting
        let page = article.page(width: setting.size.width, typography: setting.typography)
        self.page = page
        work = SimulatedWork(seconds: setting.actionSeconds)
        arrow = ArrowStatusView()
        let scroll = ScrollView(frame: setting.bounds, contentHeight: page.contentHeight,
                                physics: ScrollPhysics(tolerance: .display(scale: setting.scale.pixelsPerPoint)))
        let control = PullToAction(scroll: scroll, statusView: arrow, visualizer: ArrowVisualizer(arrow: arrow))
        self.control = control
        let bounds = setting.bounds
        control.content = { [unowned control] canvas in
            page.draw(into: canvas, frame: Rect(x: bounds.minX, y: bounds.minY - control.scroll.offset, width: bounds.width,
                                                height: max(page.contentHeight, bounds.height)), offset: 0)
        }
    }

    /// The demo's "real work": `actionSeconds` of waiting for each action the control starts.
    private func startWork() {
        for case .triggered(let time) in control.takeEvents() { work.start(at: time) }
    }

    public func startAction(at time: Double) {
        control.trigger(at: time)
        startWork()
    }

    // MARK: Scene

    public func handle(_ frame: TouchFrame) {
        control.handle(frame)
        startWork()
    }

    public func advance(to time: Double) -> Bool {
        if let done = work.finished(by: time) { control.actionCompleted(at: done) }
        let moving = control.advance(to: time)
        // The arrow's visualizer starts the action from its own animation.
        startWork()
        return moving
    }

    public func invalidateDrawing() { control.invalidateDrawing() }

    public var deadline: Double? { work.finishesAt }

    public func draw(into canvas: Canvas) -> DamageRegion { control.draw(into: canvas) }

    public func inspection() -> [(String, JSONValue)] {
        [("state", .string(control.state.rawValue)), ("pulled", .number(control.pulled)),
         ("height", .number(control.visibleHeight)), ("arrowRotation", .number(arrow.rotation)),
         ("arrowScale", .number(arrow.scale)), ("scrollY", .number(control.scroll.offset))]
    }
}
