#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The inner loops of compositing, over a span of `count` pixels (a row, or a whole surface when rows are
/// contiguous) or, for masks, a block.
///
/// Four pixels per step with portable SIMD, then a short tail; every path computes exactly pixman's bytes
/// (see PixelMath). Callers clip; these trust their pointers and counts.
///
/// Each kernel is `@inline(never)` on purpose: release builds compile each file of the module to an object of its
/// own, and a stdlib SIMD conversion that the optimizer leaves as a call is emitted into one of those objects only:
/// a handful of vector instructions there, an out-of-line call everywhere else. A kernel inlined into another file
/// called its conversions so (seven times slower); kept out of line it is compiled once, here, beside the one it
/// still uses (the mask group's byte widening). The lane helpers it shares with the coverage painter write theirs
/// out (see `PixelMath.widen`).
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

    /// Copies `count` pixels between blocks that do not overlap, with glibc's memcpy.
    ///
    /// glibc picks its memcpy for the CPU the program runs on (on x86 by vector width, cache sizes and fast
    /// `rep movsb`; on the Pi's Cortex-A72/A76 cores Arm's own tuned routine); a fixed loop of 64-byte vector loads
    /// and stores, as pixman's blit does, is tuned for none. That loop had replaced memcpy after measuring about 7 %
    /// quicker on one x86 machine at 1920x1080, then was 1.37–1.61x pixman's time on another of the same kind.
    /// Both built side by side and run in 28 alternating rounds with pixman, memcpy was the quicker in 27 at
    /// 1920x1080 and in 22 at 1280x800 (median 0.77x and 0.73x the loop's time); in the quietest 8 rounds memcpy
    /// took 0.95x and 1.04x pixman's time, the loop 1.36x and 1.52x. Not slower at either size, so memcpy.
    @inline(never) @usableFromInline
    static func copy(_ dst: UnsafeMutablePointer<UInt32>, from src: UnsafePointer<UInt32>, count: Int) {
        memcpy(dst, src, count &* 4)
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
