/// Font fallback by cluster: a letter with its combining marks, or an emoji with its skin tone, variation
/// selector, zero width joiners and the emoji they join, a flag's two regional indicators, a keycap, a tag
/// sequence. All of a cluster is given one font, so HarfBuzz sees the whole sequence in the colour emoji face
/// and turns 👨‍👩‍👧 or 👴🏻 into one glyph, where choosing per code point would split it among faces.
struct FontClusters {
    let classes: CharacterClass

    /// Where the cluster starting at `start` ends, not past `limit` (the end of its span).
    func end(of text: UnsafeBufferPointer<UInt32>, from start: Int, limit: Int) -> Int {
        var end = start + 1
        let base = text[start]
        if CharacterClass.isNewline(base) { return end }
        while end < limit {
            let c = text[end], previous = text[end - 1]
            // Every extender is at U+0300 or above: most text takes this exit at once.
            if c < 0x300 && previous != 0x200D { break }
            if previous == 0x200D && !CharacterClass.isSpace(c) && !CharacterClass.isNewline(c) {
                end += 1  // the character a joiner joins
            } else if classes.isMark(c, script: classes.script(c)) || Self.isEmojiModifier(c) || Self.isTag(c) {
                end += 1
            } else if end == start + 1 && Self.isRegionalIndicator(base) && Self.isRegionalIndicator(c) {
                end += 1  // a flag: two regional indicators
            } else {
                break
            }
        }
        return end
    }

    /// Whether the cluster asks for a picture: it has the emoji variation selector, a skin tone, a tag sequence,
    /// regional indicators, joiners between emoji, or starts with a character shown as emoji by default (🍎,
    /// not ☺); and no text variation selector.
    func isEmoji(_ text: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) -> Bool {
        let base = text[range.lowerBound]
        if range.count == 1 { return Self.hasEmojiPresentation(base) }
        var asked = Self.isRegionalIndicator(base) || Self.hasEmojiPresentation(base)
        for i in range.dropFirst() {
            let c = text[i]
            if c == 0xFE0E { return false }
            if c == 0xFE0F || Self.isEmojiModifier(c) || Self.isTag(c) { asked = true }
            if c == 0x200D, base > 0xFF, Unicode.Scalar(base)?.properties.isEmoji == true { asked = true }
        }
        return asked
    }

    /// Which font of `chain` shows the cluster: for an emoji, the first colour face that has its first
    /// character; else the first face that has all its characters (variation selectors and joiners aside), else
    /// the first that has its first; when none does, the main face, which shows its missing-glyph box.
    func font(for text: UnsafeBufferPointer<UInt32>, _ range: Range<Int>, in chain: [Font]) -> Int {
        let base = text[range.lowerBound]
        let count = min(chain.count, 255)
        if isEmoji(text, range) {
            for k in 0..<count where chain[k].isColor && chain[k].hasGlyph(for: base) { return k }
        }
        for k in 0..<count where chain[k].hasGlyph(for: base) {
            if range.count == 1 || range.dropFirst().allSatisfy({ Self.isInvisible(text[$0]) || chain[k].hasGlyph(for: text[$0]) }) {
                return k
            }
        }
        for k in 0..<count where chain[k].hasGlyph(for: base) { return k }
        return 0
    }

    /// Shown by no glyph of their own: joiners and variation selectors, which fonts need not map.
    @inline(__always)
    static func isInvisible(_ c: UInt32) -> Bool {
        c == 0x200D || c == 0x200C || (0xFE00...0xFE0F).contains(c) || (0xE0100...0xE01EF).contains(c)
    }

    @inline(__always)
    static func isEmojiModifier(_ c: UInt32) -> Bool { (0x1F3FB...0x1F3FF).contains(c) }

    @inline(__always)
    static func isTag(_ c: UInt32) -> Bool { (0xE0020...0xE007F).contains(c) }

    @inline(__always)
    static func isRegionalIndicator(_ c: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(c) }

    /// Emoji_Presentation, looked up only in the blocks that have any (the first is U+231A ⌚).
    @inline(__always)
    static func hasEmojiPresentation(_ c: UInt32) -> Bool {
        guard (0x231A...0x2B55).contains(c) || (0x1F000...0x1FAFF).contains(c) else { return false }
        return Unicode.Scalar(c)?.properties.isEmojiPresentation == true
    }
}
