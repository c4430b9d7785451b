import CommandLineSupport
import Logging
import Platform
import Raster
import Reader

/// `lectern run --window`: the panel in a desktop window, to try Lectern without one. What it shows and how is
/// the panel's: the reader (or the demos), the same frame loop and pacing, the same store and state directory.
extension RunCommand {
    func runInWindow(loop: EventLoop, log: Logger) throws {
        // The window first: without a desktop nothing else (the store, the state directory) is touched.
        let desktop: DesktopWindow
        do {
            desktop = try DesktopWindow(title: "Lectern", width: snapshot.size.width, height: snapshot.size.height)
        } catch {
            throw CommandFailure("no desktop window: \(error)")
        }
        if let exitAfter { loop.schedule(after: exitAfter) { loop.stop() } }
        let (kiosk, makeScene) = try shown(loop: loop, log: log)
        let pixelsPerPoint = Scale(scale ?? 1)
        let panel: WindowPanel
        do {
            panel = try WindowPanel(window: desktop, scale: pixelsPerPoint, showTouches: showTouches, events: loop,
                                    log: log, makeScene: makeScene)
        } catch {
            throw CommandFailure("no desktop window: \(error)")
        }
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
