import Testing
@testable import Text

/// Where a line cut short ends: between words, with an ellipsis only where a sentence was cut.
@Suite struct TruncationTests {
    let style = TextStyle(size: 16)

    /// The characters a truncated layout shows, as text.
    private func shown(_ text: String, width: Float, lines: Int) throws -> (text: String, layout: TextLayout) {
        let layout = try makeTypesetter().layout(Paragraph(text, style: style, paragraphStyle: ParagraphStyle(maxLines: lines)),
                                                 width: width)
        let scalars = Array(text.unicodeScalars)
        var shown = ""
        for line in layout.lines {
            for run in line.runs where run.span >= 0 {
                for index in run.characters where Int(index) < scalars.count { shown.unicodeScalars.append(scalars[Int(index)]) }
            }
            shown += " "
        }
        return (shown, layout)
    }

    @Test func aCutLineEndsBetweenWords() throws {
        let words = String(repeating: "alpha beta gamma delta epsilon ", count: 6)
        for width in stride(from: Float(150), through: 400, by: 7) {
            let (text, layout) = try shown(words, width: width, lines: 2)
            #expect(layout.isTruncated)
            let last = text.split(separator: " ").last.map(String.init) ?? ""
            #expect(["alpha", "beta", "gamma", "delta", "epsilon"].contains(last), "cut inside a word at \(width): \(last)")
        }
        // One word longer than the line is cut where it must be.
        let (_, long) = try shown(String(repeating: "x", count: 200), width: 100, lines: 1)
        #expect(long.isTruncated && long.lines.count == 1 && long.lines[0].width <= 100.01)
    }

    @Test func aCutAfterAWholeSentenceHasNoEllipsis() throws {
        let t = try makeTypesetter()
        var sawSentenceEnd = false, sawEllipsis = false
        for width in stride(from: Float(150), through: 400, by: 5) {
            var (text, layout) = try shown(String(repeating: "One two three. ", count: 12), width: width, lines: 1)
            while text.last == " " { text.removeLast() }
            let last = try #require(layout.lines.last)
            let ellipsis = try #require(t.singleGlyph(0x2026, in: layout.fonts[0].font))
            let endsInEllipsis = layout.glyphs[last.glyphs.upperBound - 1].glyph == ellipsis.glyph
            if text.hasSuffix(".") {
                sawSentenceEnd = true
                #expect(!endsInEllipsis, "an ellipsis after a full stop at \(width)")
            } else {
                sawEllipsis = true
                #expect(endsInEllipsis, "a sentence cut without an ellipsis at \(width)")
            }
        }
        #expect(sawSentenceEnd && sawEllipsis)
    }
}
