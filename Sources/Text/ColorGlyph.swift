import Raster

/// Colour glyphs (emoji) come from the font as premultiplied BGRA bitmaps at a fixed strike (109 px per em for
/// Noto Color Emoji, bitmaps about 136 px wide): this scales one to the wanted size by area averaging, each
/// output pixel the mean of the source pixels it covers, so a 136 px picture shrunk to 20 keeps its shapes
/// smooth instead of dropping six pixels in seven. Done once per glyph and size; the glyph cache keeps the
/// result.
enum ColorGlyph {
    /// The bitmap at `bgra` (`rows` rows `pitch` bytes apart) as a premultiplied ARGB surface `scale` times its
    /// size, with its offsets scaled alike.
    static func image(bgra: UnsafePointer<UInt8>, width: Int, rows: Int, pitch: Int, left: Int, top: Int,
                      scale: Float) -> GlyphImage {
        let scale = scale.isFinite && scale > 0 ? min(scale, 16) : 1
        let outWidth = max(1, Int((Float(width) * scale).rounded(.up)))
        let outHeight = max(1, Int((Float(rows) * scale).rounded(.up)))
        let columns = contributions(source: width, output: outWidth, scale: scale)
        let lines = contributions(source: rows, output: outHeight, scale: scale)
        // Rows shrunk first (a row of output width per source row), then columns, in float channels.
        var across = [Float](repeating: 0, count: outWidth * rows * 4)
        for y in 0..<rows {
            let src = bgra + y * pitch
            for x in 0..<outWidth {
                var b: Float = 0, g: Float = 0, r: Float = 0, a: Float = 0
                for c in columns[x] {
                    let p = src + c.index * 4
                    b += Float(p[0]) * c.weight; g += Float(p[1]) * c.weight
                    r += Float(p[2]) * c.weight; a += Float(p[3]) * c.weight
                }
                let o = (y * outWidth + x) * 4
                across[o] = b; across[o + 1] = g; across[o + 2] = r; across[o + 3] = a
            }
        }
        let surface = Surface(width: outWidth, height: outHeight, format: .argb8888)
        for y in 0..<outHeight {
            let row = surface.row(y)
            for x in 0..<outWidth {
                var b: Float = 0, g: Float = 0, r: Float = 0, a: Float = 0
                for c in lines[y] {
                    let o = (c.index * outWidth + x) * 4
                    b += across[o] * c.weight; g += across[o + 1] * c.weight
                    r += across[o + 2] * c.weight; a += across[o + 3] * c.weight
                }
                // Premultiplied: no channel may pass alpha, which rounding could otherwise nudge it over.
                let alpha = byte(a)
                row[x] = alpha << 24 | min(byte(r), alpha) << 16 | min(byte(g), alpha) << 8 | min(byte(b), alpha)
            }
        }
        return GlyphImage(color: surface, left: Int((Float(left) * scale).rounded()),
                          top: Int((Float(top) * scale).rounded()))
    }

    private struct Contribution {
        var index: Int
        var weight: Float
    }

    /// For each output pixel along one axis, the source pixels its span [i/scale, (i+1)/scale) overlaps and by how
    /// much, weighted so a span wholly inside the source sums to 1 (one at the edge sums to less: partly covered).
    private static func contributions(source: Int, output: Int, scale: Float) -> [[Contribution]] {
        (0..<output).map { i in
            let start = Float(i) / scale, end = Float(i + 1) / scale
            var list: [Contribution] = []
            var j = max(0, Int(start.rounded(.down)))
            while j < source && Float(j) < end {
                let overlap = min(end, Float(j + 1)) - max(start, Float(j))
                if overlap > 0 { list.append(Contribution(index: j, weight: overlap * scale)) }
                j += 1
            }
            return list
        }
    }

    @inline(__always)
    private static func byte(_ v: Float) -> UInt32 { UInt32(min(max(v.rounded(), 0), 255)) }
}
