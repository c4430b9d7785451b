import Logging
import Platform
import Text
import Touch
import Widgets

/// One opening of the display, drawn to until it goes away: the KMS display, the frame loop over the scene and
/// the driver pacing it, and the DRM fd in the event loop. A display that comes back gets a new session over
/// the same scene, which then draws itself whole.
final class PanelSession {
    let display: KMSDisplay
    let frames: FrameLoop
    private let driver: PanelDriver<EventLoop>
    private let events: EventLoop
    private let flips: EventLoop.Watch

    init(display: KMSDisplay, scene: Scene, setting: HostSetting, events: EventLoop, reportLatency: Bool,
         log: Logger) {
        self.display = display
        self.events = events
        scene.invalidateDrawing()
        frames = FrameLoop(scene: scene, display: display, scale: setting.scale, glyphs: setting.glyphs)
        driver = PanelDriver(clock: events, frames: frames, display: display, reportLatency: reportLatency, log: log)
        flips = events.watch(display.fd) { _ in display.handleEvents() }
        driver.start()
    }

    func touch(_ frame: TouchFrame) { driver.touch(frame) }

    func redraw() { driver.redraw() }

    /// Stops drawing: the fd leaves the loop and no timer of this session fires again. The display itself
    /// closes (and its CRTC is put back) when the last reference goes.
    func close() {
        events.unwatch(flips)
        driver.stop()
    }
}
