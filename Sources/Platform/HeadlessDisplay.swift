import Raster

/// A display with no panel behind it: the "scanout" is ordinary memory, so what would be on the glass can be
/// saved as a picture. Used by `lectern run` when no DRM device can be opened, by `lectern render`, and by tests.
public final class HeadlessDisplay: Display {
    public let shadow: Surface
    /// What the panel would show after the last `present`.
    public let scanout: Surface
    /// How many frames have been presented.
    public private(set) var presentedFrames = 0
    /// Pixels copied to the scanout so far: damage tracking is measured through this.
    public private(set) var copiedPixels = 0

    public init(width: Int, height: Int) {
        shadow = Surface(width: width, height: height, format: .xrgb8888, fill: .black)
        scanout = Surface(width: width, height: height, format: .xrgb8888, fill: .black)
    }

    public var name: String { "headless \(shadow.width)x\(shadow.height)" }

    public func present(_ damage: DamageRegion) throws {
        for rect in damage.clipped(to: shadow.bounds).rects {
            scanout.copy(from: shadow, sourceRect: rect, toX: rect.x, y: rect.y)
            copiedPixels += rect.area
        }
        presentedFrames += 1
    }
}
