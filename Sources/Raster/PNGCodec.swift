import CPNG

/// Why a PNG could not be made or read; the message is libpng's own, one line.
public struct PNGError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

/// PNG encode/decode in memory (snapshots, goldens); file access stays with the caller.
public enum PNGCodec {
    /// Encodes `surface` as 8-bit RGB (XRGB surfaces) or straight-alpha RGBA (ARGB surfaces).
    public static func encode(_ surface: Surface) throws -> [UInt8] {
        let hasAlpha = surface.format == .argb8888
        let channels = hasAlpha ? 4 : 3
        var bytes = [UInt8](repeating: 0, count: max(surface.width * surface.height * channels, 1))
        bytes.withUnsafeMutableBufferPointer { out in
            var o = 0
            for y in 0..<surface.height {
                let row = surface.row(y)
                for x in 0..<surface.width {
                    let p = row[x]
                    var r = p >> 16 & 0xFF, g = p >> 8 & 0xFF, b = p & 0xFF
                    if hasAlpha {
                        let a = p >> 24
                        // Undo premultiplication, rounding to nearest.
                        if a != 0 && a != 255 {
                            r = min(255, (r * 255 + a / 2) / a)
                            g = min(255, (g * 255 + a / 2) / a)
                            b = min(255, (b * 255 + a / 2) / a)
                        }
                        out[o + 3] = UInt8(a)
                    }
                    out[o] = UInt8(r)
                    out[o + 1] = UInt8(g)
                    out[o + 2] = UInt8(b)
                    o += channels
                }
            }
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(surface.width)
        image.height = png_uint_32(surface.height)
        image.format = hasAlpha ? (PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA) : PNG_FORMAT_FLAG_COLOR
        var size: png_alloc_size_t = 0
        let rowStride = png_int_32(surface.width * channels)
        guard png_image_write_to_memory(&image, nil, &size, 0, bytes, rowStride, nil) != 0 else {
            throw PNGError(description: "cannot encode PNG: \(message(of: &image))")
        }
        var encoded = [UInt8](repeating: 0, count: Int(size))
        let ok = encoded.withUnsafeMutableBytes {
            png_image_write_to_memory(&image, $0.baseAddress, &size, 0, bytes, rowStride, nil)
        }
        guard ok != 0 else { throw PNGError(description: "cannot encode PNG: \(message(of: &image))") }
        return Array(encoded.prefix(Int(size)))
    }

    /// Decodes any PNG libpng understands into a premultiplied ARGB surface.
    public static func decode(_ data: [UInt8]) throws -> Surface {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let begun = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw PNGError(description: "not a readable PNG: \(message(of: &image))") }
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            png_image_free(&image)
            throw PNGError(description: "PNG size \(width)x\(height) is outside 1…16384")
        }
        image.format = PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let finished = rgba.withUnsafeMutableBytes {
            png_image_finish_read(&image, nil, $0.baseAddress, png_int_32(width * 4), nil)
        }
        guard finished != 0 else { throw PNGError(description: "broken PNG data: \(message(of: &image))") }
        let surface = Surface(width: width, height: height, format: .argb8888)
        var i = 0
        for y in 0..<height {
            let row = surface.row(y)
            for x in 0..<width {
                let a = UInt32(rgba[i + 3])
                let r = PixelMath.mul(UInt32(rgba[i]), a)
                let g = PixelMath.mul(UInt32(rgba[i + 1]), a)
                let b = PixelMath.mul(UInt32(rgba[i + 2]), a)
                row[x] = a << 24 | r << 16 | g << 8 | b
                i += 4
            }
        }
        return surface
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
