import Raster

/// Shrinks an image that arrives one row at a time: each output pixel is the mean of the block of source pixels
/// it covers (block edges on whole source pixels), so a decoder holds one full-size row, never the image.
/// Rows are premultiplied 0xAARRGGBB, so averaging them keeps edges against transparency clean.
struct AreaDownsampler {
    let surface: Surface
    private let sourceWidth: Int
    private let sourceHeight: Int
    /// Output column x averages source columns columnStarts[x]..<columnStarts[x + 1].
    private let columnStarts: [Int]
    /// Per output pixel, four channel sums over the source rows of the current output row.
    private var sums: [UInt64]
    private var sourceY = 0
    private var outputY = 0
    private var bandRows = 0

    /// The output is `width`x`height`, at most the source's size on each side.
    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, format: PixelFormat) {
        precondition(width >= 1 && height >= 1 && width <= sourceWidth && height <= sourceHeight)
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        surface = Surface(width: width, height: height, format: format)
        let starts = (0...width).map { $0 * sourceWidth / width }
        columnStarts = starts
        sums = [UInt64](repeating: 0, count: width * 4)
    }

    /// True once every output row is written; rows past that are ignored.
    var isComplete: Bool { outputY == surface.height }

    /// The next source row: `sourceWidth` premultiplied pixels.
    mutating func add(_ row: UnsafeBufferPointer<UInt32>) {
        precondition(row.count >= sourceWidth, "short source row")
        guard !isComplete else { return }
        let width = surface.width
        if width == sourceWidth && surface.height == sourceHeight {
            surface.row(outputY).update(from: row.baseAddress!, count: width)
            outputY += 1
            return
        }
        columnStarts.withUnsafeBufferPointer { starts in
            sums.withUnsafeMutableBufferPointer { sums in Self.accumulate(row, starts, into: sums) }
        }
        bandRows += 1
        sourceY += 1
        if sourceY == (outputY + 1) * sourceHeight / surface.height { emitRow() }
    }

    /// Adds one source row's block sums to the output row's.
    private static func accumulate(_ row: UnsafeBufferPointer<UInt32>, _ starts: UnsafeBufferPointer<Int>,
                                   into sums: UnsafeMutableBufferPointer<UInt64>) {
        var start = starts[0]
        for x in 0..<starts.count - 1 {
            let end = starts[x + 1]
            var a: UInt32 = 0, r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0
            for s in start..<end {
                let p = row[s]
                a &+= p >> 24
                r &+= p >> 16 & 0xFF
                g &+= p >> 8 & 0xFF
                b &+= p & 0xFF
            }
            sums[4 * x] += UInt64(a)
            sums[4 * x + 1] += UInt64(r)
            sums[4 * x + 2] += UInt64(g)
            sums[4 * x + 3] += UInt64(b)
            start = end
        }
    }

    /// Writes out a partly gathered row when the source ended early (a truncated image); the rows never
    /// reached stay transparent.
    mutating func finish() {
        if bandRows > 0 && !isComplete { emitRow() }
    }

    private mutating func emitRow() {
        let out = surface.row(outputY)
        let rows = bandRows, narrowest = sourceWidth / surface.width
        columnStarts.withUnsafeBufferPointer { starts in
            sums.withUnsafeMutableBufferPointer { sums in
                // A mean is a multiply by a 32-bit reciprocal, not a 64-bit division (four a pixel were most of
                // the filter's time). Blocks are `narrowest` or one more columns wide, so there are two; past
                // 2^16 pixels a block, the reciprocal would be off by more than a hundredth of a step: divide.
                let divisors = (narrowest * rows, (narrowest + 1) * rows)
                let exact = divisors.1 <= 1 << 16
                let reciprocals = (((1 << 32) + UInt64(divisors.0) / 2) / UInt64(divisors.0),
                                   ((1 << 32) + UInt64(divisors.1) / 2) / UInt64(divisors.1))
                for x in 0..<surface.width {
                    let columns = starts[x + 1] - starts[x]
                    let n = UInt64(columns * rows), m = columns == narrowest ? reciprocals.0 : reciprocals.1
                    // Both ways round to nearest and grow with the sum, so no colour channel passes alpha.
                    func mean(_ c: Int) -> UInt32 {
                        let sum = sums[4 * x + c]
                        return UInt32(min(255, exact ? (sum &* m &+ 1 << 31) >> 32 : (sum + n / 2) / n))
                    }
                    out[x] = mean(0) << 24 | mean(1) << 16 | mean(2) << 8 | mean(3)
                }
                sums.update(repeating: 0)
            }
        }
        bandRows = 0
        outputY += 1
    }
}
