import Reader
import CFreeType
import Raster

/// The compositing half of `lectern-bench raster`: full-frame overlays, copy and fill at 1280x800 and
/// 1920x1080, and A8 glyph masks, each set up exactly as the reference (its bench_ref.c,
/// geometry and colours from shapes.h) so the two runs compare as ratios.
public enum FullscreenBench {
    static let fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    public static func rows(timing: BenchTiming) -> [String] {
        var rows: [String] = []
        for (w, h) in [(1280, 800), (1920, 1080)] {
            let size = "\(w)x\(h)"
            let frame = BenchGeometry.backgroundSurface(width: w, height: h)
            let source = BenchGeometry.backgroundSurface(width: w, height: h)
            let menu = BenchGeometry.menuImage(width: w, height: h)
            func time(_ op: String, _ body: () -> Void) {
                rows.append(BenchTiming.row(op: op, size: size, nanoseconds: timing.nanosecondsPerCall { _ in body() }))
            }
            time("overlay_solid_0.9") { frame.blend(frame.bounds, with: BenchGeometry.overlay) }
            time("overlay_image_0.9") { frame.composite(menu, atX: 0, y: 0, opacity: 0.9) }
            time("copy") { frame.copy(from: source, toX: 0, y: 0) }
            time("rect_fill") { frame.fill(frame.bounds, with: BenchGeometry.shapeColor) }
        }
        rows += glyphRows(timing: timing)
        return rows
    }

    /// glyph_a8: glyph i % 52 of a–z, A–Z at ((int)posx + left, (int)posy + 40 − top) on the 1280x800 frame.
    static func glyphRows(timing: BenchTiming) -> [String] {
        let frame = BenchGeometry.backgroundSurface(width: 1280, height: 800)
        let positions = BenchGeometry.Positions()
        var rows: [String] = []
        for pixels in [16, 32] {
            guard let glyphs = renderGlyphs(pixelSize: pixels) else {
                rows.append("glyph_a8,\(pixels)px,lectern,,cannot load \(fontPath)")
                continue
            }
            let ns = timing.nanosecondsPerCall { i in
                let g = glyphs[i % 52]
                frame.draw(g.mask, atX: Int(positions.x[i & 63]) + g.left,
                           y: Int(positions.y[i & 63]) + 40 - g.top, color: BenchGeometry.shapeColor)
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
}
