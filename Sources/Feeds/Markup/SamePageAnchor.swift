/// Links to a place on the article's own page (`#section`, or the page's address with a fragment): a table of
/// contents, a heading that links to itself, a permalink mark after a heading. On a wall a link's tap shows its
/// QR code, and a code for the page one is already reading is no use; drawn blue and underlined, a heading that
/// links to itself would not read as a heading. So such links are kept as plain text, and the lone marks that
/// stand for "link to this section" (`<h2 id=x>Title <a href="#x">#</a></h2>`) are dropped.
enum SamePageAnchor {
    /// Whether a link points into the article's own page: `href` as the feed wrote it, `resolved` against the
    /// entry's base, `page` the article's own address.
    static func isSamePage(href: String, resolved: String, page: String?) -> Bool {
        if href.trimmingASCIIWhitespace().hasPrefix("#") { return true }
        guard let page, let hash = resolved.firstIndex(of: "#") else { return false }
        let own = page.trimmingASCIIWhitespace()
        return resolved[..<hash] == own[..<(own.firstIndex(of: "#") ?? own.endIndex)]
    }

    /// Whether an anchor's whole text is one of the marks a page prints for a link to the section it ends.
    static func isPermalinkMark(_ text: String) -> Bool {
        // An emoji mark may come with the variation selector that asks for its colour form.
        var mark = text.trimmingASCIIWhitespace()
        mark.unicodeScalars.removeAll { $0 == "\u{FE0F}" }
        return marks.contains(mark)
    }

    private static let marks: Set<String> = ["#", "¶", "§", "🔗", "⚓", "∞", "⁋"]
}
