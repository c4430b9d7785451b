import Raster
import Text
import Widgets

/// One of the interaction demos: a scene on its own that `lectern run --demo` shows, `lectern replay` plays a
/// trace through and inspects frame by frame, and `lectern render --demo` turns into pictures.
public protocol DemoScene: Scene {
    /// The scene's fields for `lectern replay`, in the order INTERACTIONS.md's inspection contract lists them.
    func inspection() -> [(String, JSONValue)]
    /// Starts the scene's action from code at `time`, as `--refresh-at` asks (a refresh, an update); scenes
    /// without an action ignore it.
    func startAction(at time: Double)
}

extension DemoScene {
    public func startAction(at time: Double) {}
}

/// What every demo scene is made with.
public struct DemoSetting {
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

/// The demo scenes by the names `lectern replay` and `lectern run --demo` know them, in the order the demo
/// shows them.
public enum DemoCatalog {
    public static let names = ["pull-menu", "article-pager", "pull-to-action", "circular-refresh", "swipe-rows"]

    /// The scene called `name`, or nil for a name no scene has.
    public static func make(_ name: String, setting: DemoSetting) -> (any DemoScene)? {
        switch name {
        case "pull-menu": PullMenuScene(setting: setting)
        case "article-pager": ArticlePagerScene(setting: setting)
        case "pull-to-action": PullToActionScene(setting: setting)
        case "circular-refresh": CircularRefreshScene(setting: setting)
        case "swipe-rows": SwipeRowsScene(setting: setting)
        default: nil
        }
    }
}
