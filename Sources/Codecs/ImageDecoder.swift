import Raster

/// Decodes untrusted image bytes into a premultiplied surface no wider than the caller needs, shrinking while
/// decoding so the full-size picture is never held (interlaced PNGs aside). Every size is checked against the
/// caps from the header before a decoder allocates, and again against what the library itself read.
public enum ImageDecoder {
    /// 50 megapixels: a large camera photo; a picture past this in an article is a mistake or an attack.
    public static let defaultMaxPixels = 50_000_000
    /// Neither side may exceed this (a 1 x 50,000,000 strip is within the pixel cap but no picture).
    public static let maxSide = 32_768

    /// The image in `bytes` at most `fittingWidth` pixels wide, its aspect ratio kept, never enlarged. JPEGs
    /// come out `.xrgb8888` (opaque), the others `.argb8888`. Only a GIF's first frame is decoded; of an icon file,
    /// the one picture best for `fittingWidth`.
    public static func decode(_ bytes: [UInt8], fittingWidth: Int, maxPixels: Int = defaultMaxPixels) throws
        -> Surface
    {
        guard !bytes.isEmpty else { throw ImageError.empty }
        guard fittingWidth >= 1 else { throw ImageError.badFittingWidth(fittingWidth) }
        guard let header = ImageHeader.read(bytes) else { throw ImageError.unrecognized }
        try checkSize(width: header.width, height: header.height, maxPixels: maxPixels)
        let limits = DecodeLimits(fittingWidth: fittingWidth, maxPixels: maxPixels)
        return try bytes.withUnsafeBufferPointer { data in
            switch header.format {
            case .jpeg: try JPEGDecoder.decode(data, limits)
            case .png: try PNGDecoder.decode(data, limits)
            case .webp: try WebPDecoder.decode(data, limits)
            case .gif: try GIFDecoder.decode(data, limits)
            case .ico: try ICODecoder.decode(data, limits)
            }
        }
    }

    /// Throws `.noPixels` for an empty side, `.tooLarge` when a side is over `maxSide` or the area over
    /// `maxPixels`.
    static func checkSize(width: Int, height: Int, maxPixels: Int) throws {
        guard width >= 1, height >= 1 else { throw ImageError.noPixels(width: width, height: height) }
        guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw ImageError.tooLarge(width: width, height: height)
        }
    }
}

/// What a format decoder is asked for: the output width it must fit and the cap it re-checks the library's
/// own reading of the size against.
struct DecodeLimits {
    let fittingWidth: Int
    let maxPixels: Int

    /// The output size for a `width`x`height` source: as wide as fits, never wider than the source, the height
    /// in proportion (at least 1).
    func outputSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let w = min(width, fittingWidth)
        let h = max(1, (height * w + width / 2) / width)
        return (w, min(h, height))
    }

    func check(width: Int, height: Int) throws {
        try ImageDecoder.checkSize(width: width, height: height, maxPixels: maxPixels)
    }
}
