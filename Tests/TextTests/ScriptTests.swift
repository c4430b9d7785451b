import Raster
import Testing
@testable import Text

/// Text in other scripts inside the panel's lines: isolates and the base direction, synthetic bold.
@Suite struct ScriptTests {
    let style = TextStyle(size: 16)

    /// The characters of each run of the first line, left to right as drawn.
    func visualRuns(_ layout: TextLayout) -> [TextLine.Run] {
        layout.lines[0].runs.filter { !$0.characters.isEmpty }.sorted { $0.x < $1.x }
    }

    @Test func anIsolatedRightToLeftNameKeepsTheLineLeftToRight() throws {
        let t = try makeTypesetter()
        let name = "العالم اليوم"
        let text = "\u{2068}\(name)\u{2069} · 3 d · 1 min read"
        let layout = t.layout(Paragraph(text, style: style, paragraphStyle: ParagraphStyle(baseDirection: .leftToRight)),
                              width: 600)
        let line = layout.lines[0]
        #expect(line.x == 0)  // flush left, in the panel's direction
        let runs = visualRuns(layout)
        // First the name (right to left within itself), then the rest in logical order, left to right.
        let nameRange = 1..<(1 + name.unicodeScalars.count)
        let nameRuns = runs.filter { $0.isRightToLeft }
        #expect(!nameRuns.isEmpty && nameRuns.allSatisfy { nameRange.contains($0.characters.lowerBound) })
        let lastNameRun = try #require(runs.lastIndex { $0.isRightToLeft })
        let after = runs[(lastNameRun + 1)...]
        #expect(after.allSatisfy { !$0.isRightToLeft })
        let starts = after.map(\.characters.lowerBound)
        #expect(starts == starts.sorted())
        #expect(after.first.map { $0.characters.lowerBound >= nameRange.upperBound } == true)
        // Without the isolate the name's direction took the whole line ("d · 1 min read 1 · … name").
        let bare = t.layout(Paragraph("\(name) · 3 d · 1 min read", style: style), width: 600)
        #expect(bare.lines[0].x > 0)
    }

    @Test func firstStrongIsolatesAndMarksSetTheirOwnDirection() throws {
        let t = try makeTypesetter()
        // P2 skips isolates: the paragraph is left to right from "abc", not right to left from the Hebrew.
        let skipped = t.layout(Paragraph("\u{2068}שלום\u{2069} abc", style: style), width: 400)
        #expect(skipped.lines[0].x == 0)
        // A right-to-left mark is strong.
        let marked = t.layout(Paragraph("\u{200F}abc", style: style), width: 400)
        #expect(marked.lines[0].x > 0)
        // Unbalanced and deeply nested controls neither crash nor lose text.
        let hostile = String(repeating: "\u{2067}א\u{2066}b", count: 200) + String(repeating: "\u{2069}", count: 500)
        let deep = t.layout(Paragraph(hostile + " end", style: style), width: 400)
        #expect(!deep.glyphs.isEmpty)
    }

    @Test(.enabled(if: hasCJKFont, "needs fonts-wqy-microhei"))
    func boldIdeographsFromAFaceWithoutBoldAreEmboldened() throws {
        let t = try makeTypesetter()
        let title = "中文标题很重要 2026"
        let regular = t.layout(Paragraph(title, style: style), width: 1000)
        let bold = t.layout(Paragraph(title, style: style.with(weight: .bold)), width: 1000)
        #expect(bold.usedWidth > regular.usedWidth + 2)
        let cjk = try #require(bold.fonts.first { $0.font.file.path.hasSuffix("wqy-microhei.ttc") })
        #expect(cjk.font.emboldening > 0)
        // More ink too, not only more room: the strokes are thicker.
        func ink(_ layout: TextLayout) -> Int {
            let surface = Surface(width: 260, height: 30, fill: .white)
            GlyphCache().draw(layout, into: surface, x: 0, y: 0)
            var sum = 0
            for y in 0..<30 { for x in 0..<260 { sum += 255 - Int(Color(argb: surface[x, y]).green) } }
            return sum
        }
        let ideographs = Paragraph("中文标题很重要", style: style)
        var boldIdeographs = ideographs
        boldIdeographs.spans[0].style.weight = .bold
        #expect(ink(t.layout(boldIdeographs, width: 1000)) > ink(t.layout(ideographs, width: 1000)) * 11 / 10)
        // A face designed bold is not thickened again.
        let designed = try #require(bold.fonts.first { $0.font.file.path.hasSuffix("DejaVuSans-Bold.ttf") })
        #expect(designed.font.isBold && designed.font.emboldening == 0)
    }
}
