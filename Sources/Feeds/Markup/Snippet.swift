/// The start of an entry's text as one run of words, for a row of the river: its blocks flattened, so the
/// items of a list stay apart ("Faster sync · Fewer crashes", not "Faster sync Fewer crashes", as plain text
/// has it). One paragraph, not lines: a row shows two or three lines of it, and a line break would waste one.
/// The items are joined by " · ", the reader's separator elsewhere (the byline, the row's meta line), rather
/// than "; ", which reads as the item's own punctuation; an item that ends in its own punctuation gets a space.
public enum Snippet {
    /// The snippet of an HTML fragment, or of its start: at most `limit` characters, cut between words.
    public static func make(fromHTML html: String, limit: Int = 320) -> String {
        // A fragment cut short may end inside a tag: what follows its last `<` would otherwise show as text.
        var markup = Substring(html)
        if let open = markup.lastIndex(of: "<"), !markup[open...].contains(">") { markup = markup[..<open] }
        var words = ""
        flatten(ArticleBlocks.make(from: Markup(kind: .html, text: String(markup), base: nil)), into: &words, limit: limit)
        return cut(HTMLText.collapsingWhitespace(words), limit: limit)
    }

    /// Appends the blocks' words, walking with a stack: blocks come from feeds and nest.
    private static func flatten(_ blocks: [ArticleBlock], into words: inout String, limit: Int) {
        // Each level: the blocks left, what goes between two of them, and whether one was written yet.
        var stack: [(blocks: ArraySlice<ArticleBlock>, separator: String, started: Bool)] = [(blocks[...], " ", false)]
        while var top = stack.popLast(), words.count <= limit {
            guard let block = top.blocks.popFirst() else { continue }
            if !words.isEmpty {
                words += !top.started || words.last.map(endsItsOwnClause) == true ? " " : top.separator
            }
            top.started = true
            stack.append(top)
            switch block {
            case .paragraph(let runs), .heading(_, let runs):
                words += runs.map(\.text).joined()
            case .list(_, let items):
                // Each item's blocks as one, the items joined by the dot.
                stack.append((items.map { ArticleBlock.quote($0) }[...], " · ", false))
            case .quote(let inner):
                stack.append((inner[...], " ", false))
            case .code(let code):
                words += code
            default:
                break  // pictures, rules: nothing to read in a row
            }
        }
    }

    private static func endsItsOwnClause(_ character: Character) -> Bool {
        ".,;:!?…·".contains(character) || character == " "
    }

    /// At most `limit` characters, ending on a whole word where the text is longer.
    private static func cut(_ text: String, limit: Int) -> String {
        guard text.count > limit else { return text }
        let head = text.prefix(limit)
        guard let space = head.lastIndex(of: " ") else { return String(head) }
        return String(head[..<space])
    }
}
