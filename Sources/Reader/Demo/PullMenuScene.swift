import Raster
import Text
import Touch
import Widgets

/// `pull-menu`: one article page, text from the top, with Unread's affordance on its right edge. A horizontal
/// drag pulls the page for the menu; a vertical one scrolls the article; while the menu shows, it takes every
/// touch and a tap closes it.
public final class PullMenuScene: DemoScene {
    private enum Gesture: Hashable, Sendable { case pull, scroll }
    private enum Owner: Equatable, Sendable { case page, menu }

    private let setting: HostSetting
    private let page: ArticlePage
    private(set) var menu: PullMenu
    private(set) var scroll: ScrollView
    private var arena = PullMenuScene.makeArena()
    private var menuTap = TapRecognizer()
    private var touches = TouchSequence<Owner>()
    private let menuTitle: TextLayout
    private let menuHint: TextLayout
    private var drawn: Look?

    public init(setting: HostSetting, article: Article = SampleArticles.longEssay) {
        self.setting = setting
        page = ArticlePage(article, width: setting.size.width, typography: setting.typography)
        menu = PullMenu(frame: setting.bounds, scale: setting.scale.pixelsPerPoint)
        scroll = ScrollView(frame: setting.bounds, contentHeight: page.contentHeight,
                            physics: ScrollPhysics(tolerance: .display(scale: setting.scale.pixelsPerPoint)))
        menuTitle = setting.typography.layout("Menu", style: TextStyle(family: .sans, size: 20, weight: .bold,
                                                                       color: Palette.ink), width: 300)
        menuHint = setting.typography.layout("Tap to close", style: TextStyle(family: .sans, size: 15,
                                                                             color: Palette.faint), width: 300)
    }

    private static func makeArena() -> GestureArena<Gesture> {
        // The horizontal pull is listed first: on an event where both would start, the more specific one wins.
        GestureArena([(.pull, .pan(PanRecognizer(axis: .horizontal))),
                      (.scroll, .pan(PanRecognizer(axis: .vertical, dominance: 0)))])
    }

    // MARK: Scene

    public func handle(_ frame: TouchFrame) {
        for event in frame.events {
            let owner = touches.route(event) { menu.overlay.isShowing ? .menu : .page }
            let time = event.time
            switch owner {
            case .menu:
                menuTap.handle(event)
                if menuTap.state == .ended { menu.tapOnMenu(at: time) }
            case .page:
                arena.handle(event)
                if arena.winner == .pull, let pan = arena.pan(.pull) { menu.follow(pan, at: time) }
                if arena.winner == .scroll, let pan = arena.pan(.scroll) { scroll.follow(pan, at: time) }
            case nil:
                break
            }
        }
    }

    public func advance(to time: Double) -> Bool {
        let pulling = menu.advance(to: time)
        let scrolling = scroll.advance(to: time)
        return pulling || scrolling
    }

    public func invalidateDrawing() { drawn = nil }

    public var deadline: Double? { nil }

    // MARK: Drawing

    /// Everything that decides the picture; two equal looks draw the same pixels.
    private struct Look: Equatable {
        var offsetX: Double
        var scrollOffset: Double
        /// What the dots cover, overshoot included.
        var dotsBounds: Rect
        var dots: [SpringDot]
        var overlayAlpha: Double
    }

    private var look: Look {
        let box = menu.affordanceFrame
        return Look(offsetX: menu.offsetX, scrollOffset: scroll.offset,
                    dotsBounds: menu.affordance.drawnBounds(x: box.minX, y: box.minY), dots: menu.affordance.dots,
                    overlayAlpha: menu.overlay.alpha)
    }

    public func draw(into canvas: Canvas) -> DamageRegion {
        let now = look
        var damage = DamageRegion()
        if let before = drawn, before.offsetX == now.offsetX, before.scrollOffset == now.scrollOffset,
           before.overlayAlpha == now.overlayAlpha {
            // Only the dots may have changed: where they were and where they are (the page stands still).
            if before.dots != now.dots {
                damage.add(canvas.pixels(covering: now.dotsBounds.union(before.dotsBounds)).intersection(canvas.clip))
            }
        } else {
            damage.add(canvas.clip)
        }
        repaint(damage, on: canvas, paint)
        drawn = now
        return damage
    }

    private func paint(_ canvas: Canvas) {
        let bounds = setting.bounds
        // The strip the pull reveals, right of the page.
        let revealed = Rect(x: bounds.maxX - menu.offsetX, y: bounds.minY, width: menu.offsetX, height: bounds.height)
        canvas.fill(revealed, with: Palette.backdrop)
        page.draw(into: canvas, frame: bounds, offset: scroll.offset, dx: -menu.offsetX)
        let box = menu.affordanceFrame
        if canvas.needsDrawing(menu.affordance.drawnBounds(x: box.minX, y: box.minY)) {
            menu.affordance.draw(into: canvas, x: box.minX, y: box.minY)
        }
        menu.overlay.draw(into: canvas, frame: bounds, title: menuTitle, hint: menuHint,
                          typography: setting.typography)
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
