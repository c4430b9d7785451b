import Motion
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
public struct PullMenu: Sendable {
    /// Pull (offset) that makes progress 1: the affordance's width.
    public static let fullPull = DragAffordance.size
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
    public var affordanceFrame: Rect {
        Rect(x: frame.maxX - offsetX + Self.gap, y: frame.midY - DragAffordance.size / 2,
             width: DragAffordance.size, height: DragAffordance.size)
    }

    /// Plays the horizontal pan (the scene's arena decided the drag is horizontal) onto the pull at `time`.
    public mutating func follow(_ pan: PanRecognizer, at time: Double) {
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

    private mutating func release(fingerVelocity: Double, at time: Double) {
        isPulling = false
        if affordance.progress >= 1 { overlay.present(at: time) }
        affordance.setProgress(0, at: time)
        pull.endDrag(fingerVelocity: fingerVelocity, at: time)
    }

    /// Presents the menu without a pull (a button for it: the pull's visible fallback).
    public mutating func present(at time: Double) { overlay.present(at: time) }

    /// A tap while the menu shows: it fades out. Taps during the fade-out are ignored.
    public mutating func tapOnMenu(at time: Double) {
        if overlay.phase == .open || overlay.phase == .opening { overlay.dismiss(at: time) }
    }

    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        let pulling = pull.advance(to: time)
        let dots = affordance.advance(to: time)
        let fading = overlay.advance(to: time)
        return pulling || dots || fading
    }

    public var isMoving: Bool { pull.isMoving || affordance.isMoving || overlay.phase == .opening || overlay.phase == .closing }
}
