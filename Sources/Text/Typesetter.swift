import CHarfBuzz
import Raster

/// Lays out paragraphs: chooses fonts (with fallback per character), orders right-to-left runs, shapes with
/// HarfBuzz, breaks lines and aligns them. Reuses its buffers between calls; one thread at a time.
public final class Typesetter {
    public let library: FontLibrary
    private let buffer: OpaquePointer
    private let classes = CharacterClass()

    public init(library: FontLibrary) {
        self.library = library
        buffer = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Lays out `paragraphs` one under the other in a box `width` pixels wide. An infinite (or NaN) width
    /// means no limit: lines break only at newlines and the layout's width becomes its widest line.
    public func layout(_ paragraphs: [Paragraph], width: Float) -> TextLayout {
        let width = width.isNaN ? .infinity : max(width, 0)
        var layout = TextLayout(width: width)
        var fontSlots: [ObjectIdentifier: UInt16] = [:]
        var y: Float = 0
        for (index, paragraph) in paragraphs.enumerated() {
            var setter = ParagraphSetter(paragraph: paragraph, index: index, width: width, top: y,
                                         typesetter: self)
            setter.run(into: &layout, fontSlots: &fontSlots)
            y = setter.bottom + (paragraph.style.spacingAfter.isFinite ? max(0, paragraph.style.spacingAfter) : 0)
            if index == paragraphs.count - 1 { y = setter.bottom }
        }
        layout.height = y
        if !width.isFinite { layout.width = layout.usedWidth }
        return layout
    }

    public func layout(_ paragraph: Paragraph, width: Float) -> TextLayout {
        layout([paragraph], width: width)
    }

    /// Size the paragraphs take in a box `width` wide, without keeping the layout.
    public func measure(_ paragraphs: [Paragraph], width: Float) -> (width: Float, height: Float, lines: Int) {
        let l = layout(paragraphs, width: width)
        return (l.usedWidth, l.height, l.lines.count)
    }

    // MARK: Shaping

    struct ShapedRun {
        var characters: Range<Int>
        var glyphs: Range<Int>
        var font: Font
        var span: Int
        var level: UInt8
        var isRightToLeft: Bool { level & 1 == 1 }
    }

    /// Shapes `characters` of `text` (the whole paragraph is passed so Arabic joins across run edges), appending
    /// glyph ids, clusters, advances and offsets in pixels.
    func shape(_ text: UnsafeBufferPointer<UInt32>, characters: Range<Int>, font: Font, script: hb_script_t,
               rightToLeft: Bool, feature: hb_tag_t? = nil, into glyphs: inout GlyphColumns) {
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf32(buffer, text.baseAddress, Int32(text.count), UInt32(characters.lowerBound),
                            Int32(characters.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_language(buffer, hb_language_get_default())
        if let feature {
            var on = hb_feature_t(tag: feature, value: 1, start: 0, end: UInt32.max)
            hb_shape(font.shapingFont, buffer, &on, 1)
        } else {
            hb_shape(font.shapingFont, buffer, nil, 0)
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
        let n = Int(count)
        glyphs.reserve(n)
        // A synthetically bold face draws each glyph wider by its strength: the advance takes it too (marks,
        // which advance nothing, stay put).
        let widen = font.emboldening
        for i in 0..<n {
            let p = positions[i]
            let advance = Float(p.x_advance) / 64
            glyphs.append(glyph: infos[i].codepoint, cluster: Int32(bitPattern: infos[i].cluster),
                          advance: advance == 0 ? 0 : advance + widen, dx: Float(p.x_offset) / 64,
                          dy: Float(p.y_offset) / 64)
        }
    }

    /// The glyphs and clusters `scalars` shape to, left to right, with `feature` on if given.
    func glyphIDs(_ scalars: [UInt32], font: Font, feature: hb_tag_t?) -> [(glyph: UInt32, cluster: UInt32)] {
        var glyphs = GlyphColumns()
        scalars.withUnsafeBufferPointer { all in
            shape(all, characters: 0..<all.count, font: font, script: HB_SCRIPT_COMMON, rightToLeft: false,
                  feature: feature, into: &glyphs)
        }
        return glyphs.glyph.indices.map { (glyphs.glyph[$0], UInt32(bitPattern: glyphs.cluster[$0])) }
    }

    /// One glyph for `scalar` in `font` (a hyphen or an ellipsis added at a line's end), if the font has it.
    func singleGlyph(_ scalar: UInt32, in font: Font) -> (glyph: UInt32, advance: Float)? {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font.shapingFont, scalar, &glyph) != 0, glyph != 0 else { return nil }
        return (glyph, Float(hb_font_get_glyph_h_advance(font.shapingFont, glyph)) / 64 + font.emboldening)
    }

    var characterClass: CharacterClass { classes }
}

/// Shaped glyphs of a paragraph as parallel arrays (cheap to append and scan).
struct GlyphColumns {
    var glyph: [UInt32] = []
    var cluster: [Int32] = []
    var advance: [Float] = []
    var dx: [Float] = []
    var dy: [Float] = []

    var count: Int { glyph.count }

    mutating func reserve(_ extra: Int) {
        let n = glyph.count + extra
        if glyph.capacity < n {
            glyph.reserveCapacity(n * 2); cluster.reserveCapacity(n * 2); advance.reserveCapacity(n * 2)
            dx.reserveCapacity(n * 2); dy.reserveCapacity(n * 2)
        }
    }

    @inline(__always)
    mutating func append(glyph g: UInt32, cluster c: Int32, advance a: Float, dx x: Float, dy y: Float) {
        glyph.append(g); cluster.append(c); advance.append(a); dx.append(x); dy.append(y)
    }
}
