import Logging
import Platform
import Raster

extension KioskLaunch {
    /// The panel in a desktop window `width`x`height` pixels, to try Lectern without one, until the window is
    /// closed (or SIGINT/SIGTERM, or `exitAfter`). What it shows and how is the panel's: the reader (or the
    /// demos), the same frame loop and pacing, the same store and state directory. Throws `WindowError` when
    /// there is no window to be had.
    public func runInWindow(width: Int, height: Int, loop: EventLoop, log: Logger) throws {
        // The window first: without a desktop nothing else (the store, the state directory) is touched.
        let desktop = try DesktopWindow(title: "Lectern", width: width, height: height)
        if let exitAfter { loop.schedule(after: exitAfter) { loop.stop() } }
        let (kiosk, makeScene) = try shown(loop: loop, log: log)
        let pixelsPerPoint = Scale(scale ?? 1)
        let panel = try WindowPanel(window: desktop, scale: pixelsPerPoint, showTouches: showTouches, events: loop,
                                    log: log, makeScene: makeScene)
        kiosk?.redraw = { [unowned panel] in panel.redraw() }
        // The reader keeps its own feeds fresh; the demos keep the store's fresh, as on the panel.
        let feeds = kiosk == nil ? keepFeedsFresh(loop: loop, log: log) : nil
        kiosk?.start()
        panel.start()
        print("showing in a \(panel.name) at scale \(pixelsPerPoint); close it or press Ctrl-C to stop")
        try loop.run()
        if let signal = loop.receivedSignal { log.info("stopping on signal \(signal)") }
        feeds?.stop()
        kiosk?.stop()
        panel.stop()
    }
}
