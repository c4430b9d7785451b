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
            ends(raw, n, SIMD4<UInt32>(repeating: value))
        } else if n <= 16 {
            ends(raw, n, SIMD8<UInt32>(repeating: value))
        } else if n <= 32 {
            ends(raw, n, SIMD16<UInt32>(repeating: value))
        } else if n <= 64 {
            let v = SIMD16<UInt32>(repeating: value)
            ends(raw, n, v)
            raw.storeBytes(of: v, toByteOffset: 64, as: SIMD16<UInt32>.self)
            raw.storeBytes(of: v, toByteOffset: (n &- 32) &* 4, as: SIMD16<UInt32>.self)
        } else {
            dst.update(repeating: value, count: n)
        }
    }

    /// One block at the run's start and one ending at its end (they overlap unless n is twice the block).
    @inline(__always)
    private static func ends<Block: SIMD>(_ raw: UnsafeMutableRawPointer, _ n: Int, _ block: Block)
        where Block.Scalar == UInt32 {
        raw.storeBytes(of: block, as: Block.self)
        raw.storeBytes(of: block, toByteOffset: (n &- Block.scalarCount) &* 4, as: Block.self)
    }
}
