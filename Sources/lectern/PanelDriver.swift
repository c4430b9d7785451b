#if canImport(Glibc)
import Glibc
#endif
import Logging
import Platform
import Reader
import Touch

/// Connects the frame loop to the panel: touch frames from libinput, flip completions from the DRM fd, and one
/// timer for whatever the loop says it owes next (a deadline, or a frame while something moves that drew no
/// pixel). Nothing owed: no timer, and the process sleeps in poll.
final class PanelDriver {
    private let events: EventLoop
    private let frames: FrameLoop
    private let display: KMSDisplay
    private let log: Logger
    private var timer: EventLoop.Timer?
    private var lostFlipTimer: EventLoop.Timer?
    /// Prints how long after the last touch the frame showing it reached the glass.
    private let reportLatency: Bool
    /// The newest touch no frame has shown yet, and the newest one the flip in flight shows.
    private var touchAwaitingFrame: Double?
    private var touchAwaitingFlip: Double?

    init(events: EventLoop, frames: FrameLoop, display: KMSDisplay, reportLatency: Bool, log: Logger) {
        self.events = events
        self.frames = frames
        self.display = display
        self.reportLatency = reportLatency
        self.log = log
        display.onFlip = { [unowned self] time in flipped(at: time) }
    }

    /// Draws the first frame.
    func start() {
        step { try frames.tick(now: MonotonicClock.seconds()) }
    }

    /// Lets go of the display (it went away): no more timers or flip callbacks reach this driver.
    func stop() {
        display.onFlip = nil
        if let timer { events.cancel(timer) }
        if let lostFlipTimer { events.cancel(lostFlipTimer) }
        timer = nil
        lostFlipTimer = nil
    }

    func touch(_ frame: TouchFrame) {
        if let last = frame.events.last { touchAwaitingFrame = last.seconds }
        step { try frames.handle(frame, now: MonotonicClock.seconds()) }
    }

    private func flipped(at time: Double) {
        if reportLatency, let touched = touchAwaitingFlip {
            print("frame shown \(String(format1: (time - touched) * 1000)) ms after the last touch")
        }
        touchAwaitingFlip = nil
        step { try frames.flipCompleted(at: time, now: MonotonicClock.seconds()) }
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
        if let timer { events.cancel(timer) }
        timer = nil
        if let wake = frames.wakeTime {
            timer = events.schedule(at: UInt64(max(0, wake) * 1e9)) { [unowned self] in
                timer = nil
                step { try frames.wake(now: MonotonicClock.seconds()) }
            }
        }
        if display.isFlipPending, lostFlipTimer == nil {
            lostFlipTimer = events.schedule(after: KMSDisplay.lostFlipSeconds) { [unowned self] in
                lostFlipTimer = nil
                if display.forgetLostFlip() {
                    log.warning("a page flip never completed; drawing on")
                    step { try frames.tick(now: MonotonicClock.seconds()) }
                } else {
                    rearm()
                }
            }
        }
    }
}
