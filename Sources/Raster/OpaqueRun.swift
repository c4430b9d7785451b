/// Writing one colour into a run of pixels, for the full pixels between a shape's edges.
///
/// Those runs are short (a few to a few dozen pixels) and their length changes from row to row, so a copy loop
/// with a vector body and a scalar tail mispredicts its exits on nearly every row. Here the length picks a size
/// class (which stays the same from one row of a shape to the next) and each class writes fixed blocks from
/// both ends, overlapping in the middle: no loop below 64 pixels.
enum OpaqueRun {
    @inline(__always)
    static func fill(_ dst: UnsafeMutablePointer<UInt32>, count n: Int, with value: UInt32) {
        let raw = UnsafeMutableRawPointer(dst)
        if n < 4 {
            if n <= 0 { return }
            // 1, 2 or 3 pixels: the first, the middle and the last, some of them the same.
            dst[0] = value
            dst[n &>> 1] = value
            dst[n &- 1] = value
        } else if n <= 8 {
            let v = SIMD4<UInt32>(repeating: value)
            raw.storeBytes(of: v, as: SIMD4<UInt32>.self)
            raw.storeBytes(of: v, toByteOffset: (n &- 4) &* 4, as: SIMD4<UInt32>.self)
        } else if n <= 16 {
            let v = SIMD8<UInt32>(repeating: value)
            raw.storeBytes(of: v, as: SIMD8<UInt32>.self)
            raw.storeBytes(of: v, toByteOffset: (n &- 8) &* 4, as: SIMD8<UInt32>.self)
        } else if n <= 32 {
            let v = SIMD16<UInt32>(repeating: value)
            raw.storeBytes(of: v, as: SIMD16<UInt32>.self)
            raw.storeBytes(of: v, toByteOffset: (n &- 16) &* 4, as: SIMD16<UInt32>.self)
        } else if n <= 64 {
            let v = SIMD16<UInt32>(repeating: value)
            raw.storeBytes(of: v, as: SIMD16<UInt32>.self)
            raw.storeBytes(of: v, toByteOffset: 64, as: SIMD16<UInt32>.self)
            raw.storeBytes(of: v, toByteOffset: (n &- 32) &* 4, as: SIMD16<UInt32>.self)
            raw.storeBytes(of: v, toByteOffset: (n &- 16) &* 4, as: SIMD16<UInt32>.self)
        } else {
            dst.update(repeating: value, count: n)
        }
    }
}
