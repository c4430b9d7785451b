import Feeds
import Raster
import Text
import Touch
import Widgets

/// `pull-menu`: one article page, text from the top, with Unread's affordance on its right edge. A horizontal
/// drag pulls the page for the menu; a vertical one scrolls the article; while the menu shows, it takes every
/// touch and a tap closes it.
public final class PullMenuScene: DemoScene {

    private let setting: HostSetting
    private let page: ArticleBody
    let menu: PullMenu
    private(set) var scroll: ScrollView
    private var scrollPan = PanRecognizer(axis: .vertical, dominance: 0)
    private var pageTouches = TouchSlots()
    /// Where the page was scrolled when last drawn: the page is this scene's own, not a component's.
    private var drawnScroll: Double?

    public init(setting: HostSetting, article: PlainArticle = SampleArticles.longEssay) {
        self.setting = setting
        let page = article.page(width: setting.size.width, typography: setting.typography)
        self.page = page
        menu = PullMenu(frame: setting.bounds, scale: setting.scale.pixelsPerPoint)
        scroll = ScrollView(frame: setting.bounds, contentHeight: page.contentHeight,
                            physics: ScrollPhysics(tolerance: .display(scale: setting.scale.pixelsPerPoint)))
        let title = setting.typography.layout("Menu", style: TextStyle(family: .sans, size: 20, weight: .bold,
                                                                      color: Palette.ink), width: 300)
        let hint = setting.typography.layout("Tap to close", style: TextStyle(family: .sans, size: 15,
                                                                            color: Palette.faint), width: 300)
        menu.words = (title, hint, setting.typography)
        let bounds = setting.bounds
        menu.content = { [unowned self] canvas, dx in
            page.draw(into: canvas, frame: bounds, offset: scroll.offset, dx: dx)
        }
    }

    // MARK: Scene

    public func handle(_ frame: TouchFrame) {
        // While the menu shows it takes every touch (a tap closes it); otherwise a drag that moves sideways first
        // pulls for the menu, and one that scrolls the page first keeps it.
        let page = menu.share(frame, start: .anywhere, pageHolds: scrollPan.state == .began || scrollPan.state == .changed)
        for event in page.events {
            if event.phase == .down, pageTouches.isEmpty { scrollPan.reset() }
            pageTouches.apply(event)
            scrollPan.handle(event)
            scroll.follow(scrollPan, at: event.time)
        }
        // The demo has no menu items: a tap only closes the menu.
        _ = menu.takeEvents()
    }

    public func advance(to time: Double) -> Bool {
        let pulling = menu.advance(to: time)
        let scrolling = scroll.advance(to: time)
        return pulling || scrolling
    }

    public func invalidateDrawing() { menu.invalidateDrawing() }

    public var deadline: Double? { nil }

    // MARK: Drawing

    public func draw(into canvas: Canvas) -> DamageRegion {
        var damage = menu.pendingDamage(on: canvas)
        if drawnScroll != scroll.offset { damage.add(canvas.clip) }
        canvas.repaint(damage, menu.paint)
        menu.didDraw()
        drawnScroll = scroll.offset
        return damage
    }

    // MARK: Inspection

    public func inspection() -> [(String, JSONValue)] {
        let dots: [JSONValue] = menu.affordance.dots.map { dot in
            .object([("expanded", .bool(dot.isExpanded)), ("color", .string(dot.tint.rawValue)),
                     ("width", .number(dot.width)), ("height", .number(dot.height))])
        }
        return [("progress", .number(menu.progress)), ("offsetX", .number(menu.offsetX)), ("dots", .array(dots)),
                ("menu", .string(menu.overlay.phase.rawValue)), ("overlay", .number(menu.overlay.alpha)),
                ("scrollY", .number(scroll.offset))]
    }
}
