import Feeds
import Raster
import Text
import Widgets

/// One of the interaction demos: a scene on its own that `lectern run --demo` shows, `lectern replay` plays a
/// trace through and inspects frame by frame, and `lectern render --demo` turns into pictures.
public protocol DemoScene: Scene {
    /// The scene's fields for `lectern replay`, in the order docs/replay.md's inspection contract lists them.
    func inspection() -> [(String, JSONValue)]
    /// Starts the scene's action from code at `time`, as `--refresh-at` asks (a refresh, an update); scenes
    /// without an action ignore it.
    func startAction(at time: Double)
}

extension DemoScene {
    public func startAction(at time: Double) {}
}

/// The demo scenes by the names `lectern replay` and `lectern run --demo` know them, in the order the demo
/// shows them.
public enum DemoCatalog {
    public static let names = ["pull-menu", "article-pager", "pull-to-action", "circular-refresh", "swipe-rows"]

    /// The scene called `name`, or nil for a name no scene has.
    public static func make(_ name: String, setting: HostSetting) -> (any DemoScene)? {
        switch name {
        case "pull-menu": PullMenuScene(setting: setting)
        case "article-pager": ArticlePagerScene(setting: setting)
        case "pull-to-action": PullToActionScene(setting: setting)
        case "circular-refresh": CircularRefreshScene(setting: setting)
        case "swipe-rows": SwipeRowsScene(setting: setting)
        default: nil
        }
    }

    /// The scene called `name`; throws for a name no scene has.
    public static func scene(named name: String, setting: HostSetting) throws -> any DemoScene {
        guard let made = make(name, setting: setting) else { throw UnknownDemo(name: name) }
        return made
    }
}

/// A demo asked for by a name no demo has.
public struct UnknownDemo: Error, CustomStringConvertible {
    public let name: String

    public var description: String { "no scene '\(name)' (scenes: \(DemoCatalog.names.joined(separator: ", ")))" }
}
