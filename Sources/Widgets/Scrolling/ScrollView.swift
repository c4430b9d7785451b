import Motion
import Touch

/// A vertical scroller: content taller than its frame follows the finger one to one, coasts after a flick,
/// rubber-bands past either edge and springs back without a jump (ScrollPosition's physics).
///
/// It does not own a recognizer: the scene's gesture arena decides whether a drag belongs to it or to a
/// gesture nested in it (a row swipe, a horizontal pull), then `follow(_:at:)` plays the winning pan onto it.
/// Whatever hangs off it (a refresh control, a pager's header and footer) reads `offset` and the edges after
/// each event and frame: the scroller reports, it does not call out.
///
/// Offsets are UIScrollView's contentOffset in points: 0 shows the top of the content, negative values are the
/// content pulled down past its top, values above `maxOffset` the content pulled up past its end.
public struct ScrollView: Sendable {
    /// Where the scroller sits in its scene, points.
    public var frame: Rect
    public private(set) var contentHeight: Double
    /// Room above the content where it may rest (a refresh control holding itself open): the content's resting
    /// top is at −topInset.
    private(set) var topInset: Double = 0
    public private(set) var position: ScrollPosition

    public init(frame: Rect, contentHeight: Double, physics: ScrollPhysics = ScrollPhysics()) {
        self.frame = frame
        self.contentHeight = max(0, contentHeight.isFinite ? contentHeight : 0)
        position = ScrollPosition(offset: 0, bounds: Self.bounds(frame: frame, contentHeight: self.contentHeight,
                                                                 topInset: 0), physics: physics)
    }

    static func bounds(frame: Rect, contentHeight: Double, topInset: Double) -> ScrollBounds {
        ScrollBounds(minOffset: -topInset, maxOffset: contentHeight - frame.height, viewport: frame.height)
    }

    // MARK: What hangs off it reads these

    public var offset: Double { position.offset }
    public var velocity: Double { position.velocity }
    public var minOffset: Double { position.bounds.minOffset }
    public var maxOffset: Double { position.bounds.maxOffset }
    /// How far the content is pulled down past its resting top, ≥ 0.
    var overscrollTop: Double { max(0, minOffset - offset) }
    /// How far the content is pulled up past its end, ≥ 0.
    var overscrollBottom: Double { max(0, offset - maxOffset) }
    /// At or past the top edge: a pull down acts on whatever sits above the content.
    var isAtTop: Bool { offset <= minOffset + Self.edgeSlack }
    /// At or past the end.
    var isAtBottom: Bool { offset >= maxOffset - Self.edgeSlack }
    public var isDragging: Bool { position.activity == .dragging }
    /// Coasting, bouncing or sliding on its own.
    public var isMoving: Bool { position.isMoving }
    /// Whether the content is longer than the frame (it scrolls at all).
    public var scrolls: Bool { maxOffset > minOffset + Self.edgeSlack }

    /// Offsets within this of an edge count as at it: a coast ends within a quarter pixel of where it aims.
    static let edgeSlack = 0.5

    // MARK: Driving it

    /// Plays `pan` (the arena's winner, already fed this event) onto the scroller at `time`.
    public mutating func follow(_ pan: PanRecognizer, at time: Double) {
        switch pan.state {
        case .began:
            beginDrag(at: time)
            drag(by: pan.delta.y)
        case .changed:
            drag(by: pan.delta.y)
        case .ended:
            endDrag(fingerVelocity: pan.velocity.y, at: time)
        case .cancelled:
            cancelDrag(at: time)
        case .possible, .failed:
            break
        }
    }

    /// A finger took hold: a coast or bounce stops where it is, so touching a moving list catches it.
    public mutating func beginDrag(at time: Double) { position.beginDrag(at: time) }

    /// The finger moved by `fingerDelta` points (down is positive): the content follows, resisted past the edges.
    public mutating func drag(by fingerDelta: Double) { position.drag(fingerDelta: fingerDelta) }

    /// The finger lifted moving at `fingerVelocity` (points per second, down positive).
    public mutating func endDrag(fingerVelocity: Double, at time: Double) {
        position.endDrag(fingerVelocity: fingerVelocity, at: time)
    }

    public mutating func cancelDrag(at time: Double) { position.cancelDrag(at: time) }

    /// Moves a coast, bounce or slide to `time`; true while it still moves.
    @discardableResult
    public mutating func advance(to time: Double) -> Bool { position.advance(to: time) }

    /// New content height (the article was laid out again, a row was removed): an offset now past the end
    /// springs back in from where it is.
    mutating func setContentHeight(_ height: Double, at time: Double) {
        contentHeight = max(0, height.isFinite ? height : 0)
        position.setBounds(Self.bounds(frame: frame, contentHeight: contentHeight, topInset: topInset), at: time)
    }

    /// New room above the content. Content resting above the new top springs down to it; content pulled past
    /// it springs back to it; content scrolled into the middle stays where it is (UIKit's `contentInset`).
    mutating func setTopInset(_ inset: Double, at time: Double) {
        topInset = max(0, inset.isFinite ? inset : 0)
        position.setBounds(Self.bounds(frame: frame, contentHeight: contentHeight, topInset: topInset), at: time)
    }

    /// Springs to `offset` from wherever the content is, keeping its velocity ("scroll to top").
    public mutating func scroll(to offset: Double, at time: Double) { position.animate(to: offset, at: time) }

    /// Slides to `offset` in `duration` seconds, ease-in-out: a motion that must take a set time.
    public mutating func slide(to offset: Double, duration: Double, at time: Double) {
        position.slide(to: offset, duration: duration, at: time)
    }

    /// Puts the content at `offset`, at rest.
    public mutating func jump(to offset: Double) { position.jump(to: offset) }
}
