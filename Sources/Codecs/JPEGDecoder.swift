import CJPEG
import Raster

/// JPEG through libjpeg-turbo: its DCT scaling does most of the shrinking (a 1/8 scale decodes an eighth of the
/// coefficients per side, far cheaper than decoding and then averaging), the area filter the rest.
enum JPEGDecoder {
    /// libjpeg-turbo's own tools stop at 500 scans; real progressive files have about ten.
    private static let maxScans: Int32 = 500

    static func decode(_ data: UnsafeBufferPointer<UInt8>, _ limits: DecodeLimits) throws -> Surface {
        guard let j = lectern_jpeg_new(maxScans) else { throw ImageError.outOfMemory(.jpeg) }
        defer { lectern_jpeg_free(j) }
        func failure() -> ImageError {
            .corrupt(.jpeg, cString(&j.pointee.message))
        }
        guard j.pointee.created != 0, lectern_jpeg_read_header(j, data.baseAddress, UInt(data.count)) == 0 else {
            throw failure()
        }
        let width = Int(j.pointee.cinfo.image_width), height = Int(j.pointee.cinfo.image_height)
        try limits.check(width: width, height: height)
        let target = limits.outputSize(width: width, height: height)
        let (space, isCMYK) = try outputSpace(for: j.pointee.cinfo.jpeg_color_space)
        guard lectern_jpeg_start(j, scaleNumerator(width: width, target: target.width), space) == 0 else {
            throw failure()
        }
        let scaledWidth = Int(j.pointee.cinfo.output_width), scaledHeight = Int(j.pointee.cinfo.output_height)
        guard scaledWidth >= target.width, scaledHeight >= 1, Int(j.pointee.cinfo.output_components) == 4 else {
            throw ImageError.corrupt(.jpeg, "unexpected scaled size \(scaledWidth)x\(scaledHeight)")
        }
        var out = AreaDownsampler(sourceWidth: scaledWidth, sourceHeight: scaledHeight, width: target.width,
                                  height: min(target.height, scaledHeight), format: .xrgb8888)
        let row = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: scaledWidth)
        defer { row.deallocate() }
        let bytes = UnsafeMutableRawPointer(row.baseAddress!).assumingMemoryBound(to: UInt8.self)
        for _ in 0..<scaledHeight {
            guard lectern_jpeg_read_row(j, bytes) == 0 else { throw failure() }
            if isCMYK { convertCMYK(row, saysAdobe: j.pointee.cinfo.saw_Adobe_marker != 0) }
            out.add(UnsafeBufferPointer(row))
        }
        out.finish()
        return out.surface
    }

    /// The smallest of the scales 1/8, 2/8, 4/8 and 8/8 that still leaves the image at least `target` wide
    /// (libjpeg rounds the scaled width up). libjpeg-turbo has SIMD inverse DCTs for those four only; the others
    /// go through slow generic code, so decoding 1920 px to 1280 at 6/8 took longer (16 ms) than decoding it whole
    /// and averaging down.
    static func scaleNumerator(width: Int, target: Int) -> UInt32 {
        for n in [1, 2, 4, 8] where (width * n + 7) / 8 >= target { return UInt32(n) }
        return 8
    }

    /// libjpeg-turbo writes native 0xAARRGGBB words directly (alpha 0xFF) from grey, YCbCr and RGB; CMYK comes
    /// out as four bytes to convert here.
    private static func outputSpace(for space: J_COLOR_SPACE) throws -> (J_COLOR_SPACE, Bool) {
        switch space {
        case JCS_GRAYSCALE, JCS_YCbCr, JCS_RGB:
            #if _endian(little)
            return (JCS_EXT_BGRA, false)
            #else
            return (JCS_EXT_ARGB, false)
            #endif
        case JCS_CMYK, JCS_YCCK: return (JCS_CMYK, true)
        default: throw ImageError.unsupported(.jpeg, "colour space \(space.rawValue)")
        }
    }

    /// Photoshop writes CMYK inverted (0 is full ink) and says so with an Adobe marker; then R = C·K/255 and so
    /// on. Without the marker the values are taken as plain ink amounts.
    private static func convertCMYK(_ row: UnsafeMutableBufferPointer<UInt32>, saysAdobe: Bool) {
        let bytes = UnsafeMutableRawBufferPointer(row)
        for x in 0..<row.count {
            var c = UInt32(bytes[4 * x]), m = UInt32(bytes[4 * x + 1]), y = UInt32(bytes[4 * x + 2])
            var k = UInt32(bytes[4 * x + 3])
            if !saysAdobe { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k }
            func ink(_ v: UInt32) -> UInt32 { (v * k + 127) / 255 }
            row[x] = 0xFF00_0000 | ink(c) << 16 | ink(m) << 8 | ink(y)
        }
    }
}
