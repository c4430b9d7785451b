extension Surface {
    /// Replaces every pixel of `rect` (clipped to the surface) with `color`.
    public func fill(_ rect: PixelRect, with color: Color) {
        let r = rect.intersection(bounds)
        if r.isEmpty { return }
        let value = color.argb
        if value == (value & 0xFF) &* 0x0101_0101 {
            // Four equal bytes (clear, white): memset, which the C library does a little faster than any loop.
            let byte = UInt8(truncatingIfNeeded: value)
            forEachRun(in: r) {
                UnsafeMutableRawPointer($0).initializeMemory(as: UInt8.self, repeating: byte, count: $1 &* 4)
            }
        } else {
            forEachRun(in: r) { $0.update(repeating: value, count: $1) }
        }
    }

    /// Fills the whole surface with `color`.
    public func clear(to color: Color) { fill(bounds, with: color) }

    /// Paints `color` over `rect` (source-over), blending with what is there; pixman's OVER to the byte.
    public func blend(_ rect: PixelRect, with color: Color) {
        if color.isOpaque { return fill(rect, with: color) }
        if color.argb == 0 { return }
        let r = rect.intersection(bounds)
        if r.isEmpty { return }
        let src = color.argb
        forEachRun(in: r) { CompositeRow.overSolid($0, count: $1, color: src) }
    }

    /// Copies `sourceRect` of `source` so that its top-left lands at (x, y), clipped to both surfaces.
    /// Overlapping source and destination (scrolling within one surface) are handled like memmove.
    public func copy(from source: Surface, sourceRect: PixelRect? = nil, toX x: Int, y: Int) {
        let requested = sourceRect ?? source.bounds
        guard let (src, dst) = clippedTransfer(from: source, sourceRect: requested, toX: x, y: y) else { return }
        let bytes = dst.width &* 4
        if src.width == width && stride == width && source.stride == source.width && source.width == width {
            // Whole rows of two tightly packed surfaces: one block, by memcpy (CompositeRow.copy) unless the two
            // overlap (scrolling within one surface), which memmove handles.
            let to = row(dst.y), from = source.row(src.y), count = dst.width &* dst.height
            if to + count <= from || from + count <= to {
                CompositeRow.copy(to, from: from, count: count)
            } else {
                UnsafeMutableRawPointer(to).copyMemory(from: from, byteCount: bytes &* dst.height)
            }
            return
        }
        // Rows in an order that never reads a row already overwritten when both are the same memory.
        let downward = source !== self || dst.y <= src.y
        for k in 0..<dst.height {
            let r = downward ? k : dst.height &- 1 &- k
            UnsafeMutableRawPointer(row(dst.y &+ r) + dst.x)
                .copyMemory(from: source.row(src.y &+ r) + src.x, byteCount: bytes)
        }
    }

    /// Calls `body` with (first pixel, count) for each row of `r`, or once when the rows are contiguous.
    @inline(__always)
    func forEachRun(in r: PixelRect, _ body: (UnsafeMutablePointer<UInt32>, Int) -> Void) {
        if r.width == stride {
            body(row(r.y), r.width &* r.height)
        } else {
            for y in r.minY..<r.maxY { body(row(y) + r.x, r.width) }
        }
    }

    /// Source and destination rectangles of a transfer of `sourceRect` to (x, y), clipped to both surfaces
    /// (and to `clip`), or nil when nothing is left. Coordinates are clamped first so nothing overflows.
    func clippedTransfer(from source: Surface, sourceRect: PixelRect, toX x: Int, y: Int,
                         clip: PixelRect? = nil) -> (source: PixelRect, destination: PixelRect)? {
        let limit = 1 << 40
        guard x.magnitude < limit, y.magnitude < limit, sourceRect.x.magnitude < limit,
              sourceRect.y.magnitude < limit else { return nil }
        let requested = PixelRect(x: sourceRect.x, y: sourceRect.y,
                                  width: min(sourceRect.width, limit), height: min(sourceRect.height, limit))
        let src = requested.intersection(source.bounds)
        if src.isEmpty { return nil }
        let placed = PixelRect(x: x + (src.x - requested.x), y: y + (src.y - requested.y),
                               width: src.width, height: src.height)
        let target = clip.map { $0.intersection(bounds) } ?? bounds
        let dst = placed.intersection(target)
        if dst.isEmpty { return nil }
        let from = PixelRect(x: src.x + dst.x - placed.x, y: src.y + dst.y - placed.y,
                             width: dst.width, height: dst.height)
        return (from, dst)
    }
}
