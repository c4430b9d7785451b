import Raster

/// The panel in a desktop window (`lectern run --window`): the same `FlippingDisplay` the panel's frame loop and
/// `PanelDriver` run on, so the window shows what the panel would, paced the same way. A present copies only the
/// damaged rectangles into the window's pixels and asks SDL to show those.
///
/// A window has no page flip to wait for: SDL has handed the pixels to the desktop when `present` returns. The
/// frame counts as shown at the refresh a panel at `refreshPeriod` would have shown it (a timer on the event
/// loop), so frames come no faster than a panel's and the frame loop's arithmetic (`shownAt`) holds.
public final class WindowDisplay: FlippingDisplay {
    public let shadow: Surface
    public let refreshPeriod: Double
    public var onFlip: ((Double) -> Void)?
    public let lostFlipSeconds = 0.5

    /// Kept open as long as its pixels are drawn into.
    private let window: DesktopWindow
    private let framebuffer: WindowSurface
    private let events: EventLoop
    /// Damage not in the window yet: kept while a frame is pending, as the panel keeps it.
    private var stale = DamageRegion()
    /// The frame on its way: when it was presented and the timer that says it arrived.
    private var pending: (presentedAt: Double, timer: EventLoop.Timer)?
    private var lastFlip: Double?

    public init(window: DesktopWindow, events: EventLoop, refreshPeriod: Double = 1.0 / 60) throws(WindowError) {
        self.window = window
        self.events = events
        self.refreshPeriod = refreshPeriod
        framebuffer = try window.framebuffer()
        guard framebuffer.pixels.width == window.width, framebuffer.pixels.height == window.height else {
            throw WindowError("use the window's pixels", reason: "SDL gave \(framebuffer.pixels.width)x\(framebuffer.pixels.height) for a \(window.width)x\(window.height) window")
        }
        shadow = Surface(width: window.width, height: window.height, format: .xrgb8888, fill: .black)
        framebuffer.pixels.fill(framebuffer.pixels.bounds, with: .black)
    }

    public var name: String { "window \(shadow.width)x\(shadow.height)" }

    public var isFlipPending: Bool { pending != nil }

    @discardableResult
    public func present(_ damage: DamageRegion) throws -> Bool {
        stale.add(damage.clipped(to: shadow.bounds))
        if pending != nil { return false }
        if stale.isEmpty { return true }
        for rect in stale.rects {
            framebuffer.pixels.copy(from: shadow, sourceRect: rect, toX: rect.x, y: rect.y)
        }
        try framebuffer.show(stale.rects)
        stale.removeAll()
        let now = MonotonicClock.seconds()
        let shown = max(now, (lastFlip ?? now) + refreshPeriod)
        let timer = events.schedule(atSeconds: shown) { [unowned self] in landed(at: shown) }
        pending = (now, timer)
        return true
    }

    /// Shows the whole window again, for when the desktop uncovered it and lost what it showed.
    public func showWhole() throws {
        try framebuffer.showWhole()
    }

    @discardableResult
    public func forgetLostFlip() -> Bool {
        // The timer cannot be lost, but the driver may ask: a frame pending that long is let go all the same.
        guard let given = pending, MonotonicClock.seconds() - given.presentedAt >= lostFlipSeconds else { return false }
        events.cancel(given.timer)
        pending = nil
        return true
    }

    private func landed(at time: Double) {
        pending = nil
        lastFlip = time
        onFlip?(time)
    }
}
