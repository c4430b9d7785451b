import CHarfBuzz
import Raster

/// Sets one paragraph: the steps of `Typesetter.layout` for a single paragraph, with its working arrays.
/// Character positions are Unicode scalar offsets from the paragraph's start.
struct ParagraphSetter {
    let paragraph: Paragraph
    let index: Int
    let width: Float
    let top: Float
    unowned let typesetter: Typesetter
    private(set) var bottom: Float

    init(paragraph: Paragraph, index: Int, width: Float, top: Float, typesetter: Typesetter) {
        self.paragraph = paragraph
        self.index = index
        self.width = width
        self.top = top
        self.typesetter = typesetter
        bottom = top
    }

    // Working state, filled step by step.
    private var text: [UInt32] = []
    private var spanOf: [Int32] = []
    private var chains: [[Font]] = []
    /// Each span's raised or lowered setting (`ScriptedRun`): the size its chain is at, its shift, its feature.
    private var scripted: [ScriptedRun] = []
    /// Each span's main face at the span's own size: a line's height comes from these, so a smaller raised run
    /// neither shrinks nor stretches it.
    private var lineFonts: [Font] = []
    private var levels: [UInt8] = []
    private var paragraphLevel: UInt8 = 0
    private var runs: [Typesetter.ShapedRun] = []
    private var glyphs = GlyphColumns()
    private var prefix: [Double] = []
    private var breaks: [BreakKind] = []

    mutating func run(into layout: inout TextLayout, fontSlots: inout [ObjectIdentifier: UInt16]) {
        collectText()
        if text.isEmpty { return }
        scripted = paragraph.spans.map { ScriptedRun.choose(for: $0, typesetter: typesetter) }
        chains = paragraph.spans.indices.map { i in
            let style = paragraph.spans[i].style
            return typesetter.library.fallbackChain(family: style.family, weight: style.weight,
                                                    slant: style.slant, size: scripted[i].size)
        }
        if chains.contains(where: { $0.isEmpty }) { return }
        lineFonts = paragraph.spans.indices.map { i in
            let style = paragraph.spans[i].style
            guard style.position != .baseline else { return chains[i][0] }
            return typesetter.library.fallbackChain(family: style.family, weight: style.weight, slant: style.slant,
                                                    size: style.size).first ?? chains[i][0]
        }
        let scripts = resolveDirections()
        itemizeAndShape(scripts: scripts)
        measureCharacters()
        findBreaks()
        breakLines(into: &layout, fontSlots: &fontSlots)
    }

    // MARK: Steps

    /// The spans' text as one array of scalars; control characters other than newlines become spaces.
    private mutating func collectText() {
        var total = 0
        for span in paragraph.spans { total += span.text.utf8.count }
        text.reserveCapacity(total)
        spanOf.reserveCapacity(total)
        for (i, span) in paragraph.spans.enumerated() {
            for scalar in span.text.unicodeScalars {
                var c = scalar.value
                if (c < 0x20 && c != 0x0A) || c == 0x7F || (c >= 0x80 && c < 0xA0 && c != 0x85) { c = 0x20 }
                if c == 0x85 { c = 0x0A }
                text.append(c)
                spanOf.append(Int32(i))
            }
        }
    }

    /// Bidi levels for every character (0 left-to-right, 1 right-to-left, 2 numbers or Latin inside
    /// right-to-left text, more inside isolates; see `BidiLevels`) and the script each is shaped with.
    private mutating func resolveDirections() -> [hb_script_t] {
        let classes = typesetter.characterClass
        let n = text.count
        var scripts = [hb_script_t](repeating: HB_SCRIPT_COMMON, count: n)
        var types = [BidiClass](repeating: .neutral, count: n)
        for i in 0..<n {
            let s = classes.script(text[i])
            scripts[i] = s
            var t = classes.bidiClass(text[i], script: s)
            if t == .mark { t = i > 0 ? types[i - 1] : .neutral }
            types[i] = t
        }
        let resolved = BidiLevels.resolve(text, types: &types, base: paragraph.style.baseDirection)
        levels = resolved.levels
        paragraphLevel = resolved.paragraph
        // Spaces and marks join the script around them so a run is not split at every space.
        var current = HB_SCRIPT_COMMON
        for i in 0..<n {
            if scripts[i] == HB_SCRIPT_COMMON || scripts[i] == HB_SCRIPT_INHERITED || scripts[i] == HB_SCRIPT_UNKNOWN {
                scripts[i] = current
            } else {
                current = scripts[i]
            }
        }
        current = HB_SCRIPT_LATIN
        for i in stride(from: n - 1, through: 0, by: -1) {
            if scripts[i] == HB_SCRIPT_COMMON { scripts[i] = current } else { current = scripts[i] }
        }
        return scripts
    }

    /// Splits the text where span, font, direction or script change, and shapes each piece. Fonts are chosen
    /// per cluster (see `FontClusters`), so an emoji sequence or a letter with its marks stays in one face.
    private mutating func itemizeAndShape(scripts: [hb_script_t]) {
        let clusters = FontClusters(classes: typesetter.characterClass)
        let n = text.count
        var fontIndex = [UInt8](repeating: 0, count: n)
        text.withUnsafeBufferPointer { all in
            var i = 0, spanEnd = 0
            while i < n {
                let span = spanOf[i]
                if i >= spanEnd {
                    // A cluster never crosses into the next span, whose fonts may differ.
                    spanEnd = i + 1
                    while spanEnd < n && spanOf[spanEnd] == span { spanEnd += 1 }
                }
                let end = clusters.end(of: all, from: i, limit: spanEnd)
                let c = all[i]
                let chain = chains[Int(span)]
                var k = 0
                if end == i + 1 && (CharacterClass.isSpace(c) || c == CharacterClass.softHyphen) {
                    // Spaces the main face lacks join the face before them, so a run is not split at each.
                    if !chain[0].hasGlyph(for: c) && i > 0 && spanOf[i - 1] == span { k = Int(fontIndex[i - 1]) }
                } else if end == i + 1 && c < 0x231A && chain[0].hasGlyph(for: c) {
                    k = 0  // most text: one character the main face has, and no emoji
                } else {
                    k = clusters.font(for: all, i..<end, in: chain)
                }
                for j in i..<end { fontIndex[j] = UInt8(k) }
                i = end
            }
        }
        text.withUnsafeBufferPointer { all in
            var start = 0
            while start < n {
                var end = start + 1
                while end < n && spanOf[end] == spanOf[start] && fontIndex[end] == fontIndex[start]
                    && levels[end] == levels[start] && scripts[end] == scripts[start]
                    && !CharacterClass.isNewline(text[end - 1]) {
                    end += 1
                }
                let span = Int(spanOf[start])
                let font = chains[span][Int(fontIndex[start])]
                let first = glyphs.count
                typesetter.shape(all, characters: start..<end, font: font, script: scripts[start],
                                 rightToLeft: levels[start] & 1 == 1, feature: scripted[span].feature,
                                 into: &glyphs)
                runs.append(.init(characters: start..<end, glyphs: first..<glyphs.count, font: font, span: span,
                                  level: levels[start]))
                start = end
            }
        }
    }

    /// Each character's share of the advance (a cluster's whole advance on its first character) as running
    /// sums, so any stretch's width is one subtraction. Also marks where clusters start.
    private var clusterStart: [Bool] = []

    private mutating func measureCharacters() {
        let n = text.count
        var advance = [Double](repeating: 0, count: n)
        clusterStart = [Bool](repeating: false, count: n + 1)
        clusterStart[n] = true
        for run in runs { clusterStart[run.characters.lowerBound] = true }
        for g in 0..<glyphs.count {
            let c = Int(glyphs.cluster[g])
            if c >= 0 && c < n {
                advance[c] += Double(glyphs.advance[g])
                clusterStart[c] = true
            }
        }
        prefix = [Double](repeating: 0, count: n + 1)
        var sum = 0.0
        for i in 0..<n {
            prefix[i] = sum
            sum += advance[i]
        }
        prefix[n] = sum
    }

    /// Break opportunities before each character (index n: the paragraph's end).
    private mutating func findBreaks() {
        let n = text.count
        breaks = [BreakKind](repeating: .none, count: n + 1)
        breaks[n] = .mandatory
        guard n > 1 else { return }
        for i in 1..<n {
            let a = text[i - 1], b = text[i]
            var kind = BreakKind.none
            if CharacterClass.isNewline(a) {
                kind = .mandatory
            } else if CharacterClass.isSpace(b) {
                kind = .none
            } else if CharacterClass.isSpace(a) {
                kind = .allowed
            } else if a == CharacterClass.softHyphen {
                kind = .hyphenated
            } else if CharacterClass.isHyphen(a) {
                let afterWord = i >= 2 && !CharacterClass.isSpace(text[i - 2]) && !CharacterClass.isHyphen(text[i - 2])
                kind = afterWord && !(b >= 0x30 && b <= 0x39) && !CharacterClass.isHyphen(b) ? .allowed : .none
            } else if CharacterClass.isIdeographic(a) || CharacterClass.isIdeographic(b) {
                kind = CharacterClass.forbidsBreakBefore(b) || CharacterClass.forbidsBreakAfter(a) ? .none : .allowed
            }
            if kind != .mandatory && !clusterStart[i] { kind = .none }
            breaks[i] = kind
        }
    }

    /// `end` with trailing spaces and newlines dropped, not before `start`.
    private func visibleEnd(_ start: Int, _ end: Int) -> Int {
        var v = end
        while v > start && CharacterClass.isSpace(text[v - 1]) { v -= 1 }
        return v
    }

    // MARK: Lines

    private func width(_ a: Int, _ b: Int) -> Double { prefix[b] - prefix[a] }

    /// Greedy first-fit line breaking: each line takes as much as fits, ending at the last opportunity that
    /// fits; a word wider than the box is cut between clusters.
    private mutating func breakLines(into layout: inout TextLayout, fontSlots: inout [ObjectIdentifier: UInt16]) {
        let n = text.count
        let maxWidth = width.isFinite ? Double(width) + 0.01 : .greatestFiniteMagnitude
        let maxLines = paragraph.style.maxLines.map { max(1, $0) } ?? Int.max
        var lineCount = 0
        var runCursor = 0
        var y = top
        var start = 0
        while start < n {
            var end = -1
            var kind = BreakKind.none
            var i = start + 1
            while i <= n {
                let k = breaks[i]
                if k != .none {
                    let v = visibleEnd(start, i)
                    let hyphen = k == .hyphenated ? hyphenWidth(at: i - 1) : 0
                    if width(start, v) + hyphen <= maxWidth || v == start {
                        end = i
                        kind = k
                        if k == .mandatory { break }
                    } else {
                        break
                    }
                }
                // Past the edge with ink: no later opportunity can fit. Stopping here even before any opportunity
                // was found keeps a hostile word (thousands of characters, no spaces) linear: it is cut below.
                if !CharacterClass.isSpace(text[i - 1]) && width(start, i) > maxWidth { break }
                i += 1
            }
            if end < 0 {
                end = lastClusterFitting(from: start, limit: maxWidth)
                kind = .none
            }
            lineCount += 1
            var extra: (glyph: UInt32, advance: Float, font: Font)?
            var visible = visibleEnd(start, end)
            var truncated = false
            if lineCount == maxLines && visibleEnd(end, n) > end {
                truncated = true
                let spanIndex = Int(spanOf[max(start, visible - 1)])
                extra = ellipsis(span: spanIndex)
                let limit = maxWidth - Double(extra?.advance ?? 0)
                var cut = start
                // The last place a line may end that leaves room for the ellipsis: the cut never splits a word
                // ("stir…" for "stirs."), unless one word fills the whole line.
                var wordCut = start
                var j = start + 1
                while j <= n {
                    if clusterStart[j] {
                        if width(start, visibleEnd(start, j)) > limit { break }
                        cut = j
                        if breaks[j] == .allowed || breaks[j] == .mandatory { wordCut = j }
                    }
                    j += 1
                }
                if visibleEnd(start, wordCut) > start { cut = wordCut }
                visible = visibleEnd(start, cut)
                // A cut after a whole sentence needs no ellipsis: "stirs.…" reads as a sentence with a slip after it.
                if visible > start, Self.endsSentence(text[visible - 1]) { extra = nil }
                end = n
            } else if kind == .hyphenated, let h = hyphen(at: end - 1) {
                extra = h
            }
            let isLast = end >= n || kind == .mandatory
            let line = placeLine(start: start, end: end, visible: visible, extra: extra, top: y,
                                 justify: paragraph.style.alignment == .justified && !isLast,
                                 runCursor: &runCursor, layout: &layout, fontSlots: &fontSlots)
            var placed = line
            placed.isTruncated = truncated
            placed.isHyphenated = !truncated && extra != nil
            layout.lines.append(placed)
            y = line.top + line.height
            if truncated {
                layout.isTruncated = true
                break
            }
            start = end
        }
        bottom = y
    }

    /// The furthest cluster boundary after `start` within `limit`, but at least one cluster (progress).
    private func lastClusterFitting(from start: Int, limit: Double) -> Int {
        let n = text.count
        var best = -1
        var j = start + 1
        while j <= n {
            if clusterStart[j] {
                if best >= 0 && width(start, j) > limit { break }
                best = j
            }
            j += 1
        }
        return max(best, start + 1)
    }

    private func hyphen(at position: Int) -> (glyph: UInt32, advance: Float, font: Font)? {
        let chain = chains[Int(spanOf[position])]
        for font in chain {
            if let g = typesetter.singleGlyph(0x2D, in: font) { return (g.glyph, g.advance, font) }
        }
        return nil
    }

    private func hyphenWidth(at position: Int) -> Double { Double(hyphen(at: position)?.advance ?? 0) }

    /// Full stop, question and exclamation marks (Latin and CJK), and an ellipsis already there.
    private static func endsSentence(_ c: UInt32) -> Bool {
        c == 0x2E || c == 0x3F || c == 0x21 || c == 0x2026 || c == 0x3002 || c == 0xFF1F || c == 0xFF01
    }

    private func ellipsis(span: Int) -> (glyph: UInt32, advance: Float, font: Font)? {
        for font in chains[span] {
            if let g = typesetter.singleGlyph(0x2026, in: font) { return (g.glyph, g.advance, font) }
        }
        for font in chains[span] {
            if let g = typesetter.singleGlyph(0x2E, in: font) { return (g.glyph, g.advance, font) }
        }
        return nil
    }

    /// The glyphs of `run` showing `characters`, found by binary search: clusters rise through a
    /// left-to-right run and fall through a right-to-left one, so a piece is one contiguous stretch.
    private func glyphRange(of run: Typesetter.ShapedRun, characters: Range<Int32>) -> Range<Int> {
        func firstIndex(where past: (Int32) -> Bool) -> Int {
            var low = run.glyphs.lowerBound, high = run.glyphs.upperBound
            while low < high {
                let mid = (low + high) / 2
                if past(glyphs.cluster[mid]) { high = mid } else { low = mid + 1 }
            }
            return low
        }
        if run.isRightToLeft {
            return firstIndex { $0 < characters.upperBound }..<firstIndex { $0 < characters.lowerBound }
        }
        return firstIndex { $0 >= characters.lowerBound }..<firstIndex { $0 >= characters.upperBound }
    }

    /// One piece of a line in logical order: part of a shaped run, or the added hyphen/ellipsis (run -1).
    private struct Piece {
        var run: Int
        var characters: Range<Int>
        var level: UInt8
    }

    private mutating func placeLine(start: Int, end: Int, visible: Int,
                                    extra: (glyph: UInt32, advance: Float, font: Font)?, top: Float, justify: Bool,
                                    runCursor: inout Int, layout: inout TextLayout,
                                    fontSlots: inout [ObjectIdentifier: UInt16]) -> TextLine {
        // Pieces of the runs the visible characters cover, in logical order.
        var pieces: [Piece] = []
        while runCursor < runs.count && runs[runCursor].characters.upperBound <= start { runCursor += 1 }
        var r = runCursor
        while r < runs.count && runs[r].characters.lowerBound < visible {
            let a = max(start, runs[r].characters.lowerBound), b = min(visible, runs[r].characters.upperBound)
            if a < b { pieces.append(Piece(run: r, characters: a..<b, level: runs[r].level)) }
            r += 1
        }
        if extra != nil {
            let level = visible > start ? levels[visible - 1] : paragraphLevel
            pieces.append(Piece(run: -1, characters: visible..<visible, level: level))
        }

        // Height from the styled (not fallback) fonts on the line, so a CJK fallback does not jolt the spacing.
        var ascent: Float = 0, descent: Float = 0, size: Float = 0
        let styledSpans = pieces.isEmpty ? [Int(spanOf[min(start, text.count - 1)])]
            : pieces.map { $0.run >= 0 ? runs[$0.run].span : Int(spanOf[max(start, visible - 1)]) }
        for span in styledSpans {
            let main = lineFonts[span]
            ascent = max(ascent, main.ascent)
            descent = max(descent, main.descent)
            size = max(size, main.size)
        }
        var multiple = paragraph.style.lineHeight
        if !multiple.isFinite || multiple <= 0 { multiple = 1.4 }
        multiple = min(multiple, 10)
        let height = (size * multiple).rounded()
        let baseline = (top + (height - ascent - descent) / 2 + ascent).rounded()

        // Visual order: reverse runs of levels ≥ k, from the highest level down to the lowest odd one (L2).
        if let highest = pieces.map(\.level).max(), highest > 0 {
            let lowestOdd = pieces.map(\.level).filter { $0 & 1 == 1 }.min() ?? highest
            var level = highest
            while level >= max(lowestOdd, 1) {
                var i = 0
                while i < pieces.count {
                    if pieces[i].level >= level {
                        var j = i
                        while j < pieces.count && pieces[j].level >= level { j += 1 }
                        pieces[i..<j].reverse()
                        i = j
                    } else {
                        i += 1
                    }
                }
                level -= 1
            }
        }

        // Alignment and justification.
        let natural = Float(width(start, visible)) + (extra?.advance ?? 0)
        let leftover = width.isFinite ? width - natural : 0
        var spaceExtra: Float = 0
        if justify && leftover > 0 {
            var spaces = 0
            for i in start..<visible where text[i] == 0x20 || text[i] == 0xA0 || text[i] == 0x3000 { spaces += 1 }
            if spaces > 0 { spaceExtra = leftover / Float(spaces) }
        }
        let rightToLeft = paragraphLevel == 1
        var offset: Float
        switch paragraph.style.alignment {
        case .leading, .justified: offset = rightToLeft ? leftover : 0
        case .trailing: offset = rightToLeft ? 0 : leftover
        case .center: offset = leftover / 2
        }
        if spaceExtra > 0 { offset = 0 }
        offset = max(0, offset)

        var lineRuns: [TextLine.Run] = []
        let firstGlyph = layout.glyphs.count
        var x = offset
        func slot(_ font: Font) -> UInt16 {
            let id = ObjectIdentifier(font)
            if let s = fontSlots[id] { return s }
            let s = UInt16(truncatingIfNeeded: layout.fonts.count)
            layout.fonts.append(FontReference(font: font))
            fontSlots[id] = s
            return s
        }
        for piece in pieces {
            let runX = x
            if piece.run < 0 {
                guard let extra else { continue }
                let span = Int(spanOf[max(start, visible - 1)])
                let style = paragraph.spans[span].style
                layout.glyphs.append(PlacedGlyph(glyph: extra.glyph, font: slot(extra.font), x: x,
                                                 y: baseline - scripted[span].shift, color: style.color))
                x += extra.advance
                lineRuns.append(TextLine.Run(x: runX, width: extra.advance, span: span,
                                             characters: piece.characters, isRightToLeft: piece.level & 1 == 1,
                                             link: style.link))
                continue
            }
            let run = runs[piece.run]
            let style = paragraph.spans[run.span].style
            let fontSlot = slot(run.font)
            let shift = scripted[run.span].shift
            let low = Int32(piece.characters.lowerBound), high = Int32(piece.characters.upperBound)
            for g in glyphRange(of: run, characters: low..<high) {
                let c = glyphs.cluster[g]
                layout.glyphs.append(PlacedGlyph(glyph: glyphs.glyph[g], font: fontSlot, x: x + glyphs.dx[g],
                                                 y: baseline - glyphs.dy[g] - shift, color: style.color))
                x += glyphs.advance[g]
                if spaceExtra > 0 {
                    let ch = text[Int(c)]
                    if ch == 0x20 || ch == 0xA0 || ch == 0x3000 { x += spaceExtra }
                }
            }
            lineRuns.append(TextLine.Run(x: runX, width: x - runX, span: run.span, characters: piece.characters,
                                         isRightToLeft: run.isRightToLeft, link: style.link, shift: shift))
        }
        return TextLine(paragraph: index, characters: start..<end, top: top, height: height, baseline: baseline,
                        x: offset, width: x - offset, glyphs: firstGlyph..<layout.glyphs.count, runs: lineRuns,
                        isTruncated: false, isHyphenated: false)
    }
}
