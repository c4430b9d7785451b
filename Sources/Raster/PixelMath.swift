/// Byte arithmetic exactly as pixman does it, so blends match the reference bit for bit.
///
/// Every multiply is pixman's MUL_UN8: t = a·b + 0x80, (t + t>>8)>>8, which is a·b/255 rounded to nearest.
/// Channels share multiplies: all four of a pixel in one 64-bit multiply, and a vector of 8 pixels costs two
/// 16-bit-lane vector multiplies.
@usableFromInline
enum PixelMath {
    /// a·b/255 rounded the way pixman's MUL_UN8 rounds.
    @inline(__always) @usableFromInline
    static func mul(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a &* b &+ 0x80
        return ((t &>> 8) &+ t) &>> 8
    }

    /// Each of the four bytes of `x` times `a`/255 (pixman's UN8x4_MUL_UN8). The bytes are spread to the four
    /// 16-bit lanes of a 64-bit word, so one multiply serves all four; no lane carries into the next (at most
    /// 255·255 + 0x80 + 0xFE < 2¹⁶), so each is pixman's rounding exactly, in fewer instructions than two
    /// 32-bit multiplies of two channels each.
    @inline(__always) @usableFromInline
    static func mulChannels(_ x: UInt32, _ a: UInt32) -> UInt32 {
        let lanes = UInt64(x & 0x00FF_00FF) | UInt64(x & 0xFF00_FF00) &<< 24
        var t = lanes &* UInt64(a) &+ 0x0080_0080_0080_0080
        t = (t &+ (t &>> 8) & 0x00FF_00FF_00FF_00FF) &>> 8 & 0x00FF_00FF_00FF_00FF
        return UInt32(truncatingIfNeeded: t) | UInt32(truncatingIfNeeded: t &>> 24) & 0xFF00_FF00
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
}
