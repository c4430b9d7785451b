/// An 8-bit coverage mask (a glyph, a pre-rendered shape); 0 is untouched, 255 fully covered.
public final class AlphaMask: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Distance between rows, in bytes.
    public let stride: Int
    public let coverage: UnsafeMutablePointer<UInt8>

    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "mask size must not be negative")
        self.width = width
        self.height = height
        stride = width
        coverage = .allocate(capacity: max(width * height, 1))
        coverage.initialize(repeating: 0, count: max(width * height, 1))
    }

    deinit { coverage.deallocate() }

    /// Bytes held, for caches that are bounded in memory.
    public var byteCount: Int { max(width * height, 1) }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { coverage[y * stride + x] }
        set { coverage[y * stride + x] = newValue }
    }
}

extension Surface {
    /// Paints `color` through `mask` with the mask's top-left at (x, y): dst = color·m + dst·(1 − αcolor·m),
    /// pixman's OVER with a solid source and an a8 mask, to the byte. Clipped to the surface and `clip`.
    public func draw(_ mask: AlphaMask, atX x: Int, y: Int, color: Color, clip: PixelRect? = nil) {
        if color.argb == 0 { return }
        let limit: UInt = 1 << 40
        guard x.magnitude < limit, y.magnitude < limit else { return }
        let area = PixelRect(x: x, y: y, width: mask.width, height: mask.height)
            .intersection(clip.map { $0.intersection(bounds) } ?? bounds)
        if area.isEmpty { return }
        CompositeRow.overMask(row(area.y) + area.x, dstStride: stride,
                              mask.coverage + (area.y - y) * mask.stride + (area.x - x), maskStride: mask.stride,
                              width: area.width, height: area.height, color: color.argb)
    }
}
