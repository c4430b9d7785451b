import Logging
import Platform
import Touch

/// Connects the frame loop to the panel: touch frames from libinput, flip completions from the display, and one
/// timer for whatever the loop says it owes next (a deadline, or a frame while something moves that drew no
/// pixel). Nothing owed: no timer, and the process sleeps in poll.
public final class PanelDriver<Clock: PanelClock> {
    private let clock: Clock
    private let frames: FrameLoop
    private let display: any FlippingDisplay
    private let log: Logger
    private var timer: Clock.Timer?
    private var lostFlipTimer: Clock.Timer?
    /// Prints how long after the last touch the frame showing it reached the glass.
    private let reportLatency: Bool
    /// The newest touch no frame has shown yet, and the newest one the flip in flight shows.
    private var touchAwaitingFrame: Double?
    private var touchAwaitingFlip: Double?

    /// The loop must draw to `display`.
    public init(clock: Clock, frames: FrameLoop, display: any FlippingDisplay, reportLatency: Bool = false,
                log: Logger) {
        self.clock = clock
        self.frames = frames
        self.display = display
        self.reportLatency = reportLatency
        self.log = log
        display.onFlip = { [unowned self] time in flipped(at: time) }
    }

    /// Draws the first frame.
    public func start() {
        step { try frames.tick(now: clock.now) }
    }

    /// Lets go of the display (it went away): no more timers or flip callbacks reach this driver.
    public func stop() {
        display.onFlip = nil
        if let timer { clock.cancel(timer) }
        if let lostFlipTimer { clock.cancel(lostFlipTimer) }
        timer = nil
        lostFlipTimer = nil
    }

    public func touch(_ frame: TouchFrame) {
        if let last = frame.events.last { touchAwaitingFrame = last.time }
        step { try frames.handle(frame, now: clock.now) }
    }

    /// The scene changed without a touch: draw it.
    public func redraw() {
        step { try frames.setNeedsFrame(now: clock.now) }
    }

    private func flipped(at time: Double) {
        if reportLatency, let touched = touchAwaitingFlip {
            print("frame shown \(String(format1: (time - touched) * 1000)) ms after the last touch")
        }
        touchAwaitingFlip = nil
        step { try frames.flipCompleted(at: time, now: clock.now) }
    }

    /// Runs one step of the loop, notes whether it put a frame on its way, and sets the timer for what it owes.
    private func step(_ body: () throws -> Void) {
        let drawn = frames.framesDrawn
        do {
            try body()
        } catch {
            // A failed flip must not stop the kiosk; the damage stays with the display for the next frame.
            log.error("frame not shown: \(error)")
        }
        if frames.framesDrawn != drawn, display.isFlipPending, let touched = touchAwaitingFrame {
            touchAwaitingFlip = touched
            touchAwaitingFrame = nil
        }
        // Nothing moves: before sleeping, the scene prepares what the next gesture may need.
        frames.prepareAhead()
        rearm()
    }

    private func rearm() {
        if let timer { clock.cancel(timer) }
        timer = nil
        if let wake = frames.wakeTime {
            timer = clock.schedule(atSeconds: wake) { [unowned self] in
                timer = nil
                step { try frames.wake(now: clock.now) }
            }
        }
        guard display.isFlipPending else {
            // The flip landed: its watch would only wake an idle panel for nothing.
            if let lostFlipTimer { clock.cancel(lostFlipTimer) }
            lostFlipTimer = nil
            return
        }
        if lostFlipTimer == nil {
            lostFlipTimer = clock.schedule(atSeconds: clock.now + display.lostFlipSeconds) { [unowned self] in
                lostFlipTimer = nil
                if display.forgetLostFlip() {
                    log.warning("a page flip never completed; drawing on")
                    step { try frames.tick(now: clock.now) }
                } else {
                    rearm()
                }
            }
        }
    }
}
