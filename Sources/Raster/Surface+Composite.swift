extension Surface {
    /// Paints `image` with its top-left at (x, y), source-over, faded by a global `alpha`:
    /// dst = s·α + dst·(1 − αs·α). Pixman's OVER of the image through a solid alpha mask, to the byte.
    /// An XRGB image counts as opaque. Clipped to both surfaces and to `clip`.
    public func composite(_ image: Surface, atX x: Int, y: Int, alpha: UInt8 = 255, clip: PixelRect? = nil) {
        if alpha == 0 { return }
        guard let (src, dst) = clippedTransfer(from: image, sourceRect: image.bounds, toX: x, y: y, clip: clip)
        else { return }
        let opaqueSource = image.format == .xrgb8888
        if alpha == 255 && opaqueSource && format == .xrgb8888 {
            // An opaque page at rest: nothing to blend, only rows to copy.
            return copy(from: image, sourceRect: src, toX: dst.x, y: dst.y)
        }
        let a = UInt32(alpha)
        if image === self {
            // Compositing a surface onto itself: go through a copy of the rows it reads.
            let copy = Surface(width: src.width, height: src.height, format: image.format)
            copy.copy(from: image, sourceRect: src, toX: 0, y: 0)
            for k in 0..<dst.height {
                CompositeRow.overImage(row(dst.y &+ k) + dst.x, copy.row(k), count: dst.width,
                                       alpha: a, opaqueSource: opaqueSource)
            }
            return
        }
        for k in 0..<dst.height {
            CompositeRow.overImage(row(dst.y &+ k) + dst.x, image.row(src.y &+ k) + src.x, count: dst.width,
                                   alpha: a, opaqueSource: opaqueSource)
        }
    }

    /// As `composite(_:atX:y:alpha:clip:)` with the global alpha as an `opacity` in 0…1, rounded to the
    /// nearest 1/255 (0.9 becomes 230); NaN counts as 0.
    public func composite(_ image: Surface, atX x: Int, y: Int, opacity: Double, clip: PixelRect? = nil) {
        composite(image, atX: x, y: y, alpha: Self.alphaByte(opacity), clip: clip)
    }

    /// `opacity` in 0…1 as a byte, rounded to nearest, half away from zero.
    static func alphaByte(_ opacity: Double) -> UInt8 {
        guard opacity.isFinite else { return opacity == .infinity ? 255 : 0 }
        return UInt8((min(max(opacity, 0), 1) * 255).rounded())
    }
}
