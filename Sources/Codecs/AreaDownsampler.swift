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
        columnStarts = (0...width).map { $0 * sourceWidth / width }
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
        sums.withUnsafeMutableBufferPointer { sums in
            var start = columnStarts[0]
            for x in 0..<width {
                let end = columnStarts[x + 1]
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
        bandRows += 1
        sourceY += 1
        if sourceY == (outputY + 1) * sourceHeight / surface.height { emitRow() }
    }

    /// Writes out a partly gathered row when the source ended early (a truncated image); the rows never
    /// reached stay transparent.
    mutating func finish() {
        if bandRows > 0 && !isComplete { emitRow() }
    }

    private mutating func emitRow() {
        let out = surface.row(outputY)
        let rows = UInt64(bandRows)
        sums.withUnsafeMutableBufferPointer { sums in
            for x in 0..<surface.width {
                let n = UInt64(columnStarts[x + 1] - columnStarts[x]) * rows
                func mean(_ c: Int) -> UInt32 { UInt32((sums[4 * x + c] + n / 2) / n) }
                out[x] = mean(0) << 24 | mean(1) << 16 | mean(2) << 8 | mean(3)
            }
            sums.update(repeating: 0)
        }
        bandRows = 0
        outputY += 1
    }
}
