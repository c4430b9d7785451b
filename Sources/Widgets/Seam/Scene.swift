import Raster
import Touch

/// What the frame loop drives: the root of everything on the panel, and every screen or component nested in it.
///
/// Time is seconds on one monotonic clock (CLOCK_MONOTONIC on the panel, a virtual clock headless and in
/// tests) and comes in as a value; input comes in as touch frames in points. Nothing here reads a clock or a
/// device, so every frame of every gesture can be played and checked.
public protocol Scene: AnyObject {
    /// Fingers changed (libinput's frame: every finger's change at one instant), in points.
    func handle(_ frame: TouchFrame)

    /// Moves every animation to `time`, the moment the next frame will be on the glass. Returns whether
    /// anything is still moving, so the loop keeps drawing frames; false lets the panel sleep.
    func advance(to time: Double) -> Bool

    /// Draws what changed since the last draw and returns where the pixels changed; empty when nothing did.
    func draw(into canvas: Canvas) -> DamageRegion

    /// What is on the glass is no longer what the scene last drew (another scene was shown there, the display
    /// came back): the next draw paints everything.
    func invalidateDrawing()

    /// The next moment the scene must be advanced even if no finger moves (an action completing, a long
    /// press coming due), or nil.
    var deadline: Double? { get }

    /// Of `deadline`, what something under way needs (a long press, an undo bar going), leaving out what the
    /// panel merely sleeps towards at rest (its day on the wall: ambient coming due, the next card, the night).
    /// A replay ends once nothing moves and this is nil.
    var activeDeadline: Double? { get }

    /// Work that makes later frames fast (laying out and drawing what may be shown next), done when nothing
    /// moves and the loop is about to sleep, so no frame waits for it.
    func prepareAhead()
}

extension Scene {
    public func prepareAhead() {}

    public var activeDeadline: Double? { deadline }
}
