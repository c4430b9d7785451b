/// Four pixels at once: portable 128-bit SIMD that becomes SSE2 on x86 and NEON on the Pi. (Wider Swift
/// vectors are not specialised as well: SIMD16 conversions end up as calls.)
@usableFromInline typealias Pixels4 = SIMD4<UInt32>
/// The same four pixels seen as eight 16-bit lanes, one byte value per lane after masking.
@usableFromInline typealias Lanes8 = SIMD8<UInt16>

extension PixelMath {
    /// MUL_UN8 in every 16-bit lane (lanes hold bytes, so t = x·a + 0x80 ≤ 65153 fits).
    ///
    /// (t + t>>8)>>8 equals t·257>>16 for every t < 65536; written as a widening multiply keeping the high
    /// half, LLVM emits one pmulhuw on x86 (umull, umull2 and uzp2 on ARM) instead of four shifts and adds.
    @inline(__always) @usableFromInline
    static func mulLanes(_ x: Lanes8, _ a: Lanes8) -> Lanes8 {
        let t = x &* a &+ 0x80
        return narrow((widen(t) &* 257) &>> 16)
    }

    // The stdlib's SIMD8(truncatingIfNeeded:), written out so that every caller inlines it. The stdlib's is generic:
    // the optimizer specialises it once for the module and emits that into the object code of one source file
    // (release builds compile each file of a module to an object of its own), so loops in that file inlined it and
    // those in any other file called it out of line, the multiply-high becoming calls and spills. Always inlined,
    // the same loop is one vector widening (or narrowing) in every file that blends.

    /// Each 16-bit lane zero-extended to 32 bits.
    @inline(__always) @usableFromInline
    static func widen(_ x: Lanes8) -> SIMD8<UInt32> {
        var wide = SIMD8<UInt32>()
        for i in wide.indices { wide[i] = UInt32(truncatingIfNeeded: x[i]) }
        return wide
    }

    /// Each 32-bit lane truncated to its low 16 bits.
    @inline(__always) @usableFromInline
    static func narrow(_ x: SIMD8<UInt32>) -> Lanes8 {
        var lanes = Lanes8()
        for i in lanes.indices { lanes[i] = UInt16(truncatingIfNeeded: x[i]) }
        return lanes
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
