extension Surface {
    /// Paints `image` with its top-left at a fractional position (x, y), source-over, faded by `opacity` in
    /// 0…1 (rounded to 1/255 as in `composite(_:atX:y:opacity:clip:)`): the moving page of a transition.
    ///
    /// Sampling is bilinear: each destination pixel mixes the four image pixels around its centre, first
    /// along x then along y, with weights of 1/256 and rounding to nearest after each pass. Outside the image
    /// counts as transparent, so the one-pixel border of a moved image is partly see-through, as it should be.
    /// Whole-pixel positions take the exact integer path (`composite(_:atX:y:alpha:clip:)`), so a page at rest
    /// is a plain copy. NaN, infinite or absurd positions draw nothing.
    public func composite(_ image: Surface, atSubpixelX x: Double, y: Double, opacity: Double = 1,
                          clip: PixelRect? = nil) {
        let a = Self.alphaByte(opacity)
        guard a != 0, x.isFinite, y.isFinite, abs(x) < 1e12, abs(y) < 1e12 else { return }
        let floorX = x.rounded(.down), floorY = y.rounded(.down)
        var ix = Int(floorX), iy = Int(floorY)
        var wx = Int(((x - floorX) * 256).rounded()), wy = Int(((y - floorY) * 256).rounded())
        if wx == 256 { ix += 1; wx = 0 }
        if wy == 256 { iy += 1; wy = 0 }
        if wx == 0 && wy == 0 { return composite(image, atX: ix, y: iy, alpha: a, clip: clip) }

        // A fractional offset touches one more column (and row) than the image has.
        let footprint = PixelRect(x: ix, y: iy, width: image.width + (wx > 0 ? 1 : 0),
                                  height: image.height + (wy > 0 ? 1 : 0))
        let area = footprint.intersection(clip.map { $0.intersection(bounds) } ?? bounds)
        if area.isEmpty { return }
        let source = image === self ? Self.snapshot(of: image) : image

        let n = area.width
        let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: 4 &* n &+ 1)
        defer { buffer.deallocate() }
        let padded = buffer, above = buffer + n + 1, below = above + n, mixed = below + n
        let firstColumn = area.minX - ix
        let force: UInt32 = source.format == .xrgb8888 ? 0xFF00_0000 : 0

        /// Image row `j` moved by the x fraction into `out`; rows outside the image are transparent.
        func horizontal(_ j: Int, into out: UnsafeMutablePointer<UInt32>) {
            guard j >= 0 && j < source.height else { return out.update(repeating: 0, count: n) }
            // padded[t] is image pixel firstColumn − 1 + t, zero beyond the image's ends.
            let first = firstColumn &- 1
            let lo = max(first, 0), hi = min(first &+ n &+ 1, source.width)
            let inside = max(hi &- lo, 0), before = min(max(lo &- first, 0), n &+ 1)
            padded.update(repeating: 0, count: before)
            if inside > 0 { (padded + before).update(from: source.row(j) + lo, count: inside) }
            (padded + before + inside).update(repeating: 0, count: n &+ 1 &- before &- inside)
            if force != 0 { for t in before..<(before &+ inside) { padded[t] |= force } }
            if wx == 0 {
                out.update(from: padded + 1, count: n)
            } else {
                PixelMath.lerpRow(out, padded, padded + 1, count: n, firstWeight: UInt16(wx))
            }
        }

        var k = area.minY - iy
        if wy > 0 { horizontal(k - 1, into: above) }
        var upper = above, lower = below
        for dy in area.minY..<area.maxY {
            horizontal(k, into: lower)
            if wy > 0 {
                PixelMath.lerpRow(mixed, upper, lower, count: n, firstWeight: UInt16(wy))
                CompositeRow.overImage(row(dy) + area.x, mixed, count: n, alpha: UInt32(a), opaqueSource: false)
                swap(&upper, &lower)
            } else {
                CompositeRow.overImage(row(dy) + area.x, lower, count: n, alpha: UInt32(a), opaqueSource: false)
            }
            k += 1
        }
    }

    /// A private copy of `surface`, for drawing a surface onto itself.
    static func snapshot(of surface: Surface) -> Surface {
        let copy = Surface(width: surface.width, height: surface.height, format: surface.format)
        copy.copy(from: surface, toX: 0, y: 0)
        return copy
    }
}

extension PixelMath {
    /// out = (first·w + second·(256 − w) + 128) / 256 per channel; w ≤ 256 keeps every sum inside 16 bits.
    @inline(__always)
    static func lerpRow(_ out: UnsafeMutablePointer<UInt32>, _ first: UnsafePointer<UInt32>,
                        _ second: UnsafePointer<UInt32>, count: Int, firstWeight w: UInt16) {
        let wa = Lanes8(repeating: w), wb = Lanes8(repeating: 256 &- w), half = Lanes8(repeating: 128)
        var i = 0
        while i &+ 4 <= count {
            let a = load4(first + i), b = load4(second + i)
            let low = (lowLanes(a) &* wa &+ lowLanes(b) &* wb &+ half) &>> 8
            let high = (highLanes(a) &* wa &+ highLanes(b) &* wb &+ half) &>> 8
            store4(pack(low: low, high: high), out + i)
            i &+= 4
        }
        let sa = UInt32(w), sb = 256 &- UInt32(w)
        while i < count {
            let a = first[i], b = second[i]
            let low = ((a & 0x00FF_00FF) &* sa &+ (b & 0x00FF_00FF) &* sb &+ 0x0080_0080) &>> 8 & 0x00FF_00FF
            let high = ((a &>> 8 & 0x00FF_00FF) &* sa &+ (b &>> 8 & 0x00FF_00FF) &* sb &+ 0x0080_0080) & 0xFF00_FF00
            out[i] = low | high
            i &+= 1
        }
    }
}
