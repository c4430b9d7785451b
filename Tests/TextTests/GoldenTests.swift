import Raster
import Testing
@testable import Text

/// Sample paragraphs drawn and compared with reviewed images (see TextTestSupport for the tolerance).
@Suite struct GoldenTests {
    let body = TextStyle(size: 20)

    @Test func latinKerningAndLigatures() throws {
        let t = try makeTypesetter()
        let p = Paragraph("AV To Wa Ty — fine flow, office affluent. AVAVAV WAVE Tokyo", style: body)
        try expectMatchesGolden(render([p], width: 520, typesetter: t), named: "latin-kerning-ligatures")
    }

    @Test func boldItalicMix() throws {
        let t = try makeTypesetter()
        let p = Paragraph([
            TextSpan("Plain text, ", style: body),
            TextSpan("bold words", style: body.with(weight: .bold)),
            TextSpan(", an ", style: body),
            TextSpan("italic phrase", style: body.with(slant: .italic)),
            TextSpan(", and ", style: body),
            TextSpan("both at once", style: body.with(weight: .bold).with(slant: .italic)),
            TextSpan(", then a ", style: body),
            TextSpan("link", style: body.with(color: Color(red: 0.1, green: 0.3, blue: 0.8)).with(link: "https://example.org")),
            TextSpan(" and ", style: body),
            TextSpan("mono_code()", style: TextStyle(family: .mono, size: 18)),
            TextSpan(" in serif: ", style: body),
            TextSpan("Lectern reads well.", style: TextStyle(family: .serif, size: 20)),
        ])
        try expectMatchesGolden(render([p], width: 520, typesetter: t), named: "bold-italic-mix")
    }

    @Test func arabicAndHebrewRightToLeft() throws {
        let t = try makeTypesetter()
        let arabic = Paragraph("مرحبا بالعالم، هذا نص عربي ١٢٣", style: body)
        let hebrew = Paragraph("שלום עולם, זה טקסט בעברית 2024", style: body)
        let mixed = Paragraph("English then العربية then עברית end.", style: body)
        try expectMatchesGolden(render([arabic, hebrew, mixed], width: 520, typesetter: t), named: "arabic-hebrew")
    }

    @Test(.enabled(if: hasCJKFont, "needs fonts-wqy-microhei"))
    func cjkLineFallsBackAndBreaks() throws {
        let t = try makeTypesetter()
        let p = Paragraph("Lectern 阅读器：中文文本在表意文字之间换行，日本語のテキストも同じです。", style: body)
        try expectMatchesGolden(render([p], width: 300, typesetter: t), named: "cjk")
    }

    @Test func missingGlyphAndCombiningMarks() throws {
        // Without the colour emoji face (as where fonts-noto-color-emoji is not installed): DejaVu Sans has
        // U+1F600; U+1F9A9 and the private-use U+E000 are in no font of the set: each shows the main face's
        // missing-glyph box and the rest of the line still draws.
        let t = try makeTypesetterWithoutEmoji()
        let p = Paragraph("Smile \u{1F600} \u{1F9A9}\u{E000} café, cafe\u{0301}, n\u{0303}, Ǻ ☺ ★ ♞ → ∑ ∞", style: body)
        try expectMatchesGolden(render([p], width: 520, typesetter: t), named: "missing-glyph-marks")
    }

    @Test func alignmentAndTruncation() throws {
        let t = try makeTypesetter()
        let text = "The quick brown fox jumps over the lazy dog near the river bank at dawn."
        let small = TextStyle(size: 16)
        let ps = [
            Paragraph(text, style: small, paragraphStyle: ParagraphStyle(alignment: .leading, spacingAfter: 8)),
            Paragraph(text, style: small, paragraphStyle: ParagraphStyle(alignment: .center, spacingAfter: 8)),
            Paragraph(text, style: small, paragraphStyle: ParagraphStyle(alignment: .trailing, spacingAfter: 8)),
            Paragraph(text, style: small, paragraphStyle: ParagraphStyle(alignment: .justified, spacingAfter: 8)),
            Paragraph(text + " " + text, style: small.with(weight: .bold),
                      paragraphStyle: ParagraphStyle(maxLines: 2)),
        ]
        try expectMatchesGolden(render(ps, width: 260, typesetter: t), named: "alignment-truncation")
    }

    @Test func softHyphensAndLongWords() throws {
        let t = try makeTypesetter()
        let shy = "\u{00AD}"
        let words = ["Soft", "hy\(shy)phens", "break", "in\(shy)com\(shy)pre\(shy)hen\(shy)si\(shy)bil\(shy)i\(shy)ties",
                     "and", "ex\(shy)tra\(shy)or\(shy)di\(shy)nar\(shy)i\(shy)ly", "well-known", "words;",
                     "a", "Pneumonoultramicroscopicsilicovolcanoconiosis", "is", "cut."]
        let p = Paragraph(words.joined(separator: " "), style: TextStyle(size: 18))
        try expectMatchesGolden(render([p], width: 150, typesetter: t), named: "soft-hyphens-long-words")
    }

    @Test(.enabled(if: hasEmojiFont, "needs fonts-noto-color-emoji"))
    func colourEmojiInATitle() throws {
        let t = try makeTypesetter()
        // A skin-tone modifier sequence, a single emoji, a ZWJ family and a flag, each one colour glyph scaled
        // down from the 109 px strike; in a bold title, a plain line and a small meta line.
        let title = "Grandpa 👴🏻 picks 🍎 with the family 👨‍👩‍👧 in 🇯🇵"
        let ps = [
            Paragraph(title, style: TextStyle(size: 24, weight: .bold), paragraphStyle: ParagraphStyle(spacingAfter: 6)),
            Paragraph(title, style: body, paragraphStyle: ParagraphStyle(spacingAfter: 6)),
            Paragraph("Keycap 1️⃣, heart ❤️ and text ☺ stay apart · 3 d", style: TextStyle(size: 13)),
        ]
        try expectMatchesGolden(render(ps, width: 560, typesetter: t), named: "emoji")
    }
}
