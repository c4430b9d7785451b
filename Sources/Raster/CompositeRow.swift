/// The inner loops of compositing, one row (span of `count` pixels) at a time.
///
/// Eight pixels per step with portable SIMD, then a scalar tail; every path computes exactly pixman's bytes
/// (see PixelMath). Callers clip; these trust their pointers and counts.
@usableFromInline
enum CompositeRow {
    /// dst = src + dst·(1 − αsrc) for one solid premultiplied colour.
    @inlinable
    static func overSolid(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color src: UInt32) {
        let ia = 255 &- (src &>> 24)
        let iaLanes = Lanes16(repeating: UInt16(truncatingIfNeeded: ia))
        let srcLow = PixelMath.lowLanes(Pixels8(repeating: src))
        let srcHigh = PixelMath.highLanes(Pixels8(repeating: src))
        var i = 0
        if PixelMath.isValidPremultiplied(src) {
            // No byte can pass 255: a plain add is pixman's saturating add.
            while i &+ 8 <= count {
                let d = PixelMath.load8(dst + i)
                let low = PixelMath.mulLanes(PixelMath.lowLanes(d), iaLanes) &+ srcLow
                let high = PixelMath.mulLanes(PixelMath.highLanes(d), iaLanes) &+ srcHigh
                PixelMath.store8(PixelMath.pack(low: low, high: high), dst + i)
                i &+= 8
            }
        } else {
            let limit = Lanes16(repeating: 255)
            while i &+ 8 <= count {
                let d = PixelMath.load8(dst + i)
                let low = pointwiseMin(PixelMath.mulLanes(PixelMath.lowLanes(d), iaLanes) &+ srcLow, limit)
                let high = pointwiseMin(PixelMath.mulLanes(PixelMath.highLanes(d), iaLanes) &+ srcHigh, limit)
                PixelMath.store8(PixelMath.pack(low: low, high: high), dst + i)
                i &+= 8
            }
        }
        while i < count {
            dst[i] = PixelMath.addSaturating(src, PixelMath.mulChannels(dst[i], ia))
            i &+= 1
        }
    }

    /// dst = s·α + dst·(1 − αs·α) for each image pixel s and a global alpha α (pixman OVER with a solid
    /// alpha mask). `opaqueSource` reads every source alpha as 255 (an XRGB image).
    @inlinable
    static func overImage(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int,
                          alpha: UInt32, opaqueSource: Bool) {
        let force: UInt32 = opaqueSource ? 0xFF00_0000 : 0
        if alpha == 255 && opaqueSource {
            UnsafeMutableRawPointer(dst).copyMemory(from: src, byteCount: count &* 4)
            // XRGB into ARGB: the unused byte must read as opaque.
            for i in 0..<count { dst[i] |= force }
            return
        }
        let force8 = Pixels8(repeating: force)
        let alphaLanes = Lanes16(repeating: UInt16(truncatingIfNeeded: alpha))
        var i = 0
        if alpha == 255 {
            while i &+ 8 <= count {
                let s = PixelMath.load8(src + i)
                // Runs of transparent pixels leave the destination alone, runs of opaque ones replace it.
                let a = s &>> 24
                if a == .zero {
                    if s != .zero { PixelMath.store8(PixelMath.over(s, PixelMath.load8(dst + i)), dst + i) }
                } else if a == Pixels8(repeating: 255) {
                    PixelMath.store8(s, dst + i)
                } else {
                    PixelMath.store8(PixelMath.over(s, PixelMath.load8(dst + i)), dst + i)
                }
                i &+= 8
            }
        } else {
            while i &+ 8 <= count {
                let s = PixelMath.load8(src + i) | force8
                if s != .zero {
                    let ms = PixelMath.mulChannels(s, alphaLanes)
                    PixelMath.store8(PixelMath.over(ms, PixelMath.load8(dst + i)), dst + i)
                }
                i &+= 8
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

    /// dst = src·m + dst·(1 − αsrc·m) for coverage bytes m (pixman OVER, solid source, a8 mask).
    @inlinable
    static func overMask(_ dst: UnsafeMutablePointer<UInt32>, _ mask: UnsafePointer<UInt8>, count: Int,
                         color src: UInt32) {
        let opaque = src &>> 24 == 255
        let src8 = Pixels8(repeating: src)
        var i = 0
        while i &+ 8 <= count {
            let bytes = UnsafeRawPointer(mask + i).loadUnaligned(as: UInt64.self)
            if bytes == 0 {
                i &+= 8
                continue
            }
            if bytes == .max && opaque {
                PixelMath.store8(src8, dst + i)
                i &+= 8
                continue
            }
            let m = PixelMath.load8(mask + i)
            let s = PixelMath.mulChannels(src8, PixelMath.spread(m))
            PixelMath.store8(PixelMath.over(s, PixelMath.load8(dst + i)), dst + i)
            i &+= 8
        }
        while i < count {
            let c = UInt32(mask[i])
            if c != 0 {
                if c == 255 && opaque {
                    dst[i] = src
                } else {
                    dst[i] = PixelMath.over(c == 255 ? src : PixelMath.mulChannels(src, c), dst[i])
                }
            }
            i &+= 1
        }
    }
}
