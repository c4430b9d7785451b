import CPNG
import Raster

/// PNG through libpng, one row at a time into the area filter. Interlaced images are the exception: their rows
/// arrive in seven passes, so the whole image is read first; that is bounded by its own, smaller cap.
enum PNGDecoder {
    /// 16 megapixels, 64 MB while decoding: interlaced PNGs are rare, and rarely large.
    static let maxInterlacedPixels = 16_000_000

    static func decode(_ data: UnsafeBufferPointer<UInt8>, _ limits: DecodeLimits) throws -> Surface {
        guard let p = lectern_png_new(data.baseAddress, data.count) else { throw ImageError.outOfMemory(.png) }
        defer { lectern_png_free(p) }
        func failure() -> ImageError { .corrupt(.png, cString(&p.pointee.message)) }
        #if _endian(little)
        let passes = lectern_png_read_info(p, UInt32(ImageDecoder.maxSide), 1)
        #else
        let passes = lectern_png_read_info(p, UInt32(ImageDecoder.maxSide), 0)
        #endif
        guard passes >= 1 else { throw failure() }
        let width = Int(png_get_image_width(p.pointee.png, p.pointee.info))
        let height = Int(png_get_image_height(p.pointee.png, p.pointee.info))
        try limits.check(width: width, height: height)
        let target = limits.outputSize(width: width, height: height)
        var out = AreaDownsampler(sourceWidth: width, sourceHeight: height, width: target.width,
                                  height: target.height, format: .argb8888)
        if passes == 1 {
            let row = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: width)
            defer { row.deallocate() }
            for _ in 0..<height {
                guard lectern_png_read_row(p, UnsafeMutableRawPointer(row.baseAddress!).assumingMemoryBound(to: UInt8.self)) == 0
                else { throw failure() }
                premultiply(row)
                out.add(UnsafeBufferPointer(row))
            }
        } else {
            guard width * height <= maxInterlacedPixels else {
                throw ImageError.unsupported(.png, "an interlaced image of \(width)x\(height) pixels")
            }
            let image = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: width * height)
            defer { image.deallocate() }
            image.initialize(repeating: 0)
            let base = UnsafeMutableRawPointer(image.baseAddress!).assumingMemoryBound(to: UInt8.self)
            var rows: [UnsafeMutablePointer<UInt8>?] = (0..<height).map { base + $0 * width * 4 }
            guard lectern_png_read_image(p, &rows) == 0 else { throw failure() }
            for y in 0..<height {
                let row = UnsafeMutableBufferPointer(rebasing: image[y * width..<(y + 1) * width])
                premultiply(row)
                out.add(UnsafeBufferPointer(row))
            }
        }
        out.finish()
        return out.surface
    }

    /// libpng gives straight alpha; the surfaces hold premultiplied colour, rounded as the compositor rounds.
    static func premultiply(_ row: UnsafeMutableBufferPointer<UInt32>) {
        for x in 0..<row.count {
            let p = row[x], a = p >> 24
            if a == 255 { continue }
            if a == 0 { row[x] = 0; continue }
            func channel(_ shift: UInt32) -> UInt32 {
                let t = (p >> shift & 0xFF) * a + 0x80
                return (((t >> 8) + t) >> 8) << shift
            }
            row[x] = a << 24 | channel(16) | channel(8) | channel(0)
        }
    }
}
