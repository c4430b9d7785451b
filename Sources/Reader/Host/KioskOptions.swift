import Raster

/// How the panel is shown, as `lectern run` was asked.
public struct KioskOptions: Sendable {
    /// Pixels per point; nil: from the panel's size in millimetres (1 when it does not say).
    public var scale: Scale?
    /// Print every touch as it reaches the scene, in points, and how soon the frame showing it reached the glass.
    public var showTouches: Bool

    public init(scale: Scale? = nil, showTouches: Bool = false) {
        self.scale = scale
        self.showTouches = showTouches
    }
}
