import CHarfBuzz

/// How a raised or lowered span is set (`BaselinePosition`). A font that has superscript or subscript glyphs
/// (OpenType `sups`, `subs`) for every character of the span sets it with them, at full size on the baseline: they
/// are drawn for the purpose, heavier and better placed than shrunken letters. Otherwise (DejaVu, the panel's
/// font, has neither feature) the span is shaped smaller and shifted, as browsers set `<sup>` and `<sub>`.
struct ScriptedRun {
    /// Pixels per em the span is shaped at.
    var size: Float
    /// Pixels the span's glyphs sit above the baseline (negative: below it).
    var shift: Float
    /// The OpenType feature switched on while shaping, when the font's own script glyphs are used.
    var feature: hb_tag_t?

    /// Synthesized scripts: 70 % of the text's size, raised a third of an em or lowered a sixth. Close to what
    /// fonts' OS/2 tables suggest, readable at the panel's smallest body size, and within the line's own height
    /// at the article's 1.5 line spacing, so a raised footnote mark never touches the line above.
    static let scale: Float = 0.7
    static let raise: Float = 0.34
    static let lower: Float = 0.16

    static let superscriptFeature = tag("sups")
    static let subscriptFeature = tag("subs")

    /// The setting for one span of a paragraph.
    static func choose(for span: TextSpan, typesetter: Typesetter) -> ScriptedRun {
        let style = span.style
        let size = style.size.isFinite ? style.size : 16
        let raised: Bool
        switch style.position {
        case .baseline: return ScriptedRun(size: style.size, shift: 0, feature: nil)
        case .superscript: raised = true
        case .subscript: raised = false
        }
        let feature = raised ? superscriptFeature : subscriptFeature
        let chain = typesetter.library.fallbackChain(family: style.family, weight: style.weight, slant: style.slant,
                                                     size: style.size)
        if let main = chain.first, main.hasSubstitution(feature),
           typesetter.featureReplacesEveryGlyph(feature, of: span.text, in: main) {
            return ScriptedRun(size: style.size, shift: 0, feature: feature)
        }
        return ScriptedRun(size: style.size * scale, shift: size * (raised ? raise : -lower), feature: nil)
    }

    /// An OpenType tag from its four ASCII letters.
    static func tag(_ name: StaticString) -> hb_tag_t {
        name.withUTF8Buffer { bytes in bytes.prefix(4).reduce(0) { $0 << 8 | hb_tag_t($1) } }
    }
}

extension Typesetter {
    /// Whether shaping `text` with `feature` on gives a different glyph for every character that shows ink: a
    /// font whose `sups` covers digits only must not set a raised "th" half raised, half on the baseline.
    func featureReplacesEveryGlyph(_ feature: hb_tag_t, of text: String, in font: Font) -> Bool {
        let scalars = Array(text.unicodeScalars.lazy.map(\.value).prefix(256))
        guard !scalars.isEmpty else { return false }
        let plain = glyphIDs(scalars, font: font, feature: nil)
        let scripted = glyphIDs(scalars, font: font, feature: feature)
        guard plain.count == scripted.count else { return false }
        for (index, glyph) in plain.enumerated() where glyph.glyph == scripted[index].glyph {
            let cluster = Int(glyph.cluster)
            if cluster < scalars.count, !CharacterClass.isSpace(scalars[cluster]) { return false }
        }
        return true
    }
}
