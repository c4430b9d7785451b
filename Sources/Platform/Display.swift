import Raster

/// Where frames go. The app draws into `shadow` (cached memory, logical orientation) and asks the display to
/// show the damaged parts; a display never hands out its scanout memory for reading.
public protocol Display: AnyObject {
    /// Human-readable, for logs: "headless 1280x800", "HDMI-A-1 1920x1080@60".
    var name: String { get }
    /// The surface to draw into, in logical pixels.
    var shadow: Surface { get }
    /// Seconds from one refresh of the glass to the next.
    var refreshPeriod: Double { get }
    /// Whether a frame is on its way to the glass. The frame loop draws the next one only once it has arrived,
    /// so frames are paced by the display, not by a timer.
    var isFlipPending: Bool { get }
    /// Shows the damaged rectangles of `shadow`. Never waits: while a flip is pending the damage is kept and
    /// goes out with the next present (returns false then).
    @discardableResult
    func present(_ damage: DamageRegion) throws -> Bool
}
