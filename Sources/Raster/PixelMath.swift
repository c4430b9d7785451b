/// Byte arithmetic exactly as pixman does it, so blends match the reference bit for bit.
///
/// Every multiply is pixman's MUL_UN8: t = a·b + 0x80, (t + t>>8)>>8, which is a·b/255 rounded to nearest.
/// Two channels share one multiply (red and blue in one word, alpha and green in another), so a 32-bit word
/// costs two multiplies and a vector of 8 pixels costs two 16-bit-lane vector multiplies.
@usableFromInline
enum PixelMath {
    /// a·b/255 rounded the way pixman's MUL_UN8 rounds.
    @inline(__always) @usableFromInline
    static func mul(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a &* b &+ 0x80
        return ((t &>> 8) &+ t) &>> 8
    }

    /// Each of the four bytes of `x` times `a`/255 (pixman's UN8x4_MUL_UN8), two channels per multiply.
    @inline(__always) @usableFromInline
    static func mulChannels(_ x: UInt32, _ a: UInt32) -> UInt32 {
        var rb = (x & 0x00FF_00FF) &* a &+ 0x0080_0080
        rb = ((rb &>> 8) & 0x00FF_00FF &+ rb) &>> 8 & 0x00FF_00FF
        var ag = (x &>> 8 & 0x00FF_00FF) &* a &+ 0x0080_0080
        ag = ((ag &>> 8) & 0x00FF_00FF &+ ag) & 0xFF00_FF00
        return rb | ag
    }

    /// Per-byte saturating add (pixman's UN8x4_ADD_UN8x4).
    @inline(__always) @usableFromInline
    static func addSaturating(_ x: UInt32, _ y: UInt32) -> UInt32 {
        var rb = (x & 0x00FF_00FF) &+ (y & 0x00FF_00FF)
        rb |= 0x0100_0100 &- (rb &>> 8 & 0x0001_0001)
        var ag = (x &>> 8 & 0x00FF_00FF) &+ (y &>> 8 & 0x00FF_00FF)
        ag |= 0x0100_0100 &- (ag &>> 8 & 0x0001_0001)
        return (rb & 0x00FF_00FF) | (ag & 0x00FF_00FF) &<< 8
    }

    /// Premultiplied source-over: src + dst·(1 − αsrc).
    @inline(__always) @usableFromInline
    static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        addSaturating(src, mulChannels(dst, 255 &- (src &>> 24)))
    }

    /// True when no channel exceeds alpha, the premultiplied invariant; then src + dst·(1 − αsrc) never
    /// passes 255 in any byte (MUL_UN8 is monotonic and exact at 255), so the add needs no saturation.
    @inline(__always) @usableFromInline
    static func isValidPremultiplied(_ p: UInt32) -> Bool {
        let a = p &>> 24
        return p &>> 16 & 0xFF <= a && p &>> 8 & 0xFF <= a && p & 0xFF <= a
    }
}

/// Eight pixels at once: portable SIMD that becomes SSE2 on x86 and NEON on the Pi.
@usableFromInline typealias Pixels8 = SIMD8<UInt32>
/// The same eight pixels seen as sixteen 16-bit lanes, one byte value per lane after masking.
@usableFromInline typealias Lanes16 = SIMD16<UInt16>

extension PixelMath {
    /// MUL_UN8 in every 16-bit lane; lanes hold bytes, so t ≤ 65153 and t + t>>8 never leaves the lane.
    @inline(__always) @usableFromInline
    static func mulLanes(_ x: Lanes16, _ a: Lanes16) -> Lanes16 {
        let t = x &* a &+ 0x80
        return (t &+ (t &>> 8)) &>> 8
    }

    /// Red and blue of each pixel, one per 16-bit lane.
    @inline(__always) @usableFromInline
    static func lowLanes(_ p: Pixels8) -> Lanes16 { unsafeBitCast(p & 0x00FF_00FF, to: Lanes16.self) }

    /// Alpha and green of each pixel, one per 16-bit lane.
    @inline(__always) @usableFromInline
    static func highLanes(_ p: Pixels8) -> Lanes16 { unsafeBitCast((p &>> 8) & 0x00FF_00FF, to: Lanes16.self) }

    /// Packs low (red, blue) and high (alpha, green) lanes, each ≤ 255, back into pixels.
    @inline(__always) @usableFromInline
    static func pack(low: Lanes16, high: Lanes16) -> Pixels8 {
        unsafeBitCast(low, to: Pixels8.self) | unsafeBitCast(high, to: Pixels8.self) &<< 8
    }

    /// A per-pixel factor (0…255 in each 32-bit lane) repeated in both 16-bit halves, to multiply two
    /// channels at once.
    @inline(__always) @usableFromInline
    static func spread(_ factor: Pixels8) -> Lanes16 { unsafeBitCast(factor | factor &<< 16, to: Lanes16.self) }

    /// UN8x4_MUL_UN8 on eight pixels with per-pixel factors `a` (from `spread`).
    @inline(__always) @usableFromInline
    static func mulChannels(_ p: Pixels8, _ a: Lanes16) -> Pixels8 {
        pack(low: mulLanes(lowLanes(p), a), high: mulLanes(highLanes(p), a))
    }

    /// Source-over on eight pixels: src + dst·(1 − αsrc) with per-byte saturation, as pixman.
    @inline(__always) @usableFromInline
    static func over(_ src: Pixels8, _ dst: Pixels8) -> Pixels8 {
        let ia = spread(255 &- (src &>> 24))
        let limit = Lanes16(repeating: 255)
        let low = pointwiseMin(mulLanes(lowLanes(dst), ia) &+ lowLanes(src), limit)
        let high = pointwiseMin(mulLanes(highLanes(dst), ia) &+ highLanes(src), limit)
        return pack(low: low, high: high)
    }

    @inline(__always) @usableFromInline
    static func load8(_ p: UnsafePointer<UInt32>) -> Pixels8 {
        UnsafeRawPointer(p).loadUnaligned(as: Pixels8.self)
    }

    @inline(__always) @usableFromInline
    static func store8(_ v: Pixels8, _ p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: Pixels8.self)
    }

    /// Eight coverage bytes widened to one per 32-bit lane.
    @inline(__always) @usableFromInline
    static func load8(_ p: UnsafePointer<UInt8>) -> Pixels8 {
        Pixels8(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt8>.self))
    }
}
