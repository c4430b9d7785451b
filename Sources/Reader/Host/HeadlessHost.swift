import Platform
import Raster
import Text
import Touch
import Widgets

/// A scene on a display with no panel behind it, its frames on a virtual clock: what `lectern run` shows without
/// a panel, and what `replay`, `render --demo`, `soak`, the widget benchmark and the tests play traces through.
/// One assembly of display, glyphs, setting and frame loop, so each of them sees exactly what the panel would.
///
/// `Shown` is the scene as its maker knows it (a `DemoShell`, `any DemoScene`), for what it inspects.
public final class HeadlessHost<Shown> {
    public let display: HeadlessDisplay
    public let setting: HostSetting
    public let scene: Shown
    public let frames: FrameLoop
    /// Frames per second of the virtual clock.
    public let fps: Double

    private init(setting: HostSetting, fps: Double, make: (HostSetting) throws -> (shown: Shown, root: any Scene))
        rethrows {
        let scale = setting.scale
        self.setting = setting
        self.fps = fps
        display = HeadlessDisplay(width: Int(scale.pixels(setting.size.width).rounded()),
                                  height: Int(scale.pixels(setting.size.height).rounded()), refreshPeriod: 1 / fps)
        let made = try make(setting)
        scene = made.shown
        frames = FrameLoop(scene: made.root, display: display, scale: scale, glyphs: setting.glyphs)
    }

    /// What the panel would show now.
    public var picture: Surface { display.scanout }

    /// Draws the frame the panel shows first, at time 0.
    public func showFirstFrame() throws {
        try frames.frame(at: 0)
    }

    /// Plays `trace` through the scene (see `TraceReplay`), `report` hearing of every frame once it is presented.
    public func play(_ trace: TouchTrace, refreshAt: Double? = nil, startAction: (Double) -> Void = { _ in },
                     frame report: (TraceReplay.Frame) throws -> Void) throws {
        try TraceReplay(trace: trace, fps: fps, refreshAt: refreshAt)
            .play(frames.scene, loop: frames, startAction: startAction, frame: report)
    }
}

extension HeadlessHost where Shown: Scene {
    /// `setting`'s size in points at its scale gives the display's size in pixels.
    public convenience init(setting: HostSetting, fps: Double = 60, makeScene: (HostSetting) throws -> Shown)
        rethrows {
        try self.init(setting: setting, fps: fps) { setting in
            let made = try makeScene(setting)
            return (made, made)
        }
    }

    /// A display `width`x`height` pixels at `pixelsPerPoint`, text set by `typesetter` (none: no words).
    public convenience init(pixelWidth width: Int, pixelHeight height: Int, pixelsPerPoint: Double = 1, fps: Double = 60,
                            typesetter: Typesetter?, glyphs: GlyphCache = GlyphCache(), actionSeconds: Double = 1,
                            makeScene: (HostSetting) throws -> Shown) rethrows {
        try self.init(setting: HostSetting(pixelWidth: width, pixelHeight: height, scale: Scale(pixelsPerPoint),
                                           typesetter: typesetter, glyphs: glyphs, actionSeconds: actionSeconds),
                      fps: fps, makeScene: makeScene)
    }
}

extension HeadlessHost where Shown == any DemoScene {
    /// `setting`'s size in points at its scale gives the display's size in pixels.
    public convenience init(setting: HostSetting, fps: Double = 60, makeScene: (HostSetting) throws -> Shown)
        rethrows {
        try self.init(setting: setting, fps: fps) { setting in
            let made = try makeScene(setting)
            return (made, made)
        }
    }

    /// A display `width`x`height` pixels at `pixelsPerPoint`, text set by `typesetter` (none: no words).
    public convenience init(pixelWidth width: Int, pixelHeight height: Int, pixelsPerPoint: Double = 1, fps: Double = 60,
                            typesetter: Typesetter?, glyphs: GlyphCache = GlyphCache(), actionSeconds: Double = 1,
                            makeScene: (HostSetting) throws -> Shown) rethrows {
        try self.init(setting: HostSetting(pixelWidth: width, pixelHeight: height, scale: Scale(pixelsPerPoint),
                                           typesetter: typesetter, glyphs: glyphs, actionSeconds: actionSeconds),
                      fps: fps, makeScene: makeScene)
    }
}
