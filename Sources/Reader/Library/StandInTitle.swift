/// A title for an entry whose feed gave it none (link blogs, microblogs): the first sentence of its text, as
/// NetNewsWire titles such entries, cut at a word with "…" when it is longer than a row's title should be. Made
/// where it is shown: the stored title, and `lectern feed parse`'s, stay what the feed said.
public enum StandInTitle {
    /// The most characters a stand-in keeps before its "…": about two lines of a row's title.
    static let longest = 90

    /// The first sentence of `text` as a title, and what follows it (nil when nothing does); nil when `text`
    /// has no words.
    public static func split(_ text: String) -> (title: String, rest: String?)? {
        let words = trimmed(text[...])[...]
        guard !words.isEmpty else { return nil }
        var end = sentenceEnd(in: words)
        var title = String(words[..<end])
        if title.count > longest {
            // Cut at the last space that keeps the title short enough; a single long word is cut where it is.
            let limit = words.index(words.startIndex, offsetBy: longest)
            end = words[..<limit].lastIndex(where: \.isWhitespace).flatMap { $0 > words.startIndex ? $0 : nil } ?? limit
            title = trimmed(words[..<end]) + "…"
        }
        let rest = trimmed(words[end...])
        return (title, rest.isEmpty ? nil : rest)
    }

    /// Just past the first sentence: its `.`, `!`, `?` or `…` (and any closing quote or bracket) where a space or
    /// the end follows, so `example.com` and `3.5` go on. The whole text when it has no such end.
    private static func sentenceEnd(in words: Substring) -> Substring.Index {
        var index = words.startIndex
        while index < words.endIndex {
            if terminators.contains(words[index]) {
                var after = words.index(after: index)
                while after < words.endIndex, closers.contains(words[after]) { after = words.index(after: after) }
                if after == words.endIndex || words[after].isWhitespace { return after }
            }
            index = words.index(after: index)
        }
        return words.endIndex
    }

    private static let terminators: Set<Character> = [".", "!", "?", "…", "。", "！", "？"]
    private static let closers: Set<Character> = ["\"", "'", "”", "’", ")", "]", "»"]

    private static func trimmed(_ text: Substring) -> String {
        var words = text
        while let first = words.first, first.isWhitespace { words.removeFirst() }
        while let last = words.last, last.isWhitespace { words.removeLast() }
        return String(words)
    }
}
