import CFreeType
import Raster

/// The compositing half of `lectern bench raster`: full-frame overlays, copy and fill at 1280x800 and
/// 1920x1080, and A8 glyph masks, each set up exactly as the reference (../shared/bench/raster/bench_ref.c,
/// geometry and colours from shapes.h) so the two runs compare as ratios.
enum FullscreenBench {
    /// Premultiplied overlay colour of shapes.h: (0.1, 0.1, 0.15) at alpha 230/255.
    static let overlay = Color(argb: 0xE612_121B)
    /// Opaque shape colour of shapes.h.
    static let shapeColor = Color(argb: 0xFF33_99E6)
    static let fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    static func rows(timing: BenchTiming) -> [String] {
        var rows: [String] = []
        for (w, h) in [(1280, 800), (1920, 1080)] {
            let size = "\(w)x\(h)"
            let frame = backgroundSurface(width: w, height: h)
            let source = backgroundSurface(width: w, height: h)
            let menu = menuImage(width: w, height: h)
            func time(_ op: String, _ body: () -> Void) {
                rows.append(BenchTiming.row(op: op, size: size, nanoseconds: timing.nanosecondsPerCall { _ in body() }))
            }
            time("overlay_solid_0.9") { frame.blend(frame.bounds, with: overlay) }
            time("overlay_image_0.9") { frame.composite(menu, atX: 0, y: 0, opacity: 0.9) }
            time("copy") { frame.copy(from: source, toX: 0, y: 0) }
            time("rect_fill") { frame.fill(frame.bounds, with: shapeColor) }
        }
        rows += glyphRows(timing: timing)
        return rows
    }

    /// glyph_a8: glyph i % 52 of a–z, A–Z at ((int)posx + left, (int)posy + 40 − top) on the 1280x800 frame.
    static func glyphRows(timing: BenchTiming) -> [String] {
        let frame = backgroundSurface(width: 1280, height: 800)
        let positions = Positions()
        var rows: [String] = []
        for pixels in [16, 32] {
            guard let glyphs = renderGlyphs(pixelSize: pixels) else {
                rows.append("glyph_a8,\(pixels)px,lectern,,cannot load \(fontPath)")
                continue
            }
            let ns = timing.nanosecondsPerCall { i in
                let g = glyphs[i % 52]
                frame.draw(g.mask, atX: Int(positions.x[i & 63]) + g.left,
                           y: Int(positions.y[i & 63]) + 40 - g.top, color: shapeColor)
            }
            rows.append(BenchTiming.row(op: "glyph_a8", size: "\(pixels)px", nanoseconds: ns))
        }
        return rows
    }

    struct Glyph {
        var mask: AlphaMask
        var left: Int
        var top: Int
    }

    /// a–z then A–Z rendered by FreeType as 8-bit coverage, as bench_ref.c does.
    static func renderGlyphs(pixelSize: Int) -> [Glyph]? {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        guard FT_New_Face(library, fontPath, 0, &face) == 0, let face else { return nil }
        defer { FT_Done_Face(face) }
        FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize))
        var glyphs: [Glyph] = []
        for k in 0..<52 {
            let ch = k < 26 ? 97 + k : 65 + k - 26
            guard FT_Load_Char(face, FT_ULong(ch), FT_Int32(FT_LOAD_RENDER)) == 0, let slot = face.pointee.glyph
            else { return nil }
            let bitmap = slot.pointee.bitmap
            let mask = AlphaMask(width: Int(bitmap.width), height: Int(bitmap.rows))
            for y in 0..<mask.height {
                let from = bitmap.buffer + y * Int(bitmap.pitch)
                (mask.coverage + y * mask.stride).update(from: from, count: mask.width)
            }
            glyphs.append(Glyph(mask: mask, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top)))
        }
        return glyphs
    }

    /// shapes.h bg_pixel: the frame's content under every operation.
    static func backgroundSurface(width: Int, height: Int) -> Surface {
        let s = Surface(width: width, height: height, format: .xrgb8888)
        for y in 0..<height {
            let row = s.row(y)
            for x in 0..<width {
                row[x] = 0xFF00_0000 | UInt32((x * 3 + y) & 0xFF) << 16 | UInt32((x ^ y) & 0xFF) << 8
                    | UInt32((x * y) & 0xFF)
            }
        }
        return s
    }

    /// shapes.h menu_pixel: a premultiplied checkerboard of alpha 255 and 160.
    static func menuImage(width: Int, height: Int) -> Surface {
        let s = Surface(width: width, height: height, format: .argb8888)
        for y in 0..<height {
            let row = s.row(y)
            for x in 0..<width {
                let a: UInt32 = ((x >> 4) + (y >> 4)) & 1 == 1 ? 255 : 160
                let r = UInt32(x & 0xFF) * a / 255, g = UInt32(y & 0xFF) * a / 255, b = 0x40 * a / 255
                row[x] = a << 24 | r << 16 | g << 8 | b
            }
        }
        return s
    }

    /// shapes.h init_positions: 64 sub-pixel positions spread over the frame.
    struct Positions {
        var x: [Double] = []
        var y: [Double] = []
    
        init() {
            for i in 0..<64 {
                x.append(30 + Double((i * 197) % 1000) + Double(i % 7) * 0.13 + 0.05)
                y.append(30 + Double((i * 113) % 400) + Double(i % 5) * 0.21 + 0.07)
            }
        }
    }
}
