/// The value of a title, summary or content element and what kind of text it is. Atom says so (`type="text"`,
/// `"html"`, `"xhtml"`, a MIME type, or Atom 0.3's `mode="escaped"`); RSS does not, so a description is HTML
/// and a title is plain text unless it looks like HTML (feedparser's guess, kept so both read feeds alike).
struct TextConstruct {
    enum Kind { case text, html, other }
    var kind: Kind
    var value: String
    var base: String?

    /// The contract's plain text: HTML with tags stripped and entities decoded, text taken literally; either
    /// with its whitespace collapsed. Nil when empty.
    var plainText: String? {
        let plain = kind == .html ? HTMLText.plainText(fromHTML: value) : HTMLText.collapsingWhitespace(value)
        return plain.isEmpty ? nil : plain
    }

    var markup: Markup { Markup(kind: kind == .html ? .html : .text, text: value, base: base) }

    /// Reads `element` as a text construct; `defaultKind` applies when it names no type.
    init(_ element: FeedElement, defaultKind: Kind, isAtom: Bool) {
        base = element.base
        let type = (element.attribute("type") ?? "").trimmingASCIIWhitespace().lowercased()
        let mode = element.attribute("mode")?.lowercased()
        var kind: Kind
        switch type {
        case "": kind = defaultKind
        case "text", "text/plain", "plain": kind = .text  // `plain`: Media RSS's word, which feedparser reads
        case "html", "text/html": kind = .html
        case "xhtml", "application/xhtml+xml":
            kind = .html
            value = Self.xhtml(element)
            self.kind = kind
            return
        default: kind = type.hasPrefix("text/") ? .text : .other
        }
        if mode == "xml" && kind != .other {
            // Atom 0.3's inline XML: markup as it stands in the feed.
            value = Self.xhtml(element)
            self.kind = .html
            return
        }
        if mode == "base64" {
            value = Base64Text.decode(element.text) ?? ""
            self.kind = kind
            return
        }
        let hasElements = !element.elements.isEmpty
        // Unescaped markup inside a description or a text construct is HTML the feed forgot to escape; escaped
        // HTML before it is HTML too (FeedElement.innerMarkup(leadingTextIsMarkup:)).
        value = hasElements ? element.innerMarkup(leadingTextIsMarkup: true) : element.text
        if hasElements && kind == .text { kind = .html }
        if kind == .text && !isAtom && Self.looksLikeHTML(value) { kind = .html }
        self.kind = kind
    }

    init(kind: Kind, value: String, base: String?) {
        self.kind = kind
        self.value = value
        self.base = base
    }

    /// Atom's xhtml content: a `div` wrapping the XHTML, which is not part of the content.
    private static func xhtml(_ element: FeedElement) -> String {
        let children = element.elements
        let onlyText = element.children.allSatisfy {
            if case .text(let t) = $0 { return t.allSatisfy(\.isWhitespace) } else { return true }
        }
        if children.count == 1, children[0].key == "div", onlyText { return children[0].innerMarkup }
        return element.innerMarkup
    }

    /// An end tag or an entity reference: text that was meant as HTML.
    static func looksLikeHTML(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "/") && isWordByte(bytes[index + 2]) {
                var cursor = index + 2
                while cursor < bytes.count, isWordByte(bytes[cursor]) { cursor += 1 }
                if cursor < bytes.count && bytes[cursor] == UInt8(ascii: ">") { return true }
            } else if bytes[index] == UInt8(ascii: "&") {
                var cursor = index + 1
                if bytes[cursor] == UInt8(ascii: "#") { cursor += 1 }
                let start = cursor
                while cursor < bytes.count, isWordByte(bytes[cursor]) { cursor += 1 }
                if cursor > start && cursor < bytes.count && bytes[cursor] == UInt8(ascii: ";") { return true }
            }
            index += 1
        }
        return false
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20) || byte == UInt8(ascii: "_")
    }
}
