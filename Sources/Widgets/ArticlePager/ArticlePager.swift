import Motion
import Raster
import Text
import Touch

/// Reeder's pull to the next or previous article: past the end of a page a footer shows the next article's
/// title, above its top a header shows the previous one's; pull past either bar's 55 pt and let go, and the
/// neighbour slides in over 0.2 s while the page leaves by the other edge with its bar.
///
/// Beyond the original (idev-recipes VerticalSwipeArticles):
/// - a long article scrolls first; the bars only come into play at its edges;
/// - a fast flick released at an edge counts when its projected travel (the deceleration formula at UIKit's
///   fast rate, the paging rate) carries the pull past the bar;
/// - the neighbours' first screens are rendered ahead of time (`prepareNeighbours`, while the panel is idle),
///   so no frame of a slide is ever blank or waits for text to be set;
/// - a finger that touches during a slide owns nothing until it lifts, so nothing half-happens.
///
/// It reports `.turned(to:)` once a slide has settled on another article.
public final class ArticlePager: Component {
    public enum Event: Sendable, Equatable {
        /// The pager settled on article `to`.
        case turned(to: Int)
    }

    public struct Transition: Sendable, Equatable {
        public enum Direction: Sendable { case previous, next }
        public let to: Int
        public let direction: Direction
        public let start: Double
        /// Where the leaving page's top, and its bar's top, were when the slide began (points from the frame's top).
        let leavingTop: Double
        public let barTop: Double

        /// Time progress, 0…1.
        public func progress(at time: Double) -> Double {
            min(max((time - start) / ArticlePager.slideSeconds, 0), 1)
        }
    }

    static let slideSeconds = 0.2
    /// How a flick's travel is projected: UIScrollView's fast rate, as paging uses.
    static let flickRate = DecelerationRate.fast

    public let frame: Rect
    /// What is paged through: the demo's articles, or the river a reader opened an entry from.
    public let source: PagerSource
    private let typography: Typography
    private let glyphs: GlyphCache
    public private(set) var current: Int
    public private(set) var scroll: ScrollView
    public private(set) var header: PagerBar
    public private(set) var footer: PagerBar
    public private(set) var transition: Transition?
    /// The time of the last advance; the slide's progress is read at it.
    public private(set) var time = 0.0

    private var page: PagerPage
    /// Articles laid out so far, by index: an article is set once.
    private var pages: [Int: PagerPage] = [:]
    /// First screens of the articles either side of the current one, rendered offscreen.
    private var screens: [Int: Surface] = [:]
    /// The page leaving during a slide, drawn where it was.
    private var leaving: (page: PagerPage, offset: Double, bar: PagerBar)?
    private var pan = PanRecognizer(axis: .vertical, dominance: 0)
    private var touches = TouchSequence<Bool>()
    private var events = EventQueue<Event>()
    private var drawn: Look?

    /// The colours of the bars and the space around the pages.
    public let theme: Theme

    /// `source` must hold at least one page: a reader with nothing to read gives it one that says so.
    public init(frame: Rect, source: PagerSource, startingAt index: Int = 0, typography: Typography,
                glyphs: GlyphCache, theme: Theme = .light) {
        self.frame = frame
        self.theme = theme
        self.source = source
        self.typography = typography
        self.glyphs = glyphs
        current = min(max(index, 0), max(0, source.count - 1))
        page = source.page(at: current, width: frame.width)
        scroll = Self.scroller(frame: frame, page: page, scale: typography.scale)
        header = PagerBar(edge: .header, title: nil)
        footer = PagerBar(edge: .footer, title: nil)
        pages[current] = page
        settle()
        // The neighbours are rendered when the panel next rests (`prepareNeighbours`), not here: opening an
        // article must show its first frame without rendering two more screens first.
    }

    private static func scroller(frame: Rect, page: PagerPage, scale: Scale) -> ScrollView {
        ScrollView(frame: frame, contentHeight: page.contentHeight,
                   physics: ScrollPhysics(tolerance: .display(scale: scale.pixelsPerPoint)))
    }

    /// The current article is shown at its top, its bars naming its neighbours.
    private func settle() {
        let titleStyle = TextStyle(family: .sans, size: 15, weight: .bold, color: theme.ink)
        func title(_ index: Int) -> TextLayout? {
            guard (0..<source.count).contains(index) else { return nil }
            return typography.layout(source.title(at: index), style: titleStyle,
                                     paragraph: ParagraphStyle(maxLines: 1),
                                     width: max(40, frame.width - PagerBar.titleX - 16))
        }
        header = PagerBar(edge: .header, title: title(current - 1))
        footer = PagerBar(edge: .footer, title: title(current + 1))
        // What is no longer the current article or a neighbour goes: a full screen each is a lot of memory, and a
        // reader pages through hundreds of articles.
        screens = screens.filter { abs($0.key - current) == 1 }
        pages = pages.filter { abs($0.key - current) <= 1 }
    }

    /// Lays out the neighbours and renders their first screens, so a pull can slide them in at once. Called
    /// while nothing moves (the frame loop's `prepareAhead`); cheap when they are ready.
    func prepareNeighbours() {
        for index in [current - 1, current + 1] where (0..<source.count).contains(index) && screens[index] == nil {
            screens[index] = layout(index).renderFirstScreen(height: frame.height, glyphs: glyphs)
        }
    }

    /// Whether both neighbours' first screens are ready.
    var neighboursReady: Bool {
        [current - 1, current + 1].allSatisfy { !(0..<source.count).contains($0) || screens[$0] != nil }
    }

    private func layout(_ index: Int) -> PagerPage {
        if let laidOut = pages[index] { return laidOut }
        let laidOut = source.page(at: index, width: frame.width)
        pages[index] = laidOut
        return laidOut
    }

    // MARK: Input

    public func handle(_ frame: TouchFrame) {
        for event in frame.events { handle(event) }
    }

    public func takeEvents() -> [Event] { events.take() }

    private func handle(_ event: TouchEvent) {
        // A touch that starts during a slide is swallowed whole, even after the slide ends.
        guard touches.route(event, choose: { transition == nil }) == true else { return }
        let time = event.time
        pan.handle(event)
        switch pan.state {
        case .began, .changed:
            scroll.follow(pan, at: time)
            header.dragged(pull: scroll.overscrollTop, at: time)
            footer.dragged(pull: scroll.overscrollBottom, at: time)
        case .ended:
            release(fingerVelocity: pan.velocity.y, at: time)
        case .cancelled:
            scroll.follow(pan, at: time)
            header.dragged(pull: 0, at: time)
            footer.dragged(pull: 0, at: time)
        case .possible, .failed:
            break
        }
    }

    private func release(fingerVelocity: Double, at time: Double) {
        let velocity = scroll.position.physics.contentVelocity(forFingerVelocity: fingerVelocity, at: scroll.offset,
                                                               in: scroll.position.bounds)
        let projection = Self.flickRate.projectedDistance(velocity: velocity)
        // Content velocity is negative when the page moves down (towards the header).
        if header.exists, header.isLoaded || (scroll.isAtTop && scroll.overscrollTop - projection > PagerBar.height) {
            begin(.previous, at: time)
        } else if footer.exists,
                  footer.isLoaded || (scroll.isAtBottom && scroll.overscrollBottom + projection > PagerBar.height) {
            begin(.next, at: time)
        } else {
            scroll.follow(pan, at: time)
        }
    }

    private func begin(_ direction: Transition.Direction, at time: Double) {
        let to = direction == .next ? current + 1 : current - 1
        let offset = scroll.offset
        let bar = direction == .next ? footer : header
        let barTop = direction == .next
            ? max(page.contentHeight, frame.height) - offset
            : -offset - PagerBar.height
        leaving = (page, offset, bar)
        transition = Transition(to: to, direction: direction, start: time, leavingTop: -offset, barTop: barTop)
        scroll.jump(to: offset)
    }

    // MARK: Time

    @discardableResult
    public func advance(to time: Double) -> Bool {
        self.time = time
        // A page set lazily knows its height better as more of it is set (drawn, hit, pictures come).
        if page.contentHeight != scroll.contentHeight { scroll.setContentHeight(page.contentHeight, at: time) }
        var moving = scroll.advance(to: time)
        if header.advance(to: time) { moving = true }
        if footer.advance(to: time) { moving = true }
        if var leavingBar = leaving?.bar, leavingBar.advance(to: time) {
            leaving?.bar = leavingBar
            moving = true
        }
        if let transition {
            if transition.progress(at: time) >= 1 {
                finish(transition)
            } else {
                moving = true
            }
        }
        return moving
    }

    private func finish(_ transition: Transition) {
        current = transition.to
        page = layout(current)
        scroll = Self.scroller(frame: frame, page: page, scale: typography.scale)
        self.transition = nil
        leaving = nil
        settle()
        events.append(.turned(to: current))
    }

    public var isMoving: Bool {
        transition != nil || scroll.isMoving || header.arrow.isMoving || footer.arrow.isMoving
    }

    // MARK: Geometry

    /// Where the header's top is, points from the frame's top: just above the content.
    var headerTop: Double { -scroll.offset - PagerBar.height }
    /// Where the footer's top is: just below the content, or below the frame for a page shorter than it.
    var footerTop: Double { max(page.contentHeight, frame.height) - scroll.offset }

    /// Whether a bar with a neighbour has some part on screen.
    public var headerVisible: Bool {
        if let t = transition, t.direction == .previous { return barTop(t) + PagerBar.height > 0 && barTop(t) < frame.height }
        return transition == nil && header.exists && headerTop + PagerBar.height > 0
    }

    public var footerVisible: Bool {
        if let t = transition, t.direction == .next { return barTop(t) + PagerBar.height > 0 && barTop(t) < frame.height }
        return transition == nil && footer.exists && footerTop < frame.height
    }

    /// Eased share of the slide's distance covered.
    private func eased(_ t: Transition) -> Double { TimingCurve.easeInOut.value(at: t.progress(at: time)) }

    /// Where the arriving page's top is during a slide: from just off-screen to the frame's top.
    private func arrivingTop(_ t: Transition) -> Double {
        let from = t.direction == .next ? frame.height : -frame.height
        return from * (1 - eased(t))
    }

    /// The leaving page and its bar move off by the other edge: up past the top (next), down past the bottom (previous).
    private func leavingTop(_ t: Transition) -> Double {
        let to = t.direction == .next ? -(frame.height + PagerBar.height) : frame.height + PagerBar.height
        return t.leavingTop + (to - t.leavingTop) * eased(t)
    }

    private func barTop(_ t: Transition) -> Double {
        let to = t.direction == .next ? -PagerBar.height : frame.height
        return t.barTop + (to - t.barTop) * eased(t)
    }

    // MARK: Drawing

    public var deadline: Double? { nil }

    public func prepareAhead() { prepareNeighbours() }

    public func invalidateDrawing() { drawn = nil }

    /// Everything that decides the picture; two equal looks paint the same pixels.
    private struct Look: Equatable {
        var article: Int
        var offset: Double, contentHeight: Double
        var header: Double, headerLoaded: Bool
        var footer: Double, footerLoaded: Bool
        var slide: Double?
    }

    private var look: Look {
        Look(article: current, offset: scroll.offset, contentHeight: page.contentHeight, header: header.arrow.angle,
             headerLoaded: header.isLoaded, footer: footer.arrow.angle, footerLoaded: footer.isLoaded,
             slide: transitionProgress)
    }

    /// Everything in the frame moves together (the page, its bars, a slide): any change is the whole frame.
    public func pendingDamage(on canvas: Canvas) -> DamageRegion {
        guard look != drawn else { return DamageRegion() }
        return DamageRegion(canvas.pixels(covering: frame).intersection(canvas.clip))
    }

    public func didDraw() { drawn = look }

    public func paint(_ canvas: Canvas) {
        // The space around the pages shows only past an edge, in a slide, or under a page shorter than the frame:
        // otherwise the page paints every pixel, and a second full fill would cost a frame a millisecond.
        let covered = transition == nil && scroll.offset >= 0 && scroll.offset <= max(0, page.contentHeight - frame.height)
            && page.contentHeight >= frame.height
        if !covered { canvas.fill(frame, with: theme.backdrop) }
        if let t = transition, let leaving {
            leaving.page.draw(into: canvas, frame: frame.offsetBy(dx: 0, dy: leavingTop(t)), offset: 0)
            leaving.bar.draw(into: canvas, x: frame.minX, y: frame.minY + barTop(t), width: frame.width,
                             typography: typography, theme: theme)
            let top = frame.minY + arrivingTop(t)
            if let screen = screens[t.to] {
                canvas.composite(screen, at: Point(x: frame.minX, y: top))
            } else {
                // Pulled before the neighbour was ready: drawn from its text, which costs this frame more.
                layout(t.to).draw(into: canvas, frame: frame.offsetBy(dx: 0, dy: arrivingTop(t)), offset: 0)
            }
            return
        }
        page.draw(into: canvas, frame: Rect(x: frame.minX, y: frame.minY - scroll.offset, width: frame.width,
                                            height: max(page.contentHeight, frame.height)),
                  offset: 0)
        header.draw(into: canvas, x: frame.minX, y: frame.minY + headerTop, width: frame.width, typography: typography,
                    theme: theme)
        footer.draw(into: canvas, x: frame.minX, y: frame.minY + footerTop, width: frame.width, typography: typography,
                    theme: theme)
    }

    /// Puts the current page at `scrollY` at rest (the place a person was reading, after a restart).
    public func restore(scrollY: Double) {
        scroll.jump(to: min(max(scrollY, scroll.minOffset), max(scroll.minOffset, scroll.maxOffset)))
    }

    /// The page on show (for hit-testing a tap on it).
    public var currentPage: PagerPage { page }

    /// The state a replay reports.
    var transitionProgress: Double? { transition.map { $0.progress(at: time) } }
}
