import Raster

/// Where frames go. The app draws into `shadow` (cached memory, logical orientation) and asks the display to
/// show the damaged parts; a display never hands out its scanout memory for reading.
public protocol Display: AnyObject {
    /// Human-readable, for logs: "headless 1280x800", "HDMI-A-1 1920x1080@60".
    var name: String { get }
    /// The surface to draw into, in logical pixels.
    var shadow: Surface { get }
    /// Shows the damaged rectangles of `shadow`.
    func present(_ damage: DamageRegion) throws
}
