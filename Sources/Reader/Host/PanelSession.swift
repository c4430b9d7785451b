import Logging
import Platform
import Text
import Touch
import Widgets

/// One opening of a display, drawn to until it goes away: the display, the frame loop over the scene and the
/// driver pacing it. A display that comes back gets a new session over the same scene, which then draws itself
/// whole.
final class PanelSession {
    let display: any FlippingDisplay
    let frames: FrameLoop
    private let driver: PanelDriver<EventLoop>

    init(display: any FlippingDisplay, scene: Scene, setting: HostSetting, events: EventLoop, reportLatency: Bool,
         log: Logger) {
        self.display = display
        scene.invalidateDrawing()
        frames = FrameLoop(scene: scene, display: display, scale: setting.scale, glyphs: setting.glyphs)
        driver = PanelDriver(clock: events, frames: frames, display: display, reportLatency: reportLatency, log: log)
        driver.start()
    }

    func touch(_ frame: TouchFrame) { driver.touch(frame) }

    func redraw() { driver.redraw() }

    /// Stops drawing: no timer or flip of this session reaches the loop again. The display itself closes (for
    /// KMS, its CRTC is put back) when the last reference goes.
    func close() {
        driver.stop()
    }
}
