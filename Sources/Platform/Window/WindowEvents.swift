import CSDL2

/// SDL's events for the window, taken on the event loop's thread: the mouse (as `RawInput`), the window
/// uncovered, the window closed.
///
/// SDL2 gives no descriptor to poll: its X11 connection is reachable only through SDL_syswm.h and Xlib, and
/// would tie the window to X11. Waiting in SDL_WaitEvent would take the loop's thread away from poll (signals,
/// feed results, the frame loop's timers). So while the window is open the loop takes SDL's events on a short
/// timer: a wake-up every `pumpSeconds` costs a few microseconds (SDL reads what the X server sent, if
/// anything), a fraction of a percent of a core for an idle window, and a click waits at most that long.
/// The kiosk on the panel never runs this: libinput has an fd, and the panel sleeps in poll.
public final class WindowEvents: InputSource {
    /// How often SDL's queue is looked at: 100 times a second, below a frame of latency.
    public static let pumpSeconds = 0.01

    public var onInput: (RawInput) -> Void = { _ in }
    public var onExposed: () -> Void = {}
    /// The window was closed (`.closed`, never a failure: SDL's queue cannot break as a descriptor can).
    public var onEnd: (InputEnd) -> Void = { _ in }

    private let window: DesktopWindow
    private let events: EventLoop
    private var pointer = WindowPointer()
    private var timer: EventLoop.Timer?
    private var running = false

    public init(window: DesktopWindow, events: EventLoop) {
        self.window = window
        self.events = events
    }

    /// The window is the panel's size and keeps it: its pixels stay the panel's.
    public func resize(panelWidth: Int, panelHeight: Int) {}

    public func start() {
        guard !running else { return }
        running = true
        pump()
    }

    public func stop() {
        running = false
        if let timer { events.cancel(timer) }
        timer = nil
    }

    private func pump() {
        timer = nil
        let now = WindowPointer.Reading(ticks: window.ticks, monotonicMicroseconds: Int64(MonotonicClock.nanoseconds() / 1000))
        // A handler may stop the pump (the window closed): what SDL still holds then stays there.
        while running, let event = window.nextEvent() { take(event, now: now) }
        guard running else { return }
        timer = events.schedule(after: Self.pumpSeconds) { [unowned self] in pump() }
    }

    private func take(_ event: SDL_Event, now: WindowPointer.Reading) {
        switch event.type {
        case SDL_MOUSEMOTION.rawValue:
            let m = event.motion
            for input in pointer.moved(x: Double(m.x), y: Double(m.y), ticks: m.timestamp, now: now) { onInput(input) }
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let b = event.button
            guard b.button == UInt8(SDL_BUTTON_LEFT) else { return }
            for input in pointer.button(pressed: b.state == UInt8(SDL_PRESSED), x: Double(b.x), y: Double(b.y),
                                        ticks: b.timestamp, now: now) { onInput(input) }
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(event.window.event) {
            case SDL_WINDOWEVENT_EXPOSED.rawValue: onExposed()
            case SDL_WINDOWEVENT_CLOSE.rawValue: onEnd(.closed)
            default: break
            }
        case SDL_QUIT.rawValue:
            onEnd(.closed)
        default:
            break
        }
    }
}
