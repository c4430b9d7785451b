import Motion
import Raster
import Touch

/// A button a swiped row reveals.
public struct SwipeAction: Sendable, Hashable {
    /// What tapping it does in a `SwipeList`.
    public enum Role: Sendable, Hashable {
        /// Removes the row, animated.
        case delete
        /// Opens the list's action sheet for the row.
        case more
        /// Reported to the owner, who decides.
        case other
    }

    public var title: String
    public var color: Color
    /// Points; the row's catch width is the sum of its buttons' widths.
    public var width: Double
    public var role: Role

    public init(title: String, color: Color, width: Double = 74, role: Role = .other) {
        self.title = title
        self.color = color
        self.width = width
        self.role = role
    }

    /// Mail's two (iOS 7): More, light gray, and Delete, red; white titles.
    public static let more = SwipeAction(title: "More", color: Color(red: 0.78, green: 0.78, blue: 0.80), role: .more)
    public static let delete = SwipeAction(title: "Delete", color: Color(red: 1, green: 0.231, blue: 0.188),
                                           role: .delete)
}

/// Which side a row's buttons are on: the trailing side, the right in left-to-right text, the left in
/// right-to-left text.
public enum LayoutDirection: Sendable { case leftToRight, rightToLeft }

/// One row's swipe (iOS 7 Mail; TeehanLax' UITableViewCell-Swipe-for-Options): the row's content slides over
/// its buttons, which stand still; it catches open at the buttons' total width.
///
/// The original opened only when let go past the whole catch width, ignoring speed, and users had to "swipe a
/// long distance". Here the release is decided on where the gesture would have carried the row (its projected
/// end, UIScrollView's deceleration): past half the catch width it opens; and a flick faster than 500 pt/s
/// opens or closes in its own direction however short it was (SWTableViewCell's rule).
struct SwipeRow: Sendable {
    static let flickSpeed = 500.0
    /// The snap open or shut: critically damped, a third of a second (Apple's response 0.3). The scroll view's
    /// bounce spring is gentler and took twice as long to show the buttons after a flick.
    public static let snap = Spring(response: 0.3, dampingFraction: 1)

    public let actions: [SwipeAction]
    public let direction: LayoutDirection
    /// How far the content has slid open, along the opening direction; resting at 0 or `catchWidth`.
    public private(set) var slide: ScrollPosition
    /// Where the row is heading once let go: open or shut. During a drag, where it was before it.
    public private(set) var isOpen = false

    public init(actions: [SwipeAction], direction: LayoutDirection = .leftToRight, width: Double, scale: Double = 1) {
        self.actions = actions
        self.direction = direction
        let catchWidth = actions.reduce(0) { $0 + max(0, $1.width) }
        var physics = ScrollPhysics(spring: Self.snap, tolerance: .display(scale: scale))
        // Swiping the other way does nothing (the original clamped it at 0).
        physics.bouncesAtStart = false
        slide = ScrollPosition(offset: 0, bounds: ScrollBounds(minOffset: 0, maxOffset: catchWidth, viewport: width),
                               physics: physics)
    }

    public var catchWidth: Double { slide.bounds.maxOffset }
    /// How far the content is slid open, ≥ 0.
    public var offset: Double { max(0, slide.offset) }
    public var isDragging: Bool { slide.activity == .dragging }
    public var isMoving: Bool { slide.isMoving }
    /// Open, opening, or dragged away from shut: the row shows some of its buttons or will.
    var isShowingActions: Bool { isOpen || offset > 0 }

    /// The finger's horizontal movement turned into the slide's: leftwards opens a left-to-right row.
    private func along(_ dx: Double) -> Double { direction == .leftToRight ? dx : -dx }

    public mutating func beginDrag(at time: Double) { slide.beginDrag(at: time) }

    /// The finger moved `dx` points (right is positive).
    public mutating func drag(by dx: Double) { slide.drag(fingerDelta: along(dx)) }

    /// The finger lifted moving at `vx` points per second (right is positive): open or shut, as it would have gone.
    public mutating func endDrag(fingerVelocity vx: Double, at time: Double) {
        let fingerVelocity = along(vx)
        // Opening moves the content against the finger's axis: a finger moving left opens a left-to-right row.
        let opening = -fingerVelocity
        let shouldOpen: Bool
        if abs(opening) > Self.flickSpeed {
            shouldOpen = opening > 0
        } else {
            let contentVelocity = slide.physics.contentVelocity(forFingerVelocity: fingerVelocity, at: slide.offset,
                                                                in: slide.bounds)
            let projected = slide.physics.projectedOffset(from: slide.offset, velocity: contentVelocity)
            shouldOpen = projected >= catchWidth / 2
        }
        isOpen = shouldOpen
        slide.endDrag(fingerVelocity: fingerVelocity, settlingAt: shouldOpen ? catchWidth : 0, at: time)
    }

    public mutating func cancelDrag(at time: Double) {
        slide.endDrag(fingerVelocity: 0, settlingAt: isOpen ? catchWidth : 0, at: time)
    }

    /// Plays a horizontal pan (the list's arena gave the drag to this row) onto the row.
    public mutating func follow(_ pan: PanRecognizer, at time: Double) {
        switch pan.state {
        case .began:
            beginDrag(at: time)
            drag(by: pan.delta.x)
        case .changed: drag(by: pan.delta.x)
        case .ended: endDrag(fingerVelocity: pan.velocity.x, at: time)
        case .cancelled: cancelDrag(at: time)
        case .possible, .failed: break
        }
    }

    /// Springs open from wherever it is (code, a hint).
    public mutating func open(at time: Double) {
        isOpen = true
        slide.animate(to: catchWidth, at: time)
    }

    /// Springs to `offset` from wherever it is, without opening (a hint that the row can be swiped).
    mutating func slideTo(_ offset: Double, at time: Double) {
        slide.animate(to: offset, at: time)
    }

    /// Springs shut from wherever it is.
    public mutating func close(at time: Double) {
        isOpen = false
        slide.animate(to: 0, at: time)
    }

    @discardableResult
    public mutating func advance(to time: Double) -> Bool { slide.advance(to: time) }

    // MARK: Geometry

    /// How far the content is moved right on screen (negative: left).
    var contentShift: Double { direction == .leftToRight ? -offset : offset }

    /// The buttons' frames in a row at `frame`: standing still at the trailing edge, in order from the content's
    /// side outwards (More, then Delete at the very edge for a left-to-right row).
    func buttonFrames(in frame: Rect) -> [Rect] {
        var frames: [Rect] = []
        switch direction {
        case .leftToRight:
            var x = frame.maxX - catchWidth
            for action in actions {
                frames.append(Rect(x: x, y: frame.minY, width: action.width, height: frame.height))
                x += action.width
            }
        case .rightToLeft:
            var x = frame.minX + catchWidth
            for action in actions {
                x -= action.width
                frames.append(Rect(x: x, y: frame.minY, width: action.width, height: frame.height))
            }
        }
        return frames
    }

    /// Where the content is on screen for a row at `frame`.
    func contentFrame(in frame: Rect) -> Rect { frame.offsetBy(dx: contentShift, dy: 0) }

    /// The button under `point`, if it is uncovered (the content has slid off it).
    public func action(at point: Point, in frame: Rect) -> Int? {
        guard offset > 0, !contentFrame(in: frame).contains(point) else { return nil }
        return buttonFrames(in: frame).firstIndex { $0.contains(point) }
    }
}
