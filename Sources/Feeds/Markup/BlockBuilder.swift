/// The state machine behind `ArticleBlocks`: fed the HTML tree in document order, it keeps the open containers
/// (quotes, lists, list items), the runs of the paragraph being collected and the styles in force. A table's
/// cells collect their runs here too (`BlockBuilder+Table`); a formula is read whole by `MathReader` and set as
/// runs by `MathText`.
struct BlockBuilder {
    private enum ContainerKind { case root, quote, list(ordered: Bool), item }

    private struct Container {
        var kind: ContainerKind
        var blocks: [ArticleBlock] = []
        var items: [[ArticleBlock]] = []
    }

    /// Lists and quotes nest at most this deep; deeper ones are flattened into the deepest level. Everything that
    /// walks blocks (equality, drawing, even freeing the indirect enum) recurses once per level, so a feed's
    /// 100,000 nested lists would otherwise overflow the stack long after parsing survived them.
    static let maxNesting = 12

    let base: String?
    /// The article's own address: links into it are not links on a wall (`SamePageAnchor`).
    private let page: String?
    private var containers = [Container(kind: .root)]
    /// Open lists and quotes (the containers that nest in the blocks made).
    private var nesting = 0
    /// Open lists and quotes past `maxNesting`, which add no level of their own.
    private var flattened = 0
    var runs: [InlineRun] = []
    /// A collapsed run of whitespace not yet written, with the style and link in force where it was seen.
    var pendingSpace: (style: InlineStyle, link: String?)?
    private var headingLevel: Int?
    /// `<sup>` and `<sub>` open, innermost last: the innermost decides (text is raised or lowered once).
    private var positions: [InlineStyle] = []
    /// The formula being read, from its `<math>` to its end.
    private var math: MathReader?
    /// The table whose cells are being collected (tables inside it join its cells' text).
    var table: TableState?
    private var emphasisDepth = 0
    var strongDepth = 0
    var codeDepth = 0
    private var links: [String?] = []
    /// For each open link into the article's own page, where its text began, so a lone permalink mark can be
    /// taken back out; nil for other links, and once a paragraph ends inside one.
    private var anchors: [AnchorStart?] = []
    private struct AnchorStart {
        var runs: Int
        var lastRunBytes: Int
        var pendingSpace: (style: InlineStyle, link: String?)?
        var paragraph: Int
    }
    /// Paragraphs ended so far: an anchor's start is good only in the paragraph it was taken in.
    private var paragraphsEnded = 0
    private var preDepth = 0
    private var preformatted = ""
    /// A `<video>` or `<audio>` whose end has not come yet.
    var openMedia: OpenMedia?
    /// For each open paragraph-boundary element, whether it is a caption (`<figcaption>`, a credit): the
    /// paragraphs inside one are captions.
    private var captions: [Bool] = []
    /// How many of `captions` are true: asked at every paragraph, where counting would cost the nesting's depth.
    private var openCaptions = 0

    init(base: String?, page: String? = nil) {
        self.base = base
        self.page = page
    }

    /// Whether to walk into the element.
    mutating func enter(_ element: HTMLElement) -> Bool {
        if math != nil { return math!.enter(element) }
        let name = element.name
        if let walk = enterMedia(element) { return walk }
        if ArticleBlocks.droppedElements.contains(name) { return false }
        if name == "math" {
            math = MathReader(element)
            return true
        }
        if table != nil || name == "table", enterTablePart(element) { return true }
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            endParagraph()
            headingLevel = Int(String(name.last!))
        case "ul", "ol":
            endParagraph()
            guard nesting < Self.maxNesting else { flattened += 1; break }
            nesting += 1
            containers.append(Container(kind: .list(ordered: name == "ol")))
        case "li":
            endParagraph()
            containers.append(Container(kind: .item))
        case "blockquote":
            endParagraph()
            guard nesting < Self.maxNesting else { flattened += 1; break }
            nesting += 1
            containers.append(Container(kind: .quote))
        case "pre":
            endParagraph()
            preDepth += 1
        case "br":
            if preDepth > 0 { preformatted += "\n" } else { appendBreak() }
        case "hr":
            endParagraph()
            emit(.rule)
        case "img":
            addImage(element)
        case "a":
            let raw = element.attribute("href")
            let href = raw.map { URLReference.resolve($0, against: base) }
            if let raw, let href, SamePageAnchor.isSamePage(href: raw, resolved: href, page: page) {
                links.append(nil)
                anchors.append(AnchorStart(runs: runs.count, lastRunBytes: runs.last?.text.utf8.count ?? 0,
                                           pendingSpace: pendingSpace, paragraph: paragraphsEnded))
            } else {
                links.append(href.flatMap { ArticleBlocks.isSafe($0) ? $0 : nil } ?? links.last ?? nil)
                anchors.append(nil)
            }
        case "em", "i", "cite", "dfn", "var": emphasisDepth += 1
        case "strong", "b": strongDepth += 1
        case "code", "tt", "kbd", "samp": codeDepth += 1
        case "sup": positions.append(.superscript)
        case "sub": positions.append(.subscript)
        default:
            if Self.paragraphBoundaries.contains(name) {
                endParagraph()
                let caption = name == "figcaption" || Self.isCaptionClass(element.attribute("class"))
                captions.append(caption)
                if caption { openCaptions += 1 }
            }
        }
        return true
    }

    mutating func exit(_ element: HTMLElement) {
        if math != nil {
            if math!.exit() { endFormula() }
            return
        }
        if exitMedia(element) { return }
        let name = element.name
        if table != nil, exitTablePart(element) { return }
        switch name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            endParagraph()
            headingLevel = nil
        case "ul", "ol":
            endParagraph()
            // Past the cap every list or quote opened is flattened, so the innermost open one is such a one.
            guard flattened == 0 else { flattened -= 1; break }
            nesting -= 1
            let list = containers.removeLast()
            if case .list(let ordered) = list.kind, !list.items.isEmpty { emit(.list(ordered: ordered, items: list.items)) }
        case "li":
            endParagraph()
            let item = containers.removeLast()
            if case .list = containers[containers.count - 1].kind {
                containers[containers.count - 1].items.append(item.blocks)
            } else {
                // A list item outside any list: keep its contents as plain blocks.
                for block in item.blocks { emit(block) }
            }
        case "blockquote":
            endParagraph()
            guard flattened == 0 else { flattened -= 1; break }
            nesting -= 1
            let quote = containers.removeLast()
            if !quote.blocks.isEmpty { emit(.quote(quote.blocks)) }
        case "pre":
            preDepth -= 1
            if preDepth == 0 {
                let code = Self.trimmingBlankLines(preformatted)
                if !code.isEmpty { emit(.code(code)) }
                preformatted = ""
            }
        case "a":
            links.removeLast()
            if let start = anchors.removeLast() { dropPermalinkMark(since: start) }
        case "em", "i", "cite", "dfn", "var": emphasisDepth -= 1
        case "strong", "b": strongDepth -= 1
        case "code", "tt", "kbd", "samp": codeDepth -= 1
        case "sup", "sub": positions.removeLast()
        default:
            if Self.paragraphBoundaries.contains(name) {
                endParagraph()
                if captions.removeLast() { openCaptions -= 1 }
            }
        }
    }

    /// The formula read: set inline where it stood, or as a block of its own when displayed (not in a heading or
    /// a table's cell, which hold only text).
    private mutating func endFormula() {
        guard let reader = math else { return }
        math = nil
        let formula = MathText.runs(of: reader)
        if preDepth > 0 {
            preformatted += formula.map(\.text).joined()
        } else if reader.isDisplayed && headingLevel == nil && table == nil {
            endParagraph()
            if !formula.isEmpty { emit(.formula(formula)) }
        } else {
            let link = links.last ?? nil
            for (index, run) in formula.enumerated() {
                if index == 0 { appendAfterSpace(run.text, style: run.style, link: link) } else {
                    append(run.text, style: run.style, link: link)
                }
            }
        }
    }

    mutating func text(_ text: String) {
        if math != nil { return math!.text(text) }
        if openMedia != nil { return }  // a player's fallback text
        if preDepth > 0 {
            preformatted += text
            return
        }
        var word = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCIIWhitespace {
                append(word)
                word = ""
                // The space keeps the style it was written in: a space after a link is not underlined.
                if !runs.isEmpty && pendingSpace == nil { pendingSpace = (style, links.last ?? nil) }
            } else {
                word.unicodeScalars.append(scalar)
            }
        }
        append(word)
    }

    mutating func finish() -> [ArticleBlock] {
        if math != nil { endFormula() }
        if table != nil { endTable() }
        endParagraph()
        // Unclosed containers cannot happen with a tree, but fold any leftovers into the root rather than lose them.
        while containers.count > 1 {
            let open = containers.removeLast()
            for block in open.blocks { emit(block) }
        }
        return containers[0].blocks
    }

    /// Elements that end the paragraph before them and start a new one.
    static let paragraphBoundaries: Set<String> = [
        "p", "div", "section", "article", "header", "footer", "main", "aside", "nav", "figure", "figcaption",
        "table", "thead", "tbody", "tfoot", "tr", "caption", "dl", "dt", "dd", "address", "center", "details",
        "summary", "body", "html",
    ]

    private var style: InlineStyle {
        var style: InlineStyle = []
        if emphasisDepth > 0 { style.insert(.emphasis) }
        if strongDepth > 0 { style.insert(.strong) }
        if codeDepth > 0 { style.insert(.code) }
        if let position = positions.last { style.insert(position) }
        return style
    }

    private mutating func append(_ text: String) {
        appendAfterSpace(text, style: style, link: links.last ?? nil)
    }

    /// Writes the whitespace seen before `text` (collapsed to one space), then `text`.
    private mutating func appendAfterSpace(_ text: String, style: InlineStyle, link: String?) {
        guard !text.isEmpty else { return }
        if let space = pendingSpace {
            pendingSpace = nil
            if runs.last?.text.hasSuffix("\n") == false { append(" ", style: space.style, link: space.link) }
        }
        append(text, style: style, link: link)
    }

    private mutating func append(_ text: String, style: InlineStyle, link: String?) {
        if let last = runs.last, last.style == style, last.link == link {
            runs[runs.count - 1].text += text
        } else {
            runs.append(InlineRun(text, style: style, link: link))
        }
    }

    mutating func appendBreak() {
        guard !runs.isEmpty else { return }
        // A second break in a row is how many feeds mark a paragraph: make it one, with a paragraph's gap, not
        // an empty line and then the gap as well.
        if runs.last?.text.hasSuffix("\n") == true {
            endParagraph()
            return
        }
        pendingSpace = nil
        append("\n", style: style, link: links.last ?? nil)
    }

    mutating func endParagraph() {
        if table != nil { return lineBreak() }  // inside a cell a block's end is a line break
        pendingSpace = nil
        while let last = runs.last, last.text.last == "\n" || last.text.last == " " {
            runs[runs.count - 1].text.removeLast()
            if runs[runs.count - 1].text.isEmpty { runs.removeLast() }
        }
        guard !runs.isEmpty else { return }
        paragraphsEnded += 1
        let finished = runs
        runs = []
        if let headingLevel {
            emit(.heading(level: headingLevel, finished))
        } else {
            emit(openCaptions > 0 ? .caption(finished) : .paragraph(finished))
        }
    }

    /// Takes an anchor's text back out when it is only a permalink mark (`#`, `¶`, `🔗`).
    private mutating func dropPermalinkMark(since start: AnchorStart) {
        guard start.paragraph == paragraphsEnded, start.runs <= runs.count else { return }
        // The anchor's text: the end of the run it began in (its text may have joined that run), then any after.
        var text = ""
        for index in max(start.runs - 1, 0)..<runs.count {
            let run = runs[index].text
            text += index == start.runs - 1 ? String(run.utf8.dropFirst(start.lastRunBytes)) ?? "" : run
            // A mark is a character or two: a longer text is the anchor's own words, kept.
            guard text.utf8.count <= 16 else { return }
        }
        guard SamePageAnchor.isPermalinkMark(text) else { return }
        runs.removeSubrange(start.runs...)
        if start.runs > 0 {
            runs[start.runs - 1].text = String(runs[start.runs - 1].text.utf8.prefix(start.lastRunBytes)) ?? ""
            if runs[start.runs - 1].text.isEmpty { runs.removeLast() }
        }
        pendingSpace = start.pendingSpace
    }

    mutating func emit(_ block: ArticleBlock) {
        let top = containers.count - 1
        if case .list = containers[top].kind {
            containers[top].items.append([block])  // content straight inside a list is an item of its own
        } else {
            containers[top].blocks.append(block)
        }
    }

    private static func trimmingBlankLines(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func isBlank(_ line: Substring) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
        guard let first = lines.firstIndex(where: { !isBlank($0) }), let last = lines.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return lines[first...last].joined(separator: "\n")
    }
}
