import Raster

/// What a component changed since it last drew, gathered in points and handed to the scene as pixels.
public struct Damage {
    public private(set) var rects: [Rect] = []

    public init() {}

    public var isEmpty: Bool { rects.isEmpty }

    public mutating func add(_ rect: Rect) {
        if !rect.isEmpty { rects.append(rect) }
    }

    public mutating func add(_ other: Damage) { rects += other.rects }

    /// The pixels to redraw on a surface of `scale`, clipped to `limit`.
    public func region(scale: Scale, within limit: PixelRect) -> DamageRegion {
        var region = DamageRegion()
        for rect in rects { region.add(Canvas.pixels(covering: rect, scale: scale).intersection(limit)) }
        return region
    }
}
