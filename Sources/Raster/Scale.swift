/// Pixels per point: the one conversion between the app's logical points (layout, touch, thresholds) and the
/// panel's pixels (Raster). Chosen once for the panel and given to both the input side and the drawing side.
public struct Scale: Hashable, Sendable, CustomStringConvertible {
    public let pixelsPerPoint: Double

    /// Non-finite or non-positive values fall back to 1; the range is held to 0.25…8 so a typo cannot make the
    /// picture microscopic or one point a quarter of the screen.
    public init(_ pixelsPerPoint: Double) {
        self.pixelsPerPoint = pixelsPerPoint.isFinite && pixelsPerPoint > 0 ? min(max(pixelsPerPoint, 0.25), 8) : 1
    }

    public static let one = Scale(1)

    /// The pixel density of a panel that is scale 1: a 7" 800x480 panel has about 133 dpi; 110 keeps it at 1
    /// and makes a 10" 1920x1080 panel (220 dpi) scale 2.
    public static let referenceDotsPerInch = 110.0

    /// The scale for a panel `widthPixels` wide that is `widthMillimetres` wide, in steps of a half, at least 1;
    /// nil when the panel does not say how big it is (some report 0 mm, or a size that is only an aspect ratio).
    public static func forPanel(widthPixels: Int, widthMillimetres: Int) -> Scale? {
        guard widthPixels > 0, widthMillimetres >= 20 else { return nil }
        let dotsPerInch = Double(widthPixels) / (Double(widthMillimetres) / 25.4)
        return Scale(max(1, (2 * dotsPerInch / referenceDotsPerInch).rounded() / 2))
    }

    @inline(__always)
    public func pixels(_ points: Double) -> Double { points * pixelsPerPoint }

    @inline(__always)
    public func points(_ pixels: Double) -> Double { pixels / pixelsPerPoint }

    /// Maps point coordinates to pixel coordinates.
    public var transform: AffineTransform { .scale(pixelsPerPoint) }

    public var description: String { "\(pixelsPerPoint)" }
}
