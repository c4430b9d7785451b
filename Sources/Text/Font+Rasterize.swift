import CFreeType
import Raster

/// A glyph's coverage, or its colours for a colour (emoji) glyph, and where it sits relative to the pen: `left`
/// right of the origin, `top` above the baseline. Spaces and other empty glyphs have neither.
struct GlyphImage {
    var mask: AlphaMask?
    /// Premultiplied ARGB, already scaled to the font's size; drawn as it is, not in the text colour.
    var color: Surface?
    var left: Int
    var top: Int

    init(mask: AlphaMask? = nil, color: Surface? = nil, left: Int, top: Int) {
        self.mask = mask
        self.color = color
        self.left = left
        self.top = top
    }
}

/// How glyph outlines are fitted to the pixel grid before rendering.
public enum Hinting: Hashable, Sendable {
    /// Outlines as designed: softest, best on high-density panels (200 dpi and up).
    case none
    /// FreeType's light hinting: stems snap vertically only, so horizontal shapes and advances keep their
    /// design widths and sub-pixel placement stays even. The default, for ~100–160 dpi panels read from a step
    /// away.
    case light
    /// The font's full hinting (both axes): crispest at small sizes on low-density panels, uneven spacing.
    case full

    var loadFlags: Int32 {
        switch self {
        case .none: return 1 << 1  // FT_LOAD_NO_HINTING
        case .light: return 1 << 16  // FT_LOAD_TARGET_LIGHT
        case .full: return 0  // FT_LOAD_TARGET_NORMAL
        }
    }
}

extension Font {
    private static let loadColor = Int32(1 << 20)  // FT_LOAD_COLOR
    // FT_GLYPH_FORMAT_OUTLINE and _BITMAP are four-character tags ('outl', 'bits') Swift cannot import.
    private static let outlineFormat: UInt32 = 0x6F75_746C
    private static let bitmapFormat: UInt32 = 0x6269_7473

    /// Renders `glyph` moved right by `subpixel`/`steps` of a pixel as 8-bit coverage, or as colours for a
    /// colour bitmap glyph; nil if FreeType fails.
    func rasterize(glyph: UInt32, subpixel: Int, steps: Int, hinting: Hinting = .light) -> GlyphImage? {
        var flags = hinting.loadFlags
        if isColor { flags |= Self.loadColor }
        guard FT_Load_Glyph(face, FT_UInt(glyph), flags) == 0, let slot = face.pointee.glyph else { return nil }
        if slot.pointee.format.rawValue == Self.outlineFormat {
            var shift = FT_Pos(subpixel * 64 / max(steps, 1))
            if emboldening > 0 {
                // Thickened by the strength in both directions, half of it on each side: moved right by that
                // half so the ink starts where the face's does and takes the widened advance.
                let strength = FT_Pos((emboldening * 64).rounded())
                FT_Outline_EmboldenXY(&slot.pointee.outline, strength, strength)
                shift += strength / 2
            }
            if shift != 0 { FT_Outline_Translate(&slot.pointee.outline, shift, 0) }
        }
        if slot.pointee.format.rawValue != Self.bitmapFormat {
            guard FT_Render_Glyph(slot, hinting == .full ? FT_RENDER_MODE_NORMAL : FT_RENDER_MODE_LIGHT) == 0 else {
                return nil
            }
        }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        let left = Int(slot.pointee.bitmap_left), top = Int(slot.pointee.bitmap_top)
        guard width > 0, rows > 0, let buffer = bitmap.buffer else { return GlyphImage(left: left, top: top) }
        if Int32(bitmap.pixel_mode) == Int32(FT_PIXEL_MODE_BGRA.rawValue) {
            guard pitch >= width * 4 else { return GlyphImage(left: left, top: top) }
            return ColorGlyph.image(bgra: UnsafePointer(buffer), width: width, rows: rows, pitch: pitch, left: left,
                                    top: top, scale: bitmapScale)
        }
        let mask = AlphaMask(width: width, height: rows)
        for y in 0..<rows {
            let src = buffer + y * pitch
            let dst = mask.coverage + y * mask.stride
            switch Int32(bitmap.pixel_mode) {
            case Int32(FT_PIXEL_MODE_GRAY.rawValue):
                dst.update(from: src, count: width)
            case Int32(FT_PIXEL_MODE_MONO.rawValue):
                for x in 0..<width { dst[x] = src[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 ? 255 : 0 }
            default:
                return GlyphImage(left: left, top: top)
            }
        }
        if bitmapScale < 0.999 || bitmapScale > 1.001 {
            return GlyphImage(mask: Self.scaled(mask, by: bitmapScale), left: Int((Float(left) * bitmapScale).rounded()),
                              top: Int((Float(top) * bitmapScale).rounded()))
        }
        return GlyphImage(mask: mask, left: left, top: top)
    }

    /// Box-filtered resize of a fixed-size monochrome bitmap strike to the wanted size.
    private static func scaled(_ mask: AlphaMask, by scale: Float) -> AlphaMask {
        let w = max(1, Int((Float(mask.width) * scale).rounded())), h = max(1, Int((Float(mask.height) * scale).rounded()))
        let out = AlphaMask(width: w, height: h)
        for y in 0..<h {
            let y0 = y * mask.height / h, y1 = max(y0 + 1, (y + 1) * mask.height / h)
            for x in 0..<w {
                let x0 = x * mask.width / w, x1 = max(x0 + 1, (x + 1) * mask.width / w)
                var sum = 0
                for sy in y0..<y1 { for sx in x0..<x1 { sum += Int(mask[sx, sy]) } }
                out[x, y] = UInt8(sum / ((y1 - y0) * (x1 - x0)))
            }
        }
        return out
    }
}
