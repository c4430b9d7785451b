import Raster

/// A Windows icon file, the usual `favicon.ico`: the picture best for the width asked for, which is a PNG (read
/// by the PNG decoder) or a headerless BMP of 1, 4, 8, 24 or 32 bits a pixel with its 1-bit transparency mask
/// (read here, every row and palette index checked against the bytes there are).
enum ICODecoder {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func decode(_ data: UnsafeBufferPointer<UInt8>, _ limits: DecodeLimits) throws -> Surface {
        guard let directory = IconDirectory(data) else { throw ImageError.corrupt(.ico, "no picture within the file") }
        let picture = UnsafeBufferPointer(rebasing: data[directory.best(forWidth: limits.fittingWidth).range])
        if picture.starts(with: pngSignature) { return try PNGDecoder.decode(picture, limits) }
        return try decodeBitmap(picture, limits)
    }

    /// A BITMAPINFOHEADER, the palette, the colour rows bottom-up, then the mask rows; the header's height
    /// counts both halves. Straight alpha, premultiplied as rows go to the downsampler.
    static func decodeBitmap(_ data: UnsafeBufferPointer<UInt8>, _ limits: DecodeLimits) throws -> Surface {
        func u16(_ at: Int) -> Int? { at >= 0 && at + 2 <= data.count ? Int(data[at]) | Int(data[at + 1]) << 8 : nil }
        func u32(_ at: Int) -> Int? { u16(at).flatMap { low in u16(at + 2).map { low | $0 << 16 } } }
        guard let headerSize = u32(0), headerSize >= 40, headerSize <= data.count, let width = u32(4),
              let doubledHeight = u32(8), let bits = u16(14), let compression = u32(16) else {
            throw ImageError.corrupt(.ico, "bitmap header cut short")
        }
        // A height with the top bit set is negative (top-down rows): icons are never stored so.
        guard doubledHeight < 1 << 31, width < 1 << 31 else { throw ImageError.corrupt(.ico, "negative bitmap size") }
        let height = doubledHeight / 2
        try limits.check(width: width, height: height)
        guard compression == 0 else { throw ImageError.unsupported(.ico, "a compressed bitmap") }
        guard [1, 4, 8, 24, 32].contains(bits) else { throw ImageError.unsupported(.ico, "\(bits) bits a pixel") }

        let colours = bits <= 8 ? min(u32(32).map { $0 == 0 ? 1 << bits : $0 } ?? 1 << bits, 1 << bits) : 0
        let pixelsStart = headerSize + 4 * colours
        let stride = (width * bits + 31) / 32 * 4, maskStride = (width + 31) / 32 * 4
        let maskStart = pixelsStart + stride * height
        guard maskStart <= data.count else { throw ImageError.corrupt(.ico, "bitmap rows cut short") }
        // Some encoders leave the mask off a 32-bit picture; without one, every pixel is as its colour says.
        let hasMask = maskStart + maskStride * height <= data.count
        var palette = [UInt32](repeating: 0xFF00_0000, count: colours)
        for index in 0..<colours {
            let at = headerSize + 4 * index  // blue, green, red, unused
            palette[index] = 0xFF00_0000 | UInt32(data[at + 2]) << 16 | UInt32(data[at + 1]) << 8 | UInt32(data[at])
        }
        // Old 32-bit icons leave alpha at zero everywhere and mean the mask: then the mask decides.
        var usesAlpha = false
        if bits == 32 {
            for y in 0..<height where !usesAlpha {
                for x in 0..<width where data[pixelsStart + y * stride + 4 * x + 3] != 0 { usesAlpha = true; break }
            }
        }

        let target = limits.outputSize(width: width, height: height)
        var out = AreaDownsampler(sourceWidth: width, sourceHeight: height, width: target.width,
                                  height: target.height, format: .argb8888)
        let row = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: width)
        defer { row.deallocate() }
        for y in 0..<height {
            let source = pixelsStart + (height - 1 - y) * stride
            for x in 0..<width {
                switch bits {
                case 32:
                    let at = source + 4 * x
                    let alpha = usesAlpha ? UInt32(data[at + 3]) : 0xFF
                    row[x] = alpha << 24 | UInt32(data[at + 2]) << 16 | UInt32(data[at + 1]) << 8 | UInt32(data[at])
                case 24:
                    let at = source + 3 * x
                    row[x] = 0xFF00_0000 | UInt32(data[at + 2]) << 16 | UInt32(data[at + 1]) << 8 | UInt32(data[at])
                default:
                    let bit = x * bits
                    let index = Int(data[source + bit / 8]) >> (8 - bits - bit % 8) & (1 << bits - 1)
                    // An index past the palette (a short palette, a hostile file) draws nothing.
                    row[x] = index < colours ? palette[index] : 0
                }
                if hasMask, !usesAlpha, data[maskStart + (height - 1 - y) * maskStride + x / 8] >> (7 - x % 8) & 1 == 1 {
                    row[x] = 0
                }
            }
            PNGDecoder.premultiply(row)
            out.add(UnsafeBufferPointer(row))
        }
        out.finish()
        return out.surface
    }
}
