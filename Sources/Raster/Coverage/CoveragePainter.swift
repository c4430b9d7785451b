/// How overlapping contours combine into "inside".
public enum FillRule: Sendable {
    /// Inside where the contours wind around the point a non-zero number of times.
    case nonZero
    /// Inside where a ray from the point crosses an odd number of edges (holes in overlapping contours).
    case evenOdd
}

extension CoverageAccumulator {
    /// Composites `color` through the accumulated coverage onto the band's pixels of `surface`, source-over
    /// with pixman's rounding (src·coverage, then over), and leaves the cells and ranges cleared for reuse.
    ///
    /// Per row, the cells touched by upward and by downward edges are walked one by one (a running sum gives
    /// each pixel's coverage); between the two ranges, and after the last, nothing was touched, so the
    /// coverage is constant and the pixels are painted as a span.
    func paint(onto surface: Surface, color: Color, rule: FillRule) {
        // A table of tinted colours pays off from a dozen rows, or at once if it is already there.
        let src = color.argb
        let useTable = height >= 12 || scratch.pointee.tintColor == src
        let pixel = PixelPainter(src: src, evenOdd: rule == .evenOdd,
                                 tints: useTable ? scratch.pointee.tints(of: src) : nil)
        let left = Int(originX), top = Int(originY)
        let last = Int32(truncatingIfNeeded: width &- 1)
        for row in 0..<height {
            let range = ranges + row &* 4
            var aLo = range[0], aHi = range[1], bLo = range[2], bHi = range[3]
            range[0] = CoverageScratch.emptyRangeStart
            range[1] = CoverageScratch.emptyRangeEnd
            range[2] = CoverageScratch.emptyRangeStart
            range[3] = CoverageScratch.emptyRangeEnd
            if aLo > aHi {
                if bLo > bHi { continue }
                aLo = bLo
                aHi = bHi
                bLo = CoverageScratch.emptyRangeStart
                bHi = CoverageScratch.emptyRangeEnd
            } else if bLo <= bHi && bLo < aLo {
                swap(&aLo, &bLo)
                swap(&aHi, &bHi)
            }
            // Ranges that overlap or touch are walked as one.
            if bLo <= bHi && bLo <= aHi &+ 1 {
                aHi = max(aHi, bHi)
                bLo = CoverageScratch.emptyRangeStart
                bHi = CoverageScratch.emptyRangeEnd
            }
            let cell = cells + row &* cellStride
            if aLo > last {
                cell[width] = 0
                cell[width &+ 1] = 0
                continue
            }
            let dst = surface.row(top &+ (row < gapRow ? row : row &+ gapRows)) + left
            var coverage: Float = 0
            // The last cell of a range only carries what the edges leave to the rest of the row (an edge's area
            // goes to the cells before it), so its pixel starts the span that follows rather than being walked.
            // Cells at and past the right edge only hold carries that no visible pixel needs.
            pixel.walk(cell, dst, Int(aLo), Int(min(aHi &- 1, last)), &coverage)
            coverage += cell[Int(aHi)]
            cell[Int(aHi)] = 0
            var end = aHi
            if bLo <= bHi {
                pixel.span(dst + Int(aHi), count: Int(min(bLo, last &+ 1) &- aHi), coverage: coverage)
                pixel.walk(cell, dst, Int(bLo), Int(min(bHi &- 1, last)), &coverage)
                coverage += cell[Int(bHi)]
                cell[Int(bHi)] = 0
                end = bHi
            }
            if end <= last { pixel.span(dst + Int(end), count: Int(last &- end &+ 1), coverage: coverage) }
            cell[width] = 0
            cell[width &+ 1] = 0
        }
    }
}

/// Turns running coverage into pixels: 8-bit alpha under the fill rule, then pixman's src·alpha over dst.
struct PixelPainter {
    let src: UInt32
    let opaque: Bool
    let evenOdd: Bool
    /// No channel exceeds alpha, as premultiplied colours should: then src·a + dst·(1 − αsrc·a) never
    /// overflows a byte and pixman's saturating add is a plain add.
    let premultiplied: Bool
    /// src·a by alpha, when a table is at hand.
    let tints: UnsafeMutablePointer<UInt32>?

    init(src: UInt32, evenOdd: Bool, tints: UnsafeMutablePointer<UInt32>? = nil) {
        self.src = src
        self.tints = tints
        let a = src >> 24
        opaque = a == 255
        premultiplied = Color(argb: src).isPremultiplied
        self.evenOdd = evenOdd
    }

    /// pixman's OVER of a premultiplied source pixel on `dst`.
    @inline(__always)
    func over(_ s: UInt32, _ dst: UInt32) -> UInt32 {
        if premultiplied { return overPremultiplied(s, dst) }
        return PixelMath.addSaturating(s, PixelMath.mulChannels(dst, 255 &- (s &>> 24)))
    }

    /// The same for a painter known to be `premultiplied`. Hot loops call this one: through `over` the compiler
    /// computes both adds and selects, a dozen instructions per pixel for nothing.
    @inline(__always)
    func overPremultiplied(_ s: UInt32, _ dst: UInt32) -> UInt32 {
        s &+ PixelMath.mulChannels(dst, 255 &- (s &>> 24))
    }

    /// src·a with pixman's rounding.
    @inline(__always)
    func tinted(_ a: UInt32) -> UInt32 {
        if let tints { return tints[Int(a)] }
        return PixelMath.mulChannels(src, a)
    }

    /// Winding coverage to an 8-bit alpha.
    @inline(__always)
    func alpha(_ coverage: Float) -> UInt32 {
        var c = abs(coverage)
        if evenOdd {
            c -= 2 * (c * 0.5).rounded(.down)
            if c > 1 { c = 2 - c }
        } else {
            c = min(c, 1)
        }
        return UInt32(c * 255 + 0.5)
    }

    /// Pixels first...last (clipped to the row), adding each cell to the running coverage and clearing it.
    @inline(__always)
    func walk(_ cell: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<UInt32>, _ first: Int,
              _ last: Int, _ coverage: inout Float) {
        var i = first
        if let tints, !evenOdd, premultiplied {
            // No branch on the coverage (edge pixels' alphas are unpredictable): alpha 0 and 255 come out exact
            // through the same arithmetic, dst·255/255 = dst and src + dst·0 = src.
            while i <= last {
                coverage += cell[i]
                cell[i] = 0
                let a = UInt32(min(abs(coverage), 1) * 255 + 0.5)
                dst[i] = overPremultiplied(tints[Int(a)], dst[i])
                i &+= 1
            }
            return
        }
        while i <= last {
            coverage += cell[i]
            cell[i] = 0
            let a = alpha(coverage)
            if a == 255 && opaque {
                dst[i] = src
            } else if a != 0 {
                dst[i] = over(tinted(a), dst[i])
            }
            i &+= 1
        }
    }

    /// `count` pixels of one coverage.
    @inline(__always)
    func span(_ dst: UnsafeMutablePointer<UInt32>, count: Int, coverage: Float) {
        if count <= 0 { return }
        let a = alpha(coverage)
        if a == 0 { return }
        if a == 255 && opaque {
            return OpaqueRun.fill(dst, count: count, with: src)
        }
        let s = a == 255 ? src : PixelMath.mulChannels(src, a)
        for i in 0..<count { dst[i] = over(s, dst[i]) }
    }
}
