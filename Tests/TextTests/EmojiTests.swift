import Raster
import Testing
@testable import Text

/// Colour emoji: fallback by cluster into the colour face, one glyph per sequence, drawn in its own colours.
@Suite struct EmojiTests {
    let style = TextStyle(size: 20)

    /// The glyphs `text` lays out to, with whether each comes from a colour face.
    func glyphs(_ text: String, _ t: Typesetter) -> [(glyph: UInt32, isColor: Bool)] {
        let layout = t.layout(Paragraph(text, style: style), width: 1000)
        return layout.glyphs.map { ($0.glyph, layout.fonts[Int($0.font)].font.isColor) }
    }

    @Test(.enabled(if: hasEmojiFont, "needs fonts-noto-color-emoji"))
    func sequencesShapeToOneColourGlyph() throws {
        let t = try makeTypesetter()
        for sequence in ["👴🏻", "🍎", "👨‍👩‍👧", "🇯🇵", "👩🏽‍💻", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "1️⃣", "❤️"] {
            let shaped = glyphs(sequence, t)
            let count = shaped.count, colour = shaped.allSatisfy { $0.isColor }
            #expect(count == 1, "\(sequence) shaped to \(count) glyphs")
            #expect(colour, "\(sequence) not from the colour face")
        }
        // Among words, each sequence is still one glyph: 3 words, 2 spaces, 1 emoji each side of them.
        let line = glyphs("a 👨‍👩‍👧 b 👴🏻 c", t)
        #expect(line.count == 9)
        #expect(line.filter { $0.isColor }.count == 2)
    }

    @Test(.enabled(if: hasEmojiFont, "needs fonts-noto-color-emoji"))
    func textPresentationStaysWithTheTextFace() throws {
        let t = try makeTypesetter()
        // ☺ is text by default and DejaVu has it; the text selector keeps ❤ in DejaVu too.
        #expect(glyphs("☺", t).allSatisfy { !$0.isColor })
        #expect(glyphs("❤\u{FE0E}", t).allSatisfy { !$0.isColor })
        #expect(glyphs("1", t).allSatisfy { !$0.isColor })
    }

    @Test(.enabled(if: hasEmojiFont, "needs fonts-noto-color-emoji"))
    func colourGlyphsDrawInTheirOwnColoursAtTheTextSize() throws {
        let t = try makeTypesetter()
        let layout = t.layout(Paragraph("🍎", style: style), width: 200)
        let cache = GlyphCache()
        let surface = Surface(width: 60, height: 40, fill: .white)
        cache.draw(layout, into: surface, x: 10, y: 5)
        var red = 0, minX = Int.max, maxX = 0, minY = Int.max, maxY = 0
        for y in 0..<surface.height {
            for x in 0..<surface.width where surface[x, y] != Color.white.argb {
                let p = Color(argb: surface[x, y])
                if p.red > 150 && p.green < 100 { red += 1 }
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        #expect(red > 50)  // a red apple, not a black silhouette
        // Scaled from the 136 px bitmap to about the em: no wider than the advance, a little taller than 20.
        #expect(maxX - minX + 1 <= 26 && maxX - minX + 1 >= 18)
        #expect(maxY - minY + 1 <= 26 && maxY - minY + 1 >= 16)
        // Cached once scaled: drawing again renders nothing.
        cache.resetStatistics()
        cache.draw(layout, into: surface, x: 10, y: 5)
        #expect(cache.misses == 0)
        // Faded with the sheet it is on.
        let faded = Surface(width: 60, height: 40, fill: .white)
        cache.draw(layout, into: faded, x: 10, y: 5, opacity: 0.5)
        var lighter = 0
        for y in 0..<40 { for x in 0..<60 where faded[x, y] != surface[x, y] { lighter += 1 } }
        #expect(lighter > 50)
    }

    @Test func withoutTheEmojiFontSequencesStillLayOutAndDraw() throws {
        let t = try makeTypesetterWithoutEmoji()
        let text = "Grandpa 👴🏻 🍎 👨‍👩‍👧 🇯🇵 \u{200D}\u{FE0F}\u{1F3FB}"
        let layout = t.layout(Paragraph(text, style: style), width: 300)
        #expect(!layout.glyphs.isEmpty)
        #expect(layout.fonts.allSatisfy { !$0.font.isColor })
        let surface = Surface(width: 320, height: 120, fill: .white)
        GlyphCache().draw(layout, into: surface, x: 0, y: 0)
    }

    @Test func hostileClustersStayLinear() throws {
        let t = try makeTypesetter()
        // Thousands of joiners, modifiers and tags in one cluster, and lone selectors at a span's start.
        let joined = String(repeating: "👨\u{200D}", count: 3000)
        let modifiers = "👍" + String(repeating: "\u{1F3FB}\u{FE0F}\u{E0067}", count: 3000)
        let layout = t.layout([Paragraph(joined, style: style), Paragraph(modifiers, style: style),
                               Paragraph([TextSpan("a", style: style), TextSpan("\u{FE0F}\u{200D}🇯", style: style)])],
                              width: 300)
        #expect(layout.lines.count >= 3)
    }
}
