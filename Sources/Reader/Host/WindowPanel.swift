import Logging
import Platform
import Raster
import Widgets

/// The panel in a desktop window (`lectern run --window`), the mouse for a finger: the scene `makeScene` makes,
/// in the same `PanelHost` as on the panel (the same frame loop and pacing, on the same event loop), at the same
/// scale. Closing the window stops the loop.
public final class WindowPanel {
    private let display: WindowDisplay
    private let input: WindowEvents
    private let host: PanelHost
    private let scale: Scale

    /// The panel in `window`, its pixels at `scale` (a desktop says nothing of millimetres: 1 unless asked).
    public init(window: DesktopWindow, scale: Scale, showTouches: Bool, events: EventLoop, log: Logger,
                makeScene: @escaping SceneMaker) throws(WindowError) {
        let display = try WindowDisplay(window: window, events: events)
        self.display = display
        self.scale = scale
        input = WindowEvents(window: window, events: events)
        host = PanelHost(events: events, showTouches: showTouches, log: log, makeScene: makeScene)
        // The desktop lost what the window showed: only the window's pixels can say it again, no frame is owed.
        input.onExposed = {
            do { try display.showWhole() } catch { log.error("window not shown again: \(error)") }
        }
    }

    public var name: String { display.name }

    /// Makes the scene, draws its first frame and starts taking the mouse.
    public func start() {
        host.fit(width: display.shadow.width, height: display.shadow.height, turn: .none, scale: scale)
        host.show(on: display)
        host.take(input)
    }

    /// The scene changed without a touch (entries arrived in the background): a frame.
    public func redraw() { host.redraw() }

    public func stop() { host.stop() }
}
