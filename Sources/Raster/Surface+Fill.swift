extension Surface {
    /// Replaces every pixel of `rect` (clipped to the surface) with `color`.
    public func fill(_ rect: PixelRect, with color: Color) {
        let r = rect.intersection(bounds)
        if r.isEmpty { return }
        let value = color.argb
        for y in r.minY..<r.maxY {
            row(y).advanced(by: r.x).update(repeating: value, count: r.width)
        }
    }

    /// Fills the whole surface with `color`.
    public func clear(to color: Color) { fill(bounds, with: color) }

    /// Paints `color` over `rect` (source-over), blending with what is there.
    public func blend(_ rect: PixelRect, with color: Color) {
        if color.isOpaque { return fill(rect, with: color) }
        if color.alpha == 0 && color.argb == 0 { return }
        let r = rect.intersection(bounds)
        if r.isEmpty { return }
        let src = color.argb
        for y in r.minY..<r.maxY {
            let p = row(y) + r.x
            for i in 0..<r.width { p[i] = PixelMath.over(src, p[i]) }
        }
    }

    /// Copies `sourceRect` of `source` so that its top-left lands at (x, y), clipped to both surfaces.
    public func copy(from source: Surface, sourceRect: PixelRect? = nil, toX x: Int, y: Int) {
        var src = (sourceRect ?? source.bounds).intersection(source.bounds)
        var dst = PixelRect(x: x + (src.x - (sourceRect ?? source.bounds).x),
                            y: y + (src.y - (sourceRect ?? source.bounds).y), width: src.width, height: src.height)
        let clipped = dst.intersection(bounds)
        if clipped.isEmpty { return }
        src = PixelRect(x: src.x + clipped.x - dst.x, y: src.y + clipped.y - dst.y,
                        width: clipped.width, height: clipped.height)
        dst = clipped
        for row in 0..<dst.height {
            self.row(dst.y + row).advanced(by: dst.x)
                .update(from: source.row(src.y + row).advanced(by: src.x), count: dst.width)
        }
    }
}
