// The painter of the coverage accumulator: running coverage to pixels. Its four-pixel blend multiplies through the
// lane helpers of PixelMath+Vector.swift, which inline in every file of the module (see `PixelMath.widen`); with the
// stdlib's conversions there, it had to share a file with the kernels, and from a file of its own the blend took
// calls instead of a multiply-high.

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
        let stride = surface.stride
        var dst = surface.pixels + top &* stride + left
        var cell = cells
        var range = ranges
        for row in 0..<height {
            defer {
                dst += row &+ 1 == gapRow ? stride &* (gapRows &+ 1) : stride
                cell += cellStride
                range += 4
            }
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
            if aLo > last {
                cell[width] = 0
                cell[width &+ 1] = 0
                continue
            }
            var coverage: Float = 0
            // The last cell of a range only carries what the edges leave to the rest of the row (an edge's area
            // goes to the cells before it), so its pixel starts the span that follows rather than being walked.
            // Cells at and past the right edge only hold carries that no visible pixel needs. `next` is the first
            // pixel not yet painted: walks by fours may end past their range, over pixels of the span (whose cells
            // are empty) or of the next range (walked in order), and a carry cell they went over is already 0.
            var next = pixel.walk(cell, dst, from: Int(aLo), through: Int(min(aHi &- 1, last)), last: Int(last),
                                  &coverage)
            coverage += cell[Int(aHi)]
            cell[Int(aHi)] = 0
            if bLo <= bHi {
                let gapEnd = Int(min(bLo, last &+ 1))
                if next < gapEnd {
                    pixel.span(dst + next, count: gapEnd &- next, coverage: coverage)
                    next = gapEnd
                }
                next = pixel.walk(cell, dst, from: next, through: Int(min(bHi &- 1, last)), last: Int(last),
                                  &coverage)
                coverage += cell[Int(bHi)]
                cell[Int(bHi)] = 0
            }
            if next <= Int(last) { pixel.span(dst + next, count: Int(last) &- next &+ 1, coverage: coverage) }
            cell[width] = 0
            cell[width &+ 1] = 0
        }
    }
}

extension CoverageAccumulator {
    /// `paint(onto:color:rule:)` for a small closed polygon under the non-zero rule, with the same pixels: a
    /// band a few groups of four wide, with four spare columns on the right (see `Polygon.paint`).
    ///
    /// Rows of such shapes are short, and the two-range bookkeeping of `paint` (order, merge, walk, span, walk,
    /// span) cost more than their pixels. Here each row is blended in groups of four from its first touched
    /// cell up to its last, the edges' and the inside's pixels alike. The last touched cell lies right of every
    /// edge of the row and at most one column past the shape's box, so groups start at most at the box's
    /// right side and end in the spare columns: no row ends one pixel at a time. Along a row a closed
    /// outline's cells sum to 0, up to a rounding error far below half an alpha step, so nothing right of the
    /// last edge needs painting.
    func paintNarrow(onto surface: Surface, color: Color) {
        let src = color.argb
        // Every pixel goes through the four-pixel blend, so no table of tinted colours is made.
        let pixel = PixelPainter(src: src, evenOdd: false)
        guard pixel.premultiplied, gapRows == 0 else { return paint(onto: surface, color: color, rule: .nonZero) }
        // An opaque colour's αsrc·a is a itself, one product fewer per group.
        if pixel.opaque {
            paintNarrowRows(onto: surface, pixel, opaque: true)
        } else {
            paintNarrowRows(onto: surface, pixel, opaque: false)
        }
    }

    @inline(__always)
    private func paintNarrowRows(onto surface: Surface, _ pixel: PixelPainter, opaque: Bool) {
        let stride = surface.stride
        var dst = surface.pixels + Int(originY) &* stride + Int(originX)
        var cell = cells
        var range = ranges
        let empty = SIMD4<Int32>(CoverageScratch.emptyRangeStart, CoverageScratch.emptyRangeEnd,
                                 CoverageScratch.emptyRangeStart, CoverageScratch.emptyRangeEnd)
        for _ in 0..<height {
            var i = Int(min(range[0], range[2]))
            let hi = Int(max(range[1], range[3]))
            UnsafeMutableRawPointer(range).storeBytes(of: empty, as: SIMD4<Int32>.self)
            var coverage: Float = 0
            while i < hi {
                coverage = pixel.blendGroup(cell, dst, at: i, after: coverage, opaque: opaque)
                i &+= 4
            }
            // The last touched cell only brings the coverage back to outside's: its pixel lies right of every
            // edge in the row, so it is cleared, not painted.
            if hi >= 0 { cell[hi] = 0 }
            dst += stride
            cell += cellStride
            range += 4
        }
    }
}

/// Turns running coverage into pixels: 8-bit alpha under the fill rule, then pixman's src·alpha over dst.
///
/// In the same file as the two paints above: its initializer is inlined into them only here (from a file of its
/// own it was a call per fill, its fields read back from the stack).
struct PixelPainter {
    let src: UInt32
    let opaque: Bool
    let evenOdd: Bool
    /// No channel exceeds alpha, as premultiplied colours should: then src·a + dst·(1 − αsrc·a) never
    /// overflows a byte and pixman's saturating add is a plain add.
    let premultiplied: Bool
    /// src·a by alpha, when a table is at hand.
    let tints: UnsafeMutablePointer<UInt32>?
    /// The colour's alpha in every 16-bit lane, and its channels as `PixelMath.lowLanes` and `highLanes` split
    /// them, made once for the four-pixel blend.
    let sourceAlpha: Lanes8
    let srcLow: Lanes8
    let srcHigh: Lanes8

    init(src: UInt32, evenOdd: Bool, tints: UnsafeMutablePointer<UInt32>? = nil) {
        self.src = src
        self.tints = tints
        let a = src >> 24
        opaque = a == 255
        sourceAlpha = Lanes8(repeating: UInt16(truncatingIfNeeded: a))
        srcLow = PixelMath.lowLanes(Pixels4(repeating: src))
        srcHigh = PixelMath.highLanes(Pixels4(repeating: src))
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

    /// Pixels first...through and maybe up to three more (never past `last`, the row's last pixel), adding
    /// each cell to the running coverage and clearing it; returns the first pixel not painted.
    ///
    /// Where the painter has a tint table (shapes of a dozen rows or more, or a colour seen before: those the
    /// groups pay off for, and whose odd pixels at a row's end use the table) four pixels go at a time: their
    /// coverages are summed one by one, in the same order as the pixel-by-pixel walk so the alphas are the same,
    /// and blended as one vector. Edges of small shapes touch two or three cells per row, so a whole run is
    /// mostly one group.
    @inline(__always)
    func walk(_ cell: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<UInt32>, from first: Int,
              through end: Int, last: Int, _ coverage: inout Float) -> Int {
        var i = first
        guard tints != nil, !evenOdd, premultiplied else {
            walk(cell, dst, first, end, &coverage)
            return max(i, end &+ 1)
        }
        while i <= end {
            if i &+ 3 > last {
                walk(cell, dst, i, i, &coverage)
                i &+= 1
                continue
            }
            coverage = blendGroup(cell, dst, at: i, after: coverage)
            i &+= 4
        }
        return i
    }

    /// Pixels i...i+3, `coverage` being that of pixel i − 1: their cells are added one by one (in the order of
    /// the pixel-by-pixel walk, so the alphas are the same) and cleared, and the four are blended as one vector;
    /// returns the coverage of pixel i + 3. The alpha rounds as `alpha` does (in Int32: one vector conversion
    /// for the four; unsigned takes five instructions), then src·a + dst·(1 − αsrc·a), every product a MUL_UN8
    /// by multiply-high: the bytes of the tint table and of `overPremultiplied`, without four table loads per
    /// group. The halves are added before they are packed: premultiplied, so no byte overflows and the add
    /// needs no saturation.
    @inline(__always)
    func blendGroup(_ cell: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<UInt32>, at i: Int,
                    after coverage: Float, opaque: Bool = false) -> Float {
        let c0 = coverage + cell[i], c1 = c0 + cell[i &+ 1], c2 = c1 + cell[i &+ 2], c3 = c2 + cell[i &+ 3]
        UnsafeMutableRawPointer(cell + i).storeBytes(of: SIMD4<Float>(), as: SIMD4<Float>.self)
        @inline(__always) func alpha(_ c: Float) -> UInt32 {
            UInt32(bitPattern: Int32(min(abs(c), 1) * 255 + 0.5))
        }
        // Named one by one: written inside `Pixels4(…)`, the clamps were compiled lane by lane, with branches.
        let a0 = alpha(c0), a1 = alpha(c1), a2 = alpha(c2), a3 = alpha(c3)
        let d = UnsafeRawPointer(dst + i).loadUnaligned(as: Pixels4.self)
        let alphas = Pixels4(a0, a1, a2, a3)
        let m = PixelMath.spread(alphas)
        // MUL_UN8 by 255 is exact: an opaque colour's αsrc·a is a.
        let inverse = opaque ? PixelMath.spread(255 &- alphas) : 255 &- PixelMath.mulLanes(m, sourceAlpha)
        let low = PixelMath.mulLanes(srcLow, m) &+ PixelMath.mulLanes(PixelMath.lowLanes(d), inverse)
        let high = PixelMath.mulLanes(srcHigh, m) &+ PixelMath.mulLanes(PixelMath.highLanes(d), inverse)
        UnsafeMutableRawPointer(dst + i).storeBytes(of: PixelMath.pack(low: low, high: high), as: Pixels4.self)
        return c3
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
