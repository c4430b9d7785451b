import Motion
import Raster
import Text
import Touch

/// Unread's pull-for-menu: the page sits in a horizontal scroller with nothing to scroll to, so any
/// horizontal drag is pure overscroll, rubber-banded over the page's width. Pulling the page left reveals the
/// three-dot affordance 10 pt beyond its right edge; letting go at progress ≥ 1 presents the menu.
///
/// Beyond the original (SubjectiveCUnreadMenu):
/// - progress goes back to 0 when the menu opens too, so the dots never stay red behind it;
/// - the dots follow `progress` and nothing else, so while the page springs back they are collapsed and gray,
///   and the affordance slides away with the page;
/// - pulling the other way stops dead at 0: nothing moves, nothing breaks, and pulling left again acts at once.
///
/// A touch sequence is the pull's (its own horizontal pan, `handle`) or, while the menu shows, the menu's: a tap
/// there is reported as `.tapped(at:)` and the menu fades. When the page under the menu takes touches too, the
/// owner `share`s each frame instead: where a pull may start is an option (`PullStart`), and the pull claims a
/// touch only once it moves. The page itself is the owner's, painted through `content` shifted by the pull.
public final class PullMenu: Component {
    public enum Event: Sendable, Equatable {
        /// The menu began to show (a pull let go past the affordance, or `present`).
        case opened
        /// A tap on the showing menu, where it landed; the menu is fading out.
        case tapped(at: Point)
    }

    /// Where a pull for the menu may start when the page under it takes touches too (`share`).
    public enum PullStart: Equatable, Sendable {
        /// Nowhere: every touch is the page's.
        case nowhere
        /// In a strip this wide along the right edge, once the finger moves inward: a tap in the strip is the
        /// page's (an open row's slot, a button at the edge).
        case rightEdge(width: Double)
        /// Anywhere a sideways drag starts, unless the page took the touch first (its own drag began).
        case anywhere
    }

    /// Who a shared touch sequence belongs to: the showing menu, the page, or the page until the pull takes it.
    private enum Share: Equatable, Sendable { case menu, page, pageOrPull }

    /// Pull (offset) that makes progress 1: the affordance's width.
    static let fullPull = DragAffordance.size
    /// Gap between the page's right edge and the affordance.
    public static let gap = 10.0

    /// The page's frame in the scene.
    public private(set) var frame: Rect
    /// The horizontal overscroll; resting range [0, 0].
    public private(set) var pull: ScrollPosition
    public private(set) var affordance = DragAffordance()
    public private(set) var overlay = MenuOverlay()
    /// Whether a finger is pulling the page now.
    public private(set) var isPulling = false
    private var events = EventQueue<Event>()
    private var pan = PanRecognizer(axis: .horizontal)
    private var menuTap = TapRecognizer()
    private var sharing = TouchSequence<Share>()
    /// The pull took the shared sequence under way: the rest of it is the pull's.
    private var pullTook = false
    /// Paints the page, shifted left by the pull (`dx` ≤ 0), when the menu owns the page's drawing.
    public var content: ((Canvas, _ dx: Double) -> Void)?
    /// The words the dimmed menu shows; nil when the owner draws its own menu over the dimming (the reader's).
    public var words: (title: TextLayout, hint: TextLayout, typography: Typography)?
    /// The colour of the strip the pull reveals.
    public var backdrop = Palette.backdrop
    private var drawn: Look?

    public init(frame: Rect, scale: Double = 1) {
        self.frame = frame
        var physics = ScrollPhysics(tolerance: .display(scale: scale))
        physics.bouncesAtStart = false
        pull = ScrollPosition(offset: 0, bounds: ScrollBounds(minOffset: 0, maxOffset: 0, viewport: frame.width),
                              physics: physics)
    }

    /// How far the page is pulled left, ≥ 0.
    public var offsetX: Double { max(0, pull.offset) }
    /// offset / 50 while the finger is down; 0 once it lifts.
    public var progress: Double { affordance.progress }

    /// The 50x50 box holding the dots: 10 pt beyond the page's right edge, vertically centred, moving with the page.
    var affordanceFrame: Rect {
        Rect(x: frame.maxX - offsetX + Self.gap, y: frame.midY - DragAffordance.size / 2,
             width: DragAffordance.size, height: DragAffordance.size)
    }

    /// Plays the horizontal pan onto the pull at `time`.
    func follow(_ pan: PanRecognizer, at time: Double) {
        switch pan.state {
        case .began:
            isPulling = true
            pull.beginDrag(at: time)
            pull.drag(fingerDelta: pan.delta.x)
            affordance.setProgress(offsetX / Self.fullPull, at: time)
        case .changed:
            pull.drag(fingerDelta: pan.delta.x)
            affordance.setProgress(offsetX / Self.fullPull, at: time)
        case .ended:
            release(fingerVelocity: pan.velocity.x, at: time)
        case .cancelled:
            // A cancelled touch (the device went away) never opens the menu.
            isPulling = false
            affordance.setProgress(0, at: time)
            pull.cancelDrag(at: time)
        case .possible, .failed:
            break
        }
    }

    private func release(fingerVelocity: Double, at time: Double) {
        isPulling = false
        if affordance.progress >= 1 { present(at: time) }
        affordance.setProgress(0, at: time)
        pull.endDrag(fingerVelocity: fingerVelocity, at: time)
    }

    /// Presents the menu without a pull (a button for it: the pull's visible fallback).
    public func present(at time: Double) {
        overlay.present(at: time)
        events.append(.opened)
    }

    /// A tap while the menu shows: it fades out. Taps during the fade-out are ignored.
    public func tapOnMenu(at time: Double) {
        if overlay.phase == .open || overlay.phase == .opening { overlay.dismiss(at: time) }
    }

    @discardableResult
    public func advance(to time: Double) -> Bool {
        let pulling = pull.advance(to: time)
        let dots = affordance.advance(to: time)
        let fading = overlay.advance(to: time)
        return pulling || dots || fading
    }

    public var isMoving: Bool { pull.isMoving || affordance.isMoving || overlay.phase == .opening || overlay.phase == .closing }
}

extension PullMenu {
    // MARK: The seam

    /// The whole page is the pull's: every sequence (a tap while the menu shows closes it) is shared with a page
    /// that takes nothing.
    public func handle(_ frame: TouchFrame) {
        _ = share(frame, start: .anywhere, pageHolds: false)
    }

    /// A touch frame shared with the page under the menu, split once. While the menu shows, the sequence is the
    /// menu's (a tap closes it). Otherwise one that starts where a pull may (`start`) is watched by the pull's
    /// pan and stays the page's until that pan begins: then the page hears the finger cancelled and the pull takes
    /// the rest. `pageHolds`: the page has taken the touch (its own drag began), so no pull starts. Returns what
    /// of `frame` is the page's.
    public func share(_ frame: TouchFrame, start: PullStart, pageHolds: Bool) -> TouchFrame {
        var page: [TouchEvent] = []
        for event in frame.events {
            let starts = event.phase == .down && !sharing.isActive
            guard let owner = sharing.route(event, choose: { share(of: event, start: start) }) else { continue }
            if starts {
                pan.reset()
                menuTap.reset()
                pullTook = false
            }
            switch owner {
            case .menu: tapMenu(event)
            case .page: page.append(event)
            case .pageOrPull:
                if !pullTook, !pageHolds { pan.handle(event) }
                if !pullTook, pan.state == .began, !pageHolds {
                    pullTook = true
                    page.append(TouchEvent(slot: event.slot, phase: .cancel, position: event.position, time: event.time))
                    follow(pan, at: event.time)
                } else if pullTook {
                    pan.handle(event)
                    follow(pan, at: event.time)
                } else {
                    page.append(event)
                }
            }
        }
        return TouchFrame(time: frame.time, events: page)
    }

    private func share(of event: TouchEvent, start: PullStart) -> Share {
        if overlay.isShowing { return .menu }
        switch start {
        case .nowhere: return .page
        case .rightEdge(let width): return event.position.x >= frame.maxX - width ? .pageOrPull : .page
        case .anywhere: return .pageOrPull
        }
    }

    /// A touch while the menu shows: a tap closes it, and says where it landed.
    private func tapMenu(_ event: TouchEvent) {
        menuTap.handle(event)
        guard menuTap.state == .ended, overlay.phase == .open || overlay.phase == .opening else { return }
        tapOnMenu(at: event.time)
        events.append(.tapped(at: menuTap.location))
    }

    public func takeEvents() -> [Event] { events.take() }

    public var deadline: Double? { nil }

    public func invalidateDrawing() { drawn = nil }

    /// Everything that decides the picture; two equal looks paint the same pixels.
    private struct Look: Equatable {
        var offsetX: Double
        /// What the dots cover, overshoot included.
        var dotsBounds: Rect
        var dots: [SpringDot]
        var overlayAlpha: Double
    }

    private var look: Look {
        let box = affordanceFrame
        return Look(offsetX: offsetX, dotsBounds: affordance.drawnBounds(x: box.minX, y: box.minY), dots: affordance.dots,
                    overlayAlpha: overlay.alpha)
    }

    /// The page moving or the menu fading is the whole frame; the dots alone are where they were and are.
    public func pendingDamage(on canvas: Canvas) -> DamageRegion {
        let now = look
        guard now != drawn else { return DamageRegion() }
        if let before = drawn, before.offsetX == now.offsetX, before.overlayAlpha == now.overlayAlpha {
            return DamageRegion(canvas.pixels(covering: now.dotsBounds.union(before.dotsBounds)).intersection(canvas.clip))
        }
        return DamageRegion(canvas.pixels(covering: frame).intersection(canvas.clip))
    }

    public func didDraw() { drawn = look }

    /// The strip the pull reveals, the page (when the menu paints it), the dots, and the dimmed menu with its
    /// words (when it has them).
    public func paint(_ canvas: Canvas) {
        if offsetX > 0 || content != nil {
            let revealed = Rect(x: frame.maxX - offsetX, y: frame.minY, width: offsetX, height: frame.height)
            canvas.fill(revealed, with: backdrop)
        }
        content?(canvas, -offsetX)
        let box = affordanceFrame
        if offsetX > 0 || content != nil, canvas.needsDrawing(affordance.drawnBounds(x: box.minX, y: box.minY)) {
            affordance.draw(into: canvas, x: box.minX, y: box.minY)
        }
        if let words {
            overlay.draw(into: canvas, frame: frame, title: words.title, hint: words.hint, typography: words.typography)
        }
    }
}
