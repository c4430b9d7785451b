import Feeds
import Raster
import Text
import Touch
import Widgets

/// An article of the river, read by scrolling, with Reeder's pull past either end to the neighbour entry
/// (pre-rendered, so no frame of the slide is blank). A tap on a link or an image is reported; the chip at the
/// top left goes back to the list. The menu's pull may start anywhere on it (`menuPull`) unless
/// the pager holds the touch.
final class ArticleScreen: Component {
    static let chip = Rect(x: 8, y: 8, width: 92, height: 40)

    let context: ReaderContext
    /// The river the article was opened from: the pager pages through its rows, and marks them read there.
    let list: ListScreen
    let pages: EntryPages
    let pager: ArticlePager
    private var tap = TapRecognizer()
    private var events = EventQueue<ReaderAction>()
    /// Whether the back chip was on the glass when last drawn (it hides during a slide); nil when nothing is
    /// known to be there.
    private var chipDrawn: Bool?
    private let back: TextLayout

    init(context: ReaderContext, list: ListScreen, index: Int, scrollY: Double = 0) {
        self.context = context
        self.list = list
        pages = EntryPages(rows: list.rows, context: context)
        pager = ArticlePager(frame: context.bounds, source: pages, startingAt: index, typography: context.typography,
                             glyphs: context.glyphs, theme: context.theme)
        back = context.typography.layout("‹ List", style: context.style(size: 15, weight: .bold, color: context.theme.accent),
                                         paragraph: ParagraphStyle(maxLines: 1), width: 90)
        if scrollY > 0 { pager.restore(scrollY: scrollY) }
    }

    var current: RiverRow { pages.rows[pager.current] }

    func takeEvents() -> [ReaderAction] { events.take() }

    /// Whether the pager has taken the touch (a vertical drag): the menu's pull must not.
    var claimsTouch: Bool { pager.scroll.isDragging || pager.transition != nil }

    func handle(_ frame: TouchFrame) {
        for event in frame.events { handle(event) }
    }

    private func handle(_ event: TouchEvent) {
        pager.handle(TouchFrame([event]))
        if event.phase == .down { tap.reset() }
        tap.handle(event)
        guard tap.state == .ended else { return }
        let point = tap.location
        if Self.chip.contains(point) {
            events.append(.back)
        } else if let body = pager.currentPage as? ArticleBody,
                  let target = body.target(at: Point(x: point.x, y: point.y + pager.scroll.offset)) {
            switch target {
            case .link(let url): events.append(.showCode(url))
            case .image(let url, let alt): events.append(.showPicture(url: url, alt: alt))
            }
        }
    }

    func advance(to time: Double) -> Bool {
        let moving = pager.advance(to: time)
        // The pager settled on another entry of the river: read, and the place to come back to.
        for case .turned(let index) in pager.takeEvents() {
            if let mark = list.markOpened(index) { events.append(mark) }
            events.append(.placeMoved)
        }
        return moving
    }

    var deadline: Double? { pager.deadline }

    func prepareAhead() { pager.prepareAhead() }

    func invalidateDrawing() {
        chipDrawn = nil
        pager.invalidateDrawing()
    }

    /// The pager's damage; the chip lies over the page, so whatever repaints the page repaints the chip.
    func pendingDamage(on canvas: Canvas) -> DamageRegion {
        if chipDrawn != showsChip { return DamageRegion(canvas.clip) }
        return pager.pendingDamage(on: canvas)
    }

    func didDraw() {
        chipDrawn = showsChip
        pager.didDraw()
    }

    private var showsChip: Bool { pager.transition == nil }

    func paint(_ canvas: Canvas) {
        pager.paint(canvas)
        if showsChip {
            let theme = context.theme
            let c = Self.chip
            canvas.fill(RoundedRect(x: c.minX, y: c.minY, width: c.width, height: c.height, cornerRadius: 10),
                        color: theme.backdrop.faded(by: 0.92))
            canvas.draw(back, at: Point(x: c.minX + 12, y: c.midY - context.typography.height(of: back) / 2))
        }
    }
}

extension ArticleScreen: Screen {
    var name: String { "article" }
    var menuPull: MenuPullStart { .anywhere }
    var holdsTouch: Bool { claimsTouch }
    var river: ListScreen? { list }
    var sharedLink: String? { current.entry.link }

    func place(over below: (any Screen)?) -> ReaderPlace {
        ReaderPlace(filter: Navigator.placeFilter(list.filter), entry: current.entry.id.rawValue,
                    scrollY: max(0, pager.scroll.offset))
    }

    /// The river's rows kept as they are (the pager's neighbours must stay the ones the person had).
    func relaid(at time: Double) -> [any Screen]? {
        let relaid = ListScreen(context: context, filter: list.filter, rows: list.rows, unread: context.library.unreadCount())
        return [relaid, ArticleScreen(context: context, list: relaid, index: pager.current, scrollY: pager.scroll.offset)]
    }
}
