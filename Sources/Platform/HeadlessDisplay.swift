import Raster

/// A display with no panel behind it: the "scanout" is ordinary memory, so what would be on the glass can be
/// saved as a picture. Used by `lectern run` when no DRM device can be opened, by `lectern render` and
/// `lectern replay`, and by tests. A present reaches the "glass" at once, so no flip is ever pending; the
/// frame loop runs on a virtual clock instead.
public final class HeadlessDisplay: Display {
    public let shadow: Surface
    /// What the panel would show after the last `present`.
    public let scanout: Surface
    public let refreshPeriod: Double
    /// How many frames have been presented.
    public private(set) var presentedFrames = 0
    /// Pixels copied to the scanout so far: damage tracking is measured through this.
    public private(set) var copiedPixels = 0

    public init(width: Int, height: Int, refreshPeriod: Double = 1.0 / 60) {
        shadow = Surface(width: width, height: height, format: .xrgb8888, fill: .black)
        scanout = Surface(width: width, height: height, format: .xrgb8888, fill: .black)
        self.refreshPeriod = refreshPeriod
    }

    public var name: String { "headless \(shadow.width)x\(shadow.height)" }

    public var isFlipPending: Bool { false }

    @discardableResult
    public func present(_ damage: DamageRegion) throws -> Bool {
        for rect in damage.clipped(to: shadow.bounds).rects {
            scanout.copy(from: shadow, sourceRect: rect, toX: rect.x, y: rect.y)
            copiedPixels += rect.area
        }
        presentedFrames += 1
        return true
    }
}
