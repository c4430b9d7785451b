import CFreeType
import CHarfBuzz

/// One face at one pixel size: a FreeType face for drawing glyphs and a HarfBuzz font for shaping, both over
/// the same file bytes. Made by `FontLibrary`, which keeps one per (file, size).
public final class Font {
    public let file: FontFile
    /// Pixels per em.
    public let size: Float
    /// Above and below the baseline, in pixels (descent positive), from the face's own metrics.
    public let ascent: Float
    public let descent: Float
    /// Default line gap from the face, in pixels.
    public let lineGap: Float

    let face: FT_Face
    let shapingFont: OpaquePointer
    private let data: FontData
    private let freeType: FreeTypeLibrary
    /// Which ASCII characters the face has, looked up once (most text is ASCII).
    private var asciiCoverage: (UInt64, UInt64) = (0, 0)
    /// Scalable outlines can be moved by a fraction of a pixel before rendering; bitmap faces cannot.
    let isScalable: Bool
    /// Colour bitmap faces (emoji) come at fixed strikes and are scaled on drawing by this factor.
    let bitmapScale: Float
    /// The face has colour glyphs (Noto Color Emoji): font fallback offers it first for emoji clusters.
    public let isColor: Bool
    /// The face is designed bold (its style flags say so).
    public let isBold: Bool
    /// Outlines are thickened by this many pixels, and advances widened by as much: a bold style that fell back
    /// to a face with no bold design (a CJK fallback) still reads bold. 0 for the face as designed.
    public let emboldening: Float

    init(file: FontFile, data: FontData, size: Float, freeType: FreeTypeLibrary, embolden: Bool = false) throws {
        self.file = file
        self.data = data
        self.freeType = freeType
        let size = size.isFinite ? min(max(size, 1), 1000) : 16
        self.size = size
        var face: FT_Face?
        let error = FT_New_Memory_Face(freeType.handle, data.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                       FT_Long(data.bytes.count), FT_Long(file.faceIndex), &face)
        guard error == 0, let face else { throw FontError("\(file) is not a font FreeType can read (error \(error))") }
        isScalable = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        isColor = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        isBold = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
        // FreeType's own synthetic bold strength (FT_GlyphSlot_Embolden): a 24th of the em.
        emboldening = embolden && isScalable && !isBold ? size / 24 : 0
        var scale: Float = 1
        if isScalable {
            FT_Set_Char_Size(face, 0, FT_F26Dot6((size * 64).rounded()), 72, 72)
        } else if face.pointee.num_fixed_sizes > 0 {
            // Pick the strike nearest the wanted size (emoji fonts have one, 109 px).
            var best = 0, bestDistance = Float.infinity
            for i in 0..<Int(face.pointee.num_fixed_sizes) {
                let ppem = Float(face.pointee.available_sizes[i].y_ppem) / 64
                if abs(ppem - size) < bestDistance { bestDistance = abs(ppem - size); best = i }
            }
            FT_Select_Size(face, FT_Int(best))
            scale = size / max(1, Float(face.pointee.available_sizes[best].y_ppem) / 64)
        }
        bitmapScale = scale
        self.face = face
        let metrics = face.pointee.size.pointee.metrics
        if isScalable {
            let units = Float(max(face.pointee.units_per_EM, 1))
            ascent = Float(face.pointee.ascender) * size / units
            descent = -Float(face.pointee.descender) * size / units
            lineGap = max(0, Float(face.pointee.height) * size / units - ascent - descent)
        } else {
            ascent = Float(metrics.ascender) / 64 * scale
            descent = -Float(metrics.descender) / 64 * scale
            lineGap = 0
        }

        let blob = hb_blob_create(UnsafeRawPointer(data.bytes.baseAddress!).assumingMemoryBound(to: CChar.self),
                                  UInt32(data.bytes.count), HB_MEMORY_MODE_READONLY, nil, nil)
        let hbFace = hb_face_create(blob, UInt32(file.faceIndex))
        hb_blob_destroy(blob)
        let font = hb_font_create(hbFace)!
        hb_face_destroy(hbFace)
        // Positions come back in 26.6 pixels. Bitmap faces are shaped in their font units scaled the same way.
        let scale64 = Int32((size * 64).rounded())
        hb_font_set_scale(font, scale64, scale64)
        shapingFont = font

        var low: UInt64 = 0, high: UInt64 = 0
        for c in UInt32(0)..<128 where hasGlyphUncached(for: c) {
            if c < 64 { low |= 1 << UInt64(c) } else { high |= 1 << UInt64(c - 64) }
        }
        asciiCoverage = (low, high)
    }

    deinit {
        hb_font_destroy(shapingFont)
        FT_Done_Face(face)
    }

    /// Whether the face draws `scalar` itself (rather than its missing-glyph box).
    @inline(__always)
    public func hasGlyph(for scalar: UInt32) -> Bool {
        if scalar < 64 { return asciiCoverage.0 >> UInt64(scalar) & 1 != 0 }
        if scalar < 128 { return asciiCoverage.1 >> UInt64(scalar - 64) & 1 != 0 }
        return hasGlyphUncached(for: scalar)
    }

    private func hasGlyphUncached(for scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(shapingFont, scalar, &glyph) != 0 && glyph != 0
    }

    /// The substitution features (GSUB) the face offers, read once when first asked.
    private lazy var substitutions: Set<UInt32> = {
        guard let face = hb_font_get_face(shapingFont) else { return [] }
        let gsub = ScriptedRun.tag("GSUB")
        var tags = [hb_tag_t](repeating: 0, count: 64)
        var found: Set<UInt32> = []
        var start: UInt32 = 0
        while true {
            var count = UInt32(tags.count)
            let total = hb_ot_layout_table_get_feature_tags(face, gsub, start, &count, &tags)
            found.formUnion(tags.prefix(Int(min(count, UInt32(tags.count)))))
            start += count
            if count == 0 || start >= total || start > 4_096 { return found }
        }
    }()

    /// Whether the face has the OpenType substitution feature `tag` (such as `sups`) in any script.
    func hasSubstitution(_ tag: UInt32) -> Bool { substitutions.contains(tag) }

    /// Family name as the file states it, for diagnostics.
    public var familyName: String {
        face.pointee.family_name.map { String(cString: $0) } ?? file.path
    }
}
