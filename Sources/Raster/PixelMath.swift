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
}
