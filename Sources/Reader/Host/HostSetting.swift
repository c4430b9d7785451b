import Raster
import Text
import Widgets

/// What a scene is made with wherever it is shown (the panel, headless, a test): its size in points, the
/// typography at the display's scale, and the glyphs the frame loop draws with.
public struct HostSetting {
    /// The scene's size in points.
    public var size: Size
    public var typography: Typography
    /// Glyphs shared by everything the scene draws, offscreen pages included (the frame loop draws with it too).
    public var glyphs: GlyphCache
    /// How long an action started by a gesture (pull to action, refresh) takes to complete, seconds.
    public var actionSeconds: Double

    public init(size: Size, typography: Typography, glyphs: GlyphCache = GlyphCache(), actionSeconds: Double = 1) {
        self.size = size
        self.typography = typography
        self.glyphs = glyphs
        self.actionSeconds = actionSeconds.isFinite && actionSeconds >= 0 ? actionSeconds : 1
    }

    /// The setting for a picture `width`x`height` pixels at `scale`, its text set by `typesetter` (none: no words).
    public init(pixelWidth width: Int, pixelHeight height: Int, scale: Scale, typesetter: Typesetter?,
                glyphs: GlyphCache = GlyphCache(), actionSeconds: Double = 1) {
        self.init(size: Size(width: scale.points(Double(width)), height: scale.points(Double(height))),
                  typography: Typography(typesetter: typesetter, scale: scale), glyphs: glyphs,
                  actionSeconds: actionSeconds)
    }

    public var scale: Scale { typography.scale }
    public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }
}
