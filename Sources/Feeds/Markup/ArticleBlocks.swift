/// Turns an entry's markup into `ArticleBlock`s. The sanitiser is an allow-list: the elements below become
/// blocks or styles, a short list is dropped with everything inside it, and any other element is transparent
/// (its text stays, its tag and attributes go). Only `href`, `src`, `alt`, a picture's `width` and `height`, a
/// player's `poster` and `title` and a caption's `class` are ever read, so event attributes and inline styles
/// cannot reach the screen. Frames, videos and sounds become boxes (`MediaBlock`): never loaded, never run.
public enum ArticleBlocks {
    /// `page`: the article's own address (the entry's link), so links into the page itself are told apart.
    public static func make(from markup: Markup, page: String? = nil) -> [ArticleBlock] {
        switch markup.kind {
        case .text:
            return plainParagraphs(markup.text)
        case .html:
            var builder = BlockBuilder(base: markup.base, page: page)
            HTMLDocument(markup.text).walk(
                enter: { builder.enter($0) },
                text: { builder.text($0.string) },
                exit: { builder.exit($0) })
            return builder.finish()
        }
    }

    /// Elements dropped with their contents: active content, and forms and embedded documents a panel cannot use.
    static let droppedElements: Set<String> = [
        "script", "style", "iframe", "object", "embed", "applet", "noscript", "form", "button", "select",
        "textarea", "input", "svg", "template", "frameset", "frame", "head", "title", "audio", "video",
        "canvas", "map",
    ]

    /// Links and images may point only here: no javascript:, data: or file: URLs.
    static func isSafe(_ url: String) -> Bool { WebAddress.isWeb(url) || URLReference.scheme(of: url) == "mailto" }

    /// A plain-text body: blank lines separate paragraphs.
    private static func plainParagraphs(_ text: String) -> [ArticleBlock] {
        var blocks: [ArticleBlock] = []
        var current: [Substring] = []
        func flush() {
            let joined = HTMLText.collapsingWhitespace(current.joined(separator: " "))
            if !joined.isEmpty { blocks.append(.paragraph([InlineRun(joined)])) }
            current = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { flush() } else { current.append(line) }
        }
        flush()
        return blocks
    }
}
