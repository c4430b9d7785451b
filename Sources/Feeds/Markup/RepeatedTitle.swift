extension ArticleBlocks {
    /// `blocks` without an opening heading or paragraph that only repeats the entry's title: many feeds start
    /// their content with the title the page already prints above it. Compared loosely (letters and digits
    /// only, case folded), so "The Tram, Again" repeats "The tram again". Only the first block of text is
    /// looked at, past any pictures before it; one that says more than the title stays.
    public static func droppingRepeatedTitle(_ title: String, from blocks: [ArticleBlock]) -> [ArticleBlock] {
        let wanted = loose(title)
        guard !wanted.isEmpty, let first = blocks.firstIndex(where: { !isPicture($0) }) else { return blocks }
        let runs: [InlineRun]
        switch blocks[first] {
        case .heading(_, let headingRuns): runs = headingRuns
        case .paragraph(let paragraphRuns): runs = paragraphRuns
        default: return blocks
        }
        // A title is short: a block far longer than it is not a repeat, and is not folded character by character.
        guard runs.reduce(0, { $0 + $1.text.utf8.count }) <= 4 * title.utf8.count + 16,
              loose(runs.map(\.text).joined()) == wanted else { return blocks }
        var kept = blocks
        kept.remove(at: first)
        return kept
    }

    private static func isPicture(_ block: ArticleBlock) -> Bool {
        if case .image = block { return true }
        return false
    }

    /// Letters and digits only, lower-cased: how a reader compares two headings at a glance.
    private static func loose(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars
        where scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
            kept.append(scalar)
        }
        return String(kept)
    }
}
