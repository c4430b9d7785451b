/// How overlapping contours combine into "inside".
public enum FillRule: Sendable {
    /// Inside where the contours wind around the point a non-zero number of times.
    case nonZero
    /// Inside where a ray from the point crosses an odd number of edges (holes in overlapping contours).
    case evenOdd
}

extension CoverageAccumulator {
    /// Composites `color` through the accumulated coverage onto the band's pixels of `surface`, source-over
    /// with pixman's rounding (src·coverage, then over), and leaves the cells and marks cleared for reuse.
    func paint(onto surface: Surface, color: Color, rule: FillRule) {
        let src = color.argb
        let opaque = color.isOpaque
        let evenOdd = rule == .evenOdd
        let left = Int(originX), top = Int(originY)
        for row in 0..<height {
            let cell = cells + row &* cellStride
            let words = marks + row &* markStride
            let dst = surface.row(top &+ row) + left
            var coverage: Float = 0
            var x = 0
            while x < width {
                let next = min(Self.nextMark(words, markStride, from: x), width)
                if next > x {
                    // Untouched cells keep the running coverage: one constant span.
                    let alpha = Self.alpha(coverage, evenOdd: evenOdd)
                    if alpha != 0 { Self.span(dst + x, count: next &- x, src: src, opaque: opaque, alpha: alpha) }
                }
                if next >= width { break }
                coverage += cell[next]
                cell[next] = 0
                let alpha = Self.alpha(coverage, evenOdd: evenOdd)
                if alpha == 255 && opaque {
                    dst[next] = src
                } else if alpha != 0 {
                    dst[next] = PixelMath.over(PixelMath.mulChannels(src, alpha), dst[next])
                }
                x = next &+ 1
            }
            cell[width] = 0
            cell[width &+ 1] = 0
            for w in 0..<markStride { words[w] = 0 }
        }
    }

    /// Index of the first marked cell at or after `x`, or Int.max.
    @inline(__always)
    static func nextMark(_ words: UnsafeMutablePointer<UInt64>, _ count: Int, from x: Int) -> Int {
        var w = x &>> 6
        var bits = words[w] & (~UInt64(0) &<< UInt64(x & 63))
        while bits == 0 {
            w &+= 1
            if w >= count { return Int.max }
            bits = words[w]
        }
        return w &<< 6 | bits.trailingZeroBitCount
    }

    /// Winding coverage to an 8-bit alpha under the fill rule.
    @inline(__always)
    static func alpha(_ coverage: Float, evenOdd: Bool) -> UInt32 {
        var c = abs(coverage)
        if evenOdd {
            c -= 2 * (c * 0.5).rounded(.down)
            if c > 1 { c = 2 - c }
        } else {
            c = min(c, 1)
        }
        return UInt32(c * 255 + 0.5)
    }

    @inline(__always)
    static func span(_ dst: UnsafeMutablePointer<UInt32>, count: Int, src: UInt32, opaque: Bool, alpha: UInt32) {
        if alpha == 255 && opaque {
            dst.update(repeating: src, count: count)
            return
        }
        let s = alpha == 255 ? src : PixelMath.mulChannels(src, alpha)
        for i in 0..<count { dst[i] = PixelMath.over(s, dst[i]) }
    }
}
