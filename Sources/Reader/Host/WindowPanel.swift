import Logging
import Platform
import Raster
import Text
import Touch
import Widgets

/// The panel in a desktop window (`lectern run --window`), the mouse for a finger: the scene `makeScene` makes,
/// driven by the same frame loop and `PanelDriver` as on the panel, on the same event loop, at the same scale.
/// Closing the window stops the loop.
public final class WindowPanel {
    public let setting: HostSetting
    private let display: WindowDisplay
    private let input: WindowEvents
    private let frames: FrameLoop
    private let driver: PanelDriver<EventLoop>
    private var assembler: TouchAssembler

    /// The panel in `window`, its pixels at `scale` (a desktop says nothing of millimetres: 1 unless asked).
    public init(window: DesktopWindow, scale: Scale, showTouches: Bool, events: EventLoop, log: Logger,
                makeScene: (HostSetting) -> Scene) throws(WindowError) {
        let (width, height) = (window.width, window.height)
        display = try WindowDisplay(window: window, events: events)
        input = WindowEvents(window: window, events: events)
        setting = HostSetting(pixelWidth: width, pixelHeight: height, scale: scale,
                              typesetter: ScreenFonts.typesetter(log: log))
        let scene = makeScene(setting)
        frames = FrameLoop(scene: scene, display: display, scale: scale, glyphs: setting.glyphs)
        driver = PanelDriver(clock: events, frames: frames, display: display, reportLatency: showTouches, log: log)
        assembler = TouchAssembler(logicalWidth: width, logicalHeight: height, scale: scale)
        input.onInput = { [unowned self] raw in
            for frame in assembler.handle(raw) {
                if showTouches { TouchEcho.print(frame) }
                driver.touch(frame)
            }
        }
        input.onExposed = { [unowned self] in
            do { try display.showWhole() } catch { log.error("window not shown again: \(error)") }
        }
        input.onClose = { events.stop() }
    }

    public var name: String { display.name }

    /// Draws the first frame and starts taking the mouse.
    public func start() {
        driver.start()
        input.start()
    }

    /// The scene changed without a touch (entries arrived in the background): a frame.
    public func redraw() { driver.redraw() }

    public func stop() {
        input.stop()
        driver.stop()
    }
}
