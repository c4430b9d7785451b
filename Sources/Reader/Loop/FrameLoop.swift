import Platform
import Raster
import Text
import Touch
import Widgets

/// Runs the root scene on a display, frames paced by the display.
///
/// A touch frame goes to the scene at once and asks for a frame. A frame is drawn only when no flip is
/// pending: the scene is advanced to the moment the frame will be on the glass, draws its damage, and the
/// display copies and flips it without waiting. Each completed flip starts the next frame while anything
/// moves. Nothing moving and no deadline due: no frame, no timer, the panel sleeps in poll.
///
/// Time is seconds on one monotonic clock, given by the caller: CLOCK_MONOTONIC on the panel (libinput's and
/// DRM's timestamps are on it), a virtual clock headless and in tests, so both run exactly this code.
public final class FrameLoop {
    public let scene: Scene
    public let display: Display
    private let canvas: Canvas

    /// A frame is owed: input arrived, or the last frame was still moving.
    public private(set) var needsFrame = true
    /// When the glass last showed a new frame (a flip completed), if it has.
    public private(set) var lastFlip: Double?
    /// When the last frame was drawn, and the moment it was drawn for.
    public private(set) var lastFrame: (drawnAt: Double, shownAt: Double)?
    public private(set) var framesDrawn = 0
    /// Drawn pixels the display has not taken yet (it was busy, or the present failed): the next frame presents
    /// even if it draws nothing new.
    public private(set) var unpresented = false
    /// Presents that failed in a row: the loop waits longer before each retry, so a display that went away
    /// costs a wake-up a second, not sixty.
    private var failedPresents = 0

    public init(scene: Scene, display: Display, scale: Scale, glyphs: GlyphCache = GlyphCache()) {
        self.scene = scene
        self.display = display
        canvas = Canvas(surface: display.shadow, scale: scale, glyphs: glyphs)
    }

    /// Fingers changed: the scene hears it now; a frame follows as soon as the display can take one.
    public func handle(_ frame: TouchFrame, now: Double) throws {
        scene.handle(frame)
        needsFrame = true
        try tick(now: now)
    }

    /// Something outside touch changed what the scene shows (entries arrived, a picture was decoded): a frame is
    /// owed, drawn as soon as the display can take it.
    public func setNeedsFrame(now: Double) throws {
        needsFrame = true
        try tick(now: now)
    }

    /// A flip reached the glass at `time`; draws the next frame if one is owed.
    public func flipCompleted(at time: Double, now: Double) throws {
        lastFlip = time
        try tick(now: now)
    }

    /// A timer set from `wakeTime` fired (a deadline came due, or a moving frame drew nothing to flip).
    public func wake(now: Double) throws {
        try tick(now: now)
    }

    /// Draws a frame now if one is owed and the display can take it.
    public func tick(now: Double) throws {
        if let deadline = scene.deadline, deadline <= now { needsFrame = true }
        guard needsFrame, !display.isFlipPending else { return }
        try frame(at: shownAt(now: now), now: now)
    }

    /// When a frame drawn `now` will be on the glass: the refresh after the last flip, or now when the display
    /// has been idle for longer than that.
    public func shownAt(now: Double) -> Double {
        guard let lastFlip else { return now }
        return max(now, lastFlip + display.refreshPeriod)
    }

    /// One frame for the moment `time`: advance, draw what changed, present it. `now` is when it is drawn
    /// (the same as `time` on a virtual clock). Returns the damage it presented.
    @discardableResult
    public func frame(at time: Double, now: Double? = nil) throws -> DamageRegion {
        let moving = scene.advance(to: time)
        let damage = scene.draw(into: canvas)
        lastFrame = (now ?? time, time)
        framesDrawn += 1
        if !damage.isEmpty || unpresented {
            do {
                unpresented = try !display.present(damage)
                failedPresents = 0
            } catch {
                unpresented = true
                failedPresents += 1
                needsFrame = true
                throw error
            }
        }
        needsFrame = moving || unpresented
        return damage
    }

    /// Lets the scene prepare what later frames will need, when nothing moves (call it before sleeping).
    public func prepareAhead() {
        if !needsFrame { scene.prepareAhead() }
    }

    /// When the platform must wake the loop without input or a flip: the scene's deadline; or, while
    /// something still moves but no flip is on its way (the last frame changed no pixel), one refresh after
    /// the last frame, so motion goes on without spinning. Nil while a flip is on its way (its completion wakes
    /// the loop) and when nothing is owed: sleep until input.
    public var wakeTime: Double? {
        if display.isFlipPending { return nil }
        var wake = scene.deadline
        if needsFrame {
            let backOff = Double(1 << min(failedPresents, 6))
            let next = (lastFrame?.drawnAt ?? 0) + display.refreshPeriod * backOff
            wake = min(wake ?? next, next)
        }
        return wake
    }
}
