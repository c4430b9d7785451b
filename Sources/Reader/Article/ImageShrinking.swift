import Raster

/// Makes an image smaller by averaging the block of pixels under each new one (a box filter): the provider
/// downsamples to about the column, and this takes it the rest of the way (a narrower column in a list or a
/// quote, another text size) without the shimmer of skipping pixels. Premultiplied pixels average correctly.
enum ImageShrinking {
    static func shrink(_ image: Surface, width: Int, height: Int) -> Surface {
        let width = max(1, min(width, image.width)), height = max(1, min(height, image.height))
        let result = Surface(width: width, height: height, format: image.format)
        // Source columns of each result column, worked out once.
        var columns = [Int](repeating: 0, count: width + 1)
        for x in 0...width { columns[x] = x * image.width / width }
        for y in 0..<height {
            let rowStart = y * image.height / height
            let rowEnd = max(rowStart + 1, (y + 1) * image.height / height)
            let out = result.row(y)
            for x in 0..<width {
                let columnStart = columns[x], columnEnd = max(columnStart + 1, columns[x + 1])
                var a = 0, r = 0, g = 0, b = 0
                for sy in rowStart..<rowEnd {
                    let source = image.row(sy)
                    for sx in columnStart..<columnEnd {
                        let p = source[sx]
                        a += Int(p >> 24); r += Int(p >> 16 & 0xFF); g += Int(p >> 8 & 0xFF); b += Int(p & 0xFF)
                    }
                }
                let count = (rowEnd - rowStart) * (columnEnd - columnStart), half = count / 2
                out[x] = UInt32((a + half) / count) << 24 | UInt32((r + half) / count) << 16
                    | UInt32((g + half) / count) << 8 | UInt32((b + half) / count)
            }
        }
        return result
    }
}
