import Raster
import System
import Testing
@testable import Text

@Suite struct LayoutTests {
    let style = TextStyle(size: 16)
    let sentence = "The quick brown fox jumps over the lazy dog. "

    @Test func emptyTextHasNoLinesAndNoHeight() throws {
        let t = try makeTypesetter()
        let layout = t.layout([Paragraph("", style: style), Paragraph([])], width: 300)
        #expect(layout.lines.isEmpty)
        #expect(layout.height == 0)
        #expect(layout.hitTest(x: 10, y: 10) == nil)
        // No usable width: no limit, one line per paragraph line.
        let unbounded = t.layout(Paragraph("two words\nthird"), width: .nan)
        #expect(unbounded.lines.count == 2 && unbounded.width == unbounded.lines[0].width)
    }

    @Test func linesNeverExceedTheBox() throws {
        let t = try makeTypesetter()
        let text = String(repeating: sentence, count: 20)
        for width: Float in [80, 150, 333, 640] {
            let layout = t.layout(Paragraph(text, style: style), width: width)
            #expect(layout.lines.count > 1)
            for line in layout.lines {
                #expect(line.x >= 0)
                #expect(line.x + line.width <= width + 0.01, "line \(line.characters) is \(line.width) wide")
                for g in line.glyphs { #expect(layout.glyphs[g].x >= -2 && layout.glyphs[g].x <= width) }
            }
            // Lines cover the text without gaps or overlaps.
            var next = 0
            for line in layout.lines {
                #expect(line.characters.lowerBound == next)
                next = line.characters.upperBound
            }
            #expect(next == text.unicodeScalars.count)
        }
    }

    @Test func narrowerBoxMeansMoreLines() throws {
        let t = try makeTypesetter()
        let p = Paragraph(String(repeating: sentence, count: 5), style: style)
        let wide = t.measure([p], width: 600), narrow = t.measure([p], width: 200)
        #expect(narrow.lines > wide.lines)
        #expect(narrow.height > wide.height)
        #expect(narrow.width <= 200)
        // One line: width grows with text.
        let short = t.measure([Paragraph("Hi", style: style)], width: 600)
        let long = t.measure([Paragraph("Hello there", style: style)], width: 600)
        #expect(short.lines == 1 && long.lines == 1 && long.width > short.width)
    }

    @Test func linesBreakAtSpacesNotInsideWords() throws {
        let t = try makeTypesetter()
        let text = String(repeating: sentence, count: 4)
        let scalars = Array(text.unicodeScalars)
        let layout = t.layout(Paragraph(text, style: style), width: 170)
        for line in layout.lines.dropLast() {
            #expect(scalars[line.characters.upperBound - 1] == " ")
        }
    }

    @Test func wordLongerThanTheLineIsCut() throws {
        let t = try makeTypesetter()
        let word = String(repeating: "abcdefghij", count: 10)
        let layout = t.layout(Paragraph(word, style: style), width: 100)
        #expect(layout.lines.count >= 5)
        for line in layout.lines { #expect(line.width <= 100.01 && !line.characters.isEmpty) }
    }

    @Test func longWordsAndURLsAfterOtherWordsStayInTheBox() throws {
        let t = try makeTypesetter()
        let url = "https://example.org/" + String(repeating: "a-very-long-path-segment/", count: 12) + "?q=1"
        let word = String(repeating: "x", count: 2_000)
        for text in ["See \(url) for more.", "A word: \(word) ends here.", "\(word)\(word) \(url)"] {
            let layout = t.layout(Paragraph(text, style: style), width: 200)
            #expect(layout.lines.count > 2)
            for line in layout.lines {
                #expect(line.x >= 0 && line.x + line.width <= 200.01, "line \(line.characters) is \(line.width) wide")
                for g in line.glyphs { #expect(layout.glyphs[g].x >= -2 && layout.glyphs[g].x < 200) }
            }
            #expect(layout.lines.last?.characters.upperBound == text.unicodeScalars.count)
        }
    }

    /// A word of hundreds of thousands of characters is cut line by line without rescanning the rest of the word
    /// for every line (which took quadratic time).
    @Test func anEnormousWordIsCutInOnePass() throws {
        let t = try makeTypesetter()
        let word = String(repeating: "abcdefghij", count: 30_000)
        let layout = t.layout(Paragraph(word, style: style), width: 300)
        #expect(layout.lines.count > 1_000)
        for line in layout.lines { #expect(line.width <= 300.01 && !line.characters.isEmpty) }
    }

    @Test func newlinesForceBreaks() throws {
        let t = try makeTypesetter()
        let layout = t.layout(Paragraph("one\ntwo\n\nfour", style: style), width: 500)
        #expect(layout.lines.count == 4)
        #expect(layout.lines[2].glyphs.isEmpty)
    }

    @Test func truncationEndsInEllipsis() throws {
        let t = try makeTypesetter()
        let text = String(repeating: sentence, count: 10)
        for maxLines in [1, 2, 3] {
            let layout = t.layout(Paragraph(text, style: style, paragraphStyle: ParagraphStyle(maxLines: maxLines)),
                                  width: 240)
            #expect(layout.lines.count == maxLines)
            #expect(layout.isTruncated)
            let last = try #require(layout.lines.last)
            #expect(last.isTruncated)
            #expect(last.width <= 240.01)
            let ellipsis = try #require(t.singleGlyph(0x2026, in: layout.fonts[0].font))
            #expect(layout.glyphs[last.glyphs.upperBound - 1].glyph == ellipsis.glyph)
            // Tapping the ellipsis lands on the last character shown.
            let tail = try #require(last.runs.last)
            let hit = try #require(layout.hitTest(x: tail.x + tail.width / 2, y: last.baseline - 4))
            #expect(hit.character == tail.characters.lowerBound - 1)
        }
        // Text that fits is not truncated.
        let fits = t.layout(Paragraph("Short title", style: style, paragraphStyle: ParagraphStyle(maxLines: 1)),
                            width: 240)
        #expect(!fits.isTruncated && fits.lines.count == 1 && !fits.lines[0].isTruncated)
    }

    @Test func softHyphenIsDrawnOnlyWhenBroken() throws {
        let t = try makeTypesetter()
        let text = "in\u{00AD}com\u{00AD}pre\u{00AD}hen\u{00AD}si\u{00AD}bil\u{00AD}i\u{00AD}ties"
        let wide = t.layout(Paragraph(text, style: style), width: 1000)
        #expect(wide.lines.count == 1 && !wide.lines[0].isHyphenated)
        let narrow = t.layout(Paragraph(text, style: style), width: 80)
        #expect(narrow.lines.count > 1)
        #expect(narrow.lines.dropLast().allSatisfy { $0.isHyphenated })
        for line in narrow.lines { #expect(line.width <= 80.01) }
    }

    @Test func ideographsBreakWithoutSpaces() throws {
        let t = try makeTypesetter()
        let text = String(repeating: "中文文本在表意文字之间换行", count: 4)
        let layout = t.layout(Paragraph(text, style: style), width: 100)
        #expect(layout.lines.count > 4)
        for line in layout.lines { #expect(line.width <= 100.01) }
    }

    @Test func rightToLeftParagraphAlignsRightAndOrdersRunsBackwards() throws {
        let t = try makeTypesetter()
        let layout = t.layout(Paragraph("שלום עולם", style: style), width: 400)
        let line = try #require(layout.lines.first)
        #expect(abs(line.x + line.width - 400) < 0.5)
        #expect(line.runs.allSatisfy { $0.isRightToLeft })
        // Latin inside Hebrew: the Latin run sits left of the Hebrew word that precedes it logically.
        let mixed = t.layout(Paragraph("שלום abc עולם", style: style), width: 400)
        let runs = mixed.lines[0].runs
        let latin = try #require(runs.first { !$0.isRightToLeft })
        let first = try #require(runs.first { $0.characters.contains(0) })
        #expect(latin.x < first.x)
    }

    @Test func arabicIsShapedIntoJoiningForms() throws {
        let t = try makeTypesetter()
        // Isolated letters use different glyphs from the same letters joined in a word.
        let isolated = t.layout(Paragraph("ب ب ب", style: style), width: 400)
        let joined = t.layout(Paragraph("ببب", style: style), width: 400)
        let a = Set(isolated.glyphs.map(\.glyph)), b = Set(joined.glyphs.map(\.glyph))
        #expect(b.count == 3)  // initial, medial, final
        #expect(!b.isSubset(of: a))
    }

    @Test func ligaturesAndKerningChangeGlyphsAndWidths() throws {
        let t = try makeTypesetter()
        let fi = t.layout(Paragraph("fi", style: style), width: 400)
        #expect(fi.glyphs.count == 1)  // DejaVu Sans has an fi ligature
        let av = t.measure([Paragraph("AV", style: style)], width: 400).width
        let a = t.measure([Paragraph("A", style: style)], width: 400).width
        let v = t.measure([Paragraph("V", style: style)], width: 400).width
        #expect(av < a + v - 0.5)
    }

    @Test func missingGlyphsFallBackWithoutBlankingTheLine() throws {
        let t = try makeTypesetter()
        let layout = t.layout(Paragraph("abc \u{E000} def", style: TextStyle(family: .mono, size: 16)), width: 400)
        #expect(layout.glyphs.count == 9)
        // Arabic in the mono family comes from a fallback face when the mono face lacks it.
        let arabic = t.layout(Paragraph("x ﷺ y", style: TextStyle(family: .mono, size: 16)), width: 400)
        #expect(arabic.glyphs.count >= 5)
    }

    @Test(.enabled(if: hasCJKFont, "needs fonts-wqy-microhei"))
    func ideographsComeFromTheCJKFallback() throws {
        let t = try makeTypesetter()
        let layout = t.layout(Paragraph("Text 中文 text", style: style), width: 400)
        #expect(layout.fonts.count == 2)
        #expect(layout.fonts[1].font.file.path.hasSuffix("wqy-microhei.ttc"))
        #expect(layout.glyphs.filter { $0.font == 1 }.count == 2)
        // The ideographs are a run of their own; runs follow each other in order (a left-to-right line).
        let runs = layout.lines[0].runs.map(\.characters)
        #expect(runs.contains(5..<7))
        #expect(runs.first?.lowerBound == 0 && runs.last?.upperBound == 12)
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    }

    @Test func hitTestingFindsLinks() throws {
        let t = try makeTypesetter()
        let p = Paragraph([TextSpan("Read ", style: style), TextSpan("this link", style: style.with(link: "L")),
                           TextSpan(" now.", style: style)])
        let layout = t.layout(p, width: 400)
        let line = layout.lines[0]
        let linkRun = try #require(line.runs.first { $0.link == "L" })
        let hit = try #require(layout.hitTest(x: linkRun.x + linkRun.width / 2, y: line.baseline - 4))
        #expect(hit.link == "L" && hit.span == 1)
        #expect((5..<14).contains(hit.character))
        let plain = try #require(layout.hitTest(x: 2, y: line.baseline - 4))
        #expect(plain.link == nil && plain.span == 0 && plain.character == 0)
        #expect(layout.hitTest(x: 2, y: layout.height + 10) == nil)
    }

    @Test func paragraphSpacingAndLineHeightAddUp() throws {
        let t = try makeTypesetter()
        let one = t.layout(Paragraph("Line", style: style, paragraphStyle: ParagraphStyle(lineHeight: 1.5)),
                           width: 300)
        #expect(one.height == 24)
        let two = t.layout([Paragraph("a", style: style, paragraphStyle: ParagraphStyle(lineHeight: 1.5, spacingAfter: 10)),
                            Paragraph("b", style: style, paragraphStyle: ParagraphStyle(lineHeight: 1.5))], width: 300)
        #expect(two.height == 58)
        #expect(two.lines[1].top == 34)
    }

    @Test func aMegabyteParagraphLaysOut() throws {
        let t = try makeTypesetter()
        var text = String(repeating: sentence, count: 1_000_000 / sentence.utf8.count)
        text += String(repeating: "x", count: 20_000)  // and one enormous word
        let layout = t.layout(Paragraph(text, style: style), width: 1280)
        #expect(layout.lines.count > 500)
        #expect(layout.lines.last?.characters.upperBound == text.unicodeScalars.count)
    }

    @Test func badStylesDoNotCrash() throws {
        let t = try makeTypesetter()
        for size: Float in [.nan, -5, 0, .infinity, 5000] {
            let l = t.layout(Paragraph("Text", style: TextStyle(size: size),
                                       paragraphStyle: ParagraphStyle(lineHeight: .nan, spacingAfter: .infinity,
                                                                      maxLines: -1)), width: 100)
            #expect(l.lines.count == 1)
            #expect(l.height.isFinite)
        }
        #expect(t.layout(Paragraph("Text"), width: -10).lines.count >= 1)
    }
}

@Suite struct SampleArticleTests {
    /// The fixture article (also what `lectern render --text` is demonstrated with) sets cleanly.
    @Test func sampleArticleLaysOutInAColumn() throws {
        let directory = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!))
        let bytes = try AtomicFile.read(directory + "/Goldens/sample-article.txt")
        let paragraphs = String(decoding: bytes, as: UTF8.self).split(separator: "\n\n").map {
            Paragraph(String($0).replacingNewlines(), style: TextStyle(family: .serif, size: 20),
                      paragraphStyle: ParagraphStyle(alignment: .justified, spacingAfter: 12))
        }
        #expect(paragraphs.count == 6)
        let t = try makeTypesetter()
        let layout = t.layout(paragraphs, width: 700)
        #expect(layout.lines.count > 30)
        #expect(layout.usedWidth <= 700.01)
        // Justified lines (not a paragraph's last) fill the column.
        let full = layout.lines.enumerated().filter { i, line in
            i + 1 < layout.lines.count && layout.lines[i + 1].paragraph == line.paragraph
        }
        #expect(full.allSatisfy { abs($0.1.width - 700) < 1 })
    }
}

extension String {
    func replacingNewlines() -> String { String(map { $0 == "\n" ? " " : $0 }) }
}
