/// The inner loops of compositing, over a span of `count` pixels (a row, or a whole surface when rows are
/// contiguous) or, for masks, a block.
///
/// Four pixels per step with portable SIMD, then a short tail; every path computes exactly pixman's bytes
/// (see PixelMath). Callers clip; these trust their pointers and counts.
///
/// Each kernel is `@inline(never)` on purpose: release builds split a module's code by file, and the stdlib's
/// SIMD conversions are specialised per file, so the vector helpers live here with their only callers and a
/// kernel inlined into another file would call them out of line (seven times slower) instead of becoming a
/// handful of vector instructions.
@usableFromInline
enum CompositeRow {
    /// dst = src + dst·(1 − αsrc) for one solid premultiplied colour.
    @inline(never) @usableFromInline
    static func overSolid(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color src: UInt32) {
        let ia = 255 &- (src &>> 24)
        let iaLanes = Lanes8(repeating: UInt16(truncatingIfNeeded: ia))
        let src4 = Pixels4(repeating: src)
        var i = 0
        while i &+ 8 <= count {
            // Two independent groups per step keep both multiply pipes busy.
            let d0 = PixelMath.load4(dst + i), d1 = PixelMath.load4(dst + i + 4)
            PixelMath.store4(PixelMath.addSaturating(src4, PixelMath.mulChannels(d0, iaLanes)), dst + i)
            PixelMath.store4(PixelMath.addSaturating(src4, PixelMath.mulChannels(d1, iaLanes)), dst + i + 4)
            i &+= 8
        }
        while i < count {
            dst[i] = PixelMath.addSaturating(src, PixelMath.mulChannels(dst[i], ia))
            i &+= 1
        }
    }

    /// dst = s·α + dst·(1 − αs·α) for each image pixel s and a global alpha α (pixman OVER with a solid
    /// alpha mask). `opaqueSource` reads every source alpha as 255 (an XRGB image).
    @inline(never) @usableFromInline
    static func overImage(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int,
                          alpha: UInt32, opaqueSource: Bool) {
        let force: UInt32 = opaqueSource ? 0xFF00_0000 : 0
        if alpha == 255 && opaqueSource {
            UnsafeMutableRawPointer(dst).copyMemory(from: src, byteCount: count &* 4)
            // XRGB into ARGB: the unused byte must read as opaque.
            for i in 0..<count { dst[i] |= force }
            return
        }
        let force4 = Pixels4(repeating: force)
        let alphaLanes = Lanes8(repeating: UInt16(truncatingIfNeeded: alpha))
        var i = 0
        if alpha == 255 {
            while i &+ 4 <= count {
                let s = PixelMath.load4(src + i)
                // Runs of transparent pixels leave the destination alone, runs of opaque ones replace it.
                if PixelMath.isZero(~s & 0xFF00_0000) {
                    PixelMath.store4(s, dst + i)
                } else if !PixelMath.isZero(s) {
                    PixelMath.store4(PixelMath.over(s, PixelMath.load4(dst + i)), dst + i)
                }
                i &+= 4
            }
        } else {
            while i &+ 4 <= count {
                // No skipping here: a test per step costs more than the blend saves on real pictures.
                let s = PixelMath.load4(src + i) | force4
                let low = PixelMath.mulLanes(PixelMath.lowLanes(s), alphaLanes)
                let high = PixelMath.mulLanes(PixelMath.highLanes(s), alphaLanes)
                PixelMath.store4(PixelMath.over(low: low, high: high, PixelMath.load4(dst + i)), dst + i)
                i &+= 4
            }
        }
        while i < count {
            let s = src[i] | force
            if s != 0 {
                let ms = alpha == 255 ? s : PixelMath.mulChannels(s, alpha)
                dst[i] = PixelMath.over(ms, dst[i])
            }
            i &+= 1
        }
    }

    /// dst = src·m + dst·(1 − αsrc·m) for coverage bytes m (pixman OVER, solid source, a8 mask), over a
    /// block of `width`×`height` pixels; strides in elements. Whole blocks, not rows, so a small glyph pays
    /// the setup once.
    @inline(never) @usableFromInline
    static func overMask(_ dst: UnsafeMutablePointer<UInt32>, dstStride: Int, _ mask: UnsafePointer<UInt8>,
                         maskStride: Int, width: Int, height: Int, color src: UInt32) {
        // Two copies of the loop, so the opaque test is decided once and not per group.
        if src &>> 24 == 255 {
            overMaskRows(dst, dstStride, mask, maskStride, width, height, src, opaque: true)
        } else {
            overMaskRows(dst, dstStride, mask, maskStride, width, height, src, opaque: false)
        }
    }

    /// Four coverage bytes (a little-endian word) applied to four destination pixels.
    ///
    /// Transparent, not merely `@inline(__always)`: under that hint the optimizer inlined it in the main loop only and
    /// called it out of line everywhere else, at the cost of several spilled vectors per call.
    @_transparent
    static func maskGroup(_ bytes: UInt32, _ d: Pixels4, srcLow: Lanes8, srcHigh: Lanes8, opaque: Bool) -> Pixels4 {
        // Widened from the word already loaded: a second load makes LLVM widen byte by byte in scalar.
        let m = PixelMath.spread(Pixels4(truncatingIfNeeded: unsafeBitCast(bytes, to: SIMD4<UInt8>.self)))
        let low = PixelMath.mulLanes(srcLow, m), high = PixelMath.mulLanes(srcHigh, m)
        if opaque {
            // αsrc·m is m itself (MUL_UN8 is exact at 255): no need to take it from the product.
            let inverse = Lanes8(repeating: 255) &- m
            return PixelMath.addSaturating(PixelMath.pack(low: low, high: high), PixelMath.mulChannels(d, inverse))
        }
        return PixelMath.over(low: low, high: high, d)
    }

    @inline(__always)
    static func overMaskRows(_ dst: UnsafeMutablePointer<UInt32>, _ dstStride: Int, _ mask: UnsafePointer<UInt8>,
                             _ maskStride: Int, _ width: Int, _ height: Int, _ src: UInt32, opaque: Bool) {
        let src4 = Pixels4(repeating: src)
        let srcLow = PixelMath.lowLanes(src4), srcHigh = PixelMath.highLanes(src4)
        var row = dst, coverage = mask
        // Blocks four or more pixels wide whose width is not a multiple of four end on a group overlapping the last
        // whole one (see `lastGroups`); narrower ones are one partial group.
        let rest = width & 3
        let overlapped = width >= 4 && rest != 0
        let whole = overlapped ? width &- rest &- 4 : width
        for _ in 0..<height {
            var i = 0
            while i &+ 4 <= whole {
                let bytes = UnsafeRawPointer(coverage + i).loadUnaligned(as: UInt32.self)
                // Only empty groups are skipped: full ones come out as the colour from the arithmetic, and
                // a third branch mispredicts more than it saves on glyph edges.
                if bytes != 0 {
                    let d = PixelMath.load4(row + i)
                    PixelMath.store4(maskGroup(bytes, d, srcLow: srcLow, srcHigh: srcHigh, opaque: opaque), row + i)
                }
                i &+= 4
            }
            if overlapped {
                lastGroups(row + i, coverage + i, rest: rest, srcLow: srcLow, srcHigh: srcHigh, opaque: opaque)
            } else if width &- i > 0 {
                let rest = width &- i
                // A block one to three pixels wide: one vector, lanes past the end with coverage 0, built and
                // taken apart lane by lane with constant indices (a variable index goes through memory).
                let p = row + i, c = coverage + i
                let bytes = UInt32(c[0]) | (rest > 1 ? UInt32(c[1]) &<< 8 : 0) | (rest > 2 ? UInt32(c[2]) &<< 16 : 0)
                if bytes != 0 {
                    let d = Pixels4(p[0], rest > 1 ? p[1] : 0, rest > 2 ? p[2] : 0, 0)
                    let r = maskGroup(bytes, d, srcLow: srcLow, srcHigh: srcHigh, opaque: opaque)
                    p[0] = r[0]
                    if rest > 1 { p[1] = r[1] }
                    if rest > 2 { p[2] = r[2] }
                }
            }
            row += dstStride
            coverage += maskStride
        }
    }

    /// Copies `count` pixels between blocks that do not overlap, 64 bytes per step with plain vector loads and
    /// stores, as pixman's blit does. A whole frame handed to memcpy goes past glibc's non-temporal threshold,
    /// and its streaming stores (or `rep movsb`) measured about 7 % slower than this loop on a 1920x1080 frame.
    @inline(never) @usableFromInline
    static func copy(_ dst: UnsafeMutablePointer<UInt32>, from src: UnsafePointer<UInt32>, count: Int) {
        let d = UnsafeMutableRawPointer(dst), s = UnsafeRawPointer(src)
        let bytes = count &* 4
        var offset = 0
        while offset &+ 64 <= bytes {
            d.storeBytes(of: s.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt32>.self), toByteOffset: offset,
                         as: SIMD16<UInt32>.self)
            offset &+= 64
        }
        if offset < bytes { (d + offset).copyMemory(from: s + offset, byteCount: bytes &- offset) }
    }
}

extension CompositeRow {
    /// The last whole group of a block's row (at `p`) and the group ending the row `rest` (1 to 3) pixels further,
    /// which overlaps it. Both are loaded before either is stored; the end group, its overlapped pixels given
    /// coverage 0 (which leaves them as they were: dst·255/255 = dst), is stored first, and the whole group's store
    /// then puts the overlapped pixels' blends over it. One more group instead of a vector built and taken apart
    /// lane by lane, and no load waits on a store to the same pixels, nor one group's blend on the other's.
    @_transparent
    static func lastGroups(_ p: UnsafeMutablePointer<UInt32>, _ c: UnsafePointer<UInt8>, rest: Int, srcLow: Lanes8,
                           srcHigh: Lanes8, opaque: Bool) {
        let bytes = UnsafeRawPointer(c).loadUnaligned(as: UInt32.self)
        let endBytes = UnsafeRawPointer(c + rest).loadUnaligned(as: UInt32.self)
            & ~0 &<< (32 &- 8 &* UInt32(truncatingIfNeeded: rest))
        let d = PixelMath.load4(p), end = PixelMath.load4(p + rest)
        if endBytes != 0 {
            PixelMath.store4(maskGroup(endBytes, end, srcLow: srcLow, srcHigh: srcHigh, opaque: opaque), p + rest)
        }
        if bytes != 0 { PixelMath.store4(maskGroup(bytes, d, srcLow: srcLow, srcHigh: srcHigh, opaque: opaque), p) }
    }
}

/// Four pixels at once: portable 128-bit SIMD that becomes SSE2 on x86 and NEON on the Pi. (Wider Swift
/// vectors are not specialised as well: SIMD16 conversions end up as calls.)
@usableFromInline typealias Pixels4 = SIMD4<UInt32>
/// The same four pixels seen as eight 16-bit lanes, one byte value per lane after masking.
@usableFromInline typealias Lanes8 = SIMD8<UInt16>

extension PixelMath {
    /// MUL_UN8 in every 16-bit lane (lanes hold bytes, so t = x·a + 0x80 ≤ 65153 fits).
    ///
    /// (t + t>>8)>>8 equals t·257>>16 for every t < 65536; written as a widening multiply keeping the high
    /// half, LLVM emits one pmulhuw on x86 (umull + shrn on ARM) instead of four shifts and adds.
    @inline(__always) @usableFromInline
    static func mulLanes(_ x: Lanes8, _ a: Lanes8) -> Lanes8 {
        let t = x &* a &+ 0x80
        return Lanes8(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: t) &* 257) &>> 16)
    }

    /// Red and blue of each pixel, one per 16-bit lane.
    @inline(__always) @usableFromInline
    static func lowLanes(_ p: Pixels4) -> Lanes8 { unsafeBitCast(p & 0x00FF_00FF, to: Lanes8.self) }

    /// Alpha and green of each pixel, one per 16-bit lane.
    @inline(__always) @usableFromInline
    static func highLanes(_ p: Pixels4) -> Lanes8 { unsafeBitCast((p &>> 8) & 0x00FF_00FF, to: Lanes8.self) }

    /// Packs low (red, blue) and high (alpha, green) lanes, each ≤ 255, back into pixels.
    @inline(__always) @usableFromInline
    static func pack(low: Lanes8, high: Lanes8) -> Pixels4 {
        unsafeBitCast(low, to: Pixels4.self) | unsafeBitCast(high, to: Pixels4.self) &<< 8
    }

    /// A per-pixel factor (0…255 in each 32-bit lane) repeated in both 16-bit halves, to multiply two
    /// channels at once.
    @inline(__always) @usableFromInline
    static func spread(_ factor: Pixels4) -> Lanes8 { unsafeBitCast(factor | factor &<< 16, to: Lanes8.self) }

    /// UN8x4_MUL_UN8 on four pixels with per-pixel factors `a` (from `spread`).
    @inline(__always) @usableFromInline
    static func mulChannels(_ p: Pixels4, _ a: Lanes8) -> Pixels4 {
        pack(low: mulLanes(lowLanes(p), a), high: mulLanes(highLanes(p), a))
    }

    /// Source-over on four pixels: src + dst·(1 − αsrc) with per-byte saturation, as pixman.
    @inline(__always) @usableFromInline
    static func over(_ src: Pixels4, _ dst: Pixels4) -> Pixels4 {
        addSaturating(src, mulChannels(dst, spread(255 &- (src &>> 24))))
    }

    /// Source-over with the source as it comes out of a multiply, split into lanes; the inverse alpha is
    /// taken from the alpha lanes directly (going through a packed word makes LLVM shuffle).
    @inline(__always) @usableFromInline
    static func over(low srcLow: Lanes8, high srcHigh: Lanes8, _ dst: Pixels4) -> Pixels4 {
        let alpha = unsafeBitCast(srcHigh, to: Pixels4.self) &>> 16
        let ia = Lanes8(repeating: 255) &- unsafeBitCast(alpha | alpha &<< 16, to: Lanes8.self)
        return addSaturating(pack(low: srcLow, high: srcHigh), mulChannels(dst, ia))
    }

    /// Per-byte saturating add; LLVM turns the select into one paddusb (uqadd on ARM).
    @inline(__always) @usableFromInline
    static func addSaturating(_ a: Pixels4, _ b: Pixels4) -> Pixels4 {
        let x = unsafeBitCast(a, to: SIMD16<UInt8>.self), y = unsafeBitCast(b, to: SIMD16<UInt8>.self)
        let sum = x &+ y
        return unsafeBitCast(sum.replacing(with: 255, where: sum .< x), to: Pixels4.self)
    }

    /// True when all four pixels are zero; OR of two words (SIMD `==` compiles to a lane-by-lane loop).
    @inline(__always) @usableFromInline
    static func isZero(_ v: Pixels4) -> Bool {
        let w = unsafeBitCast(v, to: SIMD2<UInt64>.self)
        return (w[0] | w[1]) == 0
    }

    @inline(__always) @usableFromInline
    static func load4(_ p: UnsafePointer<UInt32>) -> Pixels4 {
        UnsafeRawPointer(p).loadUnaligned(as: Pixels4.self)
    }

    @inline(__always) @usableFromInline
    static func store4(_ v: Pixels4, _ p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: Pixels4.self)
    }
}

// MARK: - Coverage to pixels

// The painter of the coverage accumulator lives here, beside the other kernels, for the same reason as they are
// `@inline(never)` (see the top of this file): its four-pixel blend multiplies through the SIMD helpers below, whose
// widening conversions are only inlined within this file. From a file of its own they were calls, and the blend
// took shifts instead of a multiply-high.

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
