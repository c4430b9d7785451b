import Raster

/// Makes a small picture larger by blending the four source pixels around each new one (bilinear): a video's
/// still comes small (YouTube's is 480 x 360) and would otherwise sit as a stamp in its 16:9 frame. Only stills
/// are enlarged, and only a little (their frame caps it); article pictures keep their own size.
enum ImageEnlarging {
    static func enlarge(_ image: Surface, width: Int, height: Int) -> Surface {
        let width = max(1, width), height = max(1, height)
        let result = Surface(width: width, height: height, format: image.format)
        guard image.width > 0, image.height > 0 else { return result }
        let sx = Double(image.width) / Double(width), sy = Double(image.height) / Double(height)
        for y in 0..<height {
            let fy = max(0, (Double(y) + 0.5) * sy - 0.5)
            let y0 = min(Int(fy), image.height - 1), y1 = min(y0 + 1, image.height - 1)
            let wy = fy - Double(y0)
            let top = image.row(y0), bottom = image.row(y1), out = result.row(y)
            for x in 0..<width {
                let fx = max(0, (Double(x) + 0.5) * sx - 0.5)
                let x0 = min(Int(fx), image.width - 1), x1 = min(x0 + 1, image.width - 1)
                let wx = fx - Double(x0)
                var pixel: UInt32 = 0
                for shift: UInt32 in [24, 16, 8, 0] {
                    func c(_ p: UInt32) -> Double { Double(p >> shift & 0xFF) }
                    let upper = c(top[x0]) * (1 - wx) + c(top[x1]) * wx
                    let lower = c(bottom[x0]) * (1 - wx) + c(bottom[x1]) * wx
                    pixel |= UInt32(min(255, (upper * (1 - wy) + lower * wy).rounded())) << shift
                }
                out[x] = pixel
            }
        }
        return result
    }

    /// The middle rows of a picture: YouTube's 4:3 stills hold a 16:9 picture between black bars.
    static func rows(_ image: Surface, from top: Int, count: Int) -> Surface {
        let top = min(max(0, top), image.height - 1), count = max(1, min(count, image.height - top))
        let result = Surface(width: image.width, height: count, format: image.format)
        for y in 0..<count {
            let source = image.row(top + y), out = result.row(y)
            for x in 0..<image.width { out[x] = source[x] }
        }
        return result
    }
}
