import CXML2

/// An element of a feed document, copied out of libxml2's tree with the names the reader looks for. Feeds mix
/// vocabularies freely (RSS with atom:link, Atom with media:), so an element is known by a `key`: the bare local
/// name in lowercase for RSS, RDF and Atom elements, `prefix:local` for the extension namespaces (whatever prefix the feed
/// itself declared, or none at all: an undeclared `dc:creator` is common and still means Dublin Core).
final class FeedElement {
    let key: String
    /// Attributes by lowercased local name (`xml:base` and `rdf:about` keep their prefix).
    let attributes: [(name: String, value: String)]
    private(set) var children: [Node] = []
    /// The element children alone, kept as they are appended: the reader walks them several times an entry.
    private(set) var elements: [FeedElement] = []
    /// The base URL for relative references inside this element: xml:base of it and its ancestors resolved
    /// against each other and against the feed's URL.
    let base: String?

    enum Node {
        case element(FeedElement)
        case text(String)
    }

    init(key: String, attributes: [(name: String, value: String)], base: String?) {
        self.key = key
        self.attributes = attributes
        self.base = base
    }

    func append(_ node: Node) {
        children.append(node)
        if case .element(let element) = node { elements.append(element) }
    }

    func reserve(children count: Int, elements elementCount: Int) {
        children.reserveCapacity(count)
        if elementCount > 0 { elements.reserveCapacity(elementCount) }
    }

    /// Text, joined to the text before it if that is the last child: one run, however libxml2 split it.
    func appendText(_ text: String) {
        if case .text(let previous)? = children.last {
            children[children.count - 1] = .text(previous + text)
        } else {
            children.append(.text(text))
        }
    }

    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    func first(_ key: String) -> FeedElement? {
        for e in elements where e.key == key { return e }
        return nil
    }

    func all(_ key: String) -> [FeedElement] {
        var found: [FeedElement] = []
        for e in elements where e.key == key { found.append(e) }
        return found
    }

    /// All the text inside, markup dropped, without recursion (hostile feeds nest deeply).
    var text: String {
        // Most elements the reader asks for hold one run of text: no stack for them.
        if children.count == 1, case .text(let only) = children[0] { return only }
        if children.isEmpty { return "" }
        var out = ""
        var stack: [Node] = children.reversed()
        while let node = stack.popLast() {
            switch node {
            case .text(let t): out += t
            case .element(let e): stack.append(contentsOf: e.children.reversed())
            }
        }
        return out
    }

    /// The children serialized back to markup: Atom's xhtml content is XML inside the feed, and the reader
    /// takes it on as HTML. Text is escaped again; namespaced names keep their key.
    var innerMarkup: String { innerMarkup(leadingTextIsMarkup: false) }

    /// The children serialized back to markup, the text before the first element taken as markup itself when
    /// `leadingTextIsMarkup`: a description of escaped HTML followed by raw elements (`&lt;p&gt;…&lt;/p&gt;
    /// <a href="…">[link]</a>`, a discussion site's) means its escaped part as HTML, and feedparser reads it so;
    /// escaped again, `&lt;` and `<p>` were on screen. Text from the first element on is text, as in feedparser.
    func innerMarkup(leadingTextIsMarkup: Bool) -> String {
        var out = ""
        var leading = leadingTextIsMarkup
        enum Step { case node(Node), close(String) }
        var stack: [Step] = children.reversed().map { .node($0) }
        while let step = stack.popLast() {
            switch step {
            case .close(let name): out += "</\(name)>"
            case .node(.text(let t)): out += leading ? t : Self.escaped(t, quote: false)
            case .node(.element(let e)):
                leading = false
                out += "<" + e.key
                for (name, value) in e.attributes where name != "xml:base" {
                    out += " \(name)=\"\(Self.escaped(value, quote: true))\""
                }
                if e.children.isEmpty && Self.voidElements.contains(e.key) {
                    out += ">"
                    continue
                }
                out += ">"
                stack.append(.close(e.key))
                stack.append(contentsOf: e.children.reversed().map { .node($0) })
            }
        }
        return out
    }

    private static let voidElements: Set<String> = ["br", "img", "hr", "input", "meta", "link", "area", "base", "col",
                                                   "embed", "source", "track", "wbr", "param"]

    /// By the bytes: the characters to escape are ASCII, and most text has none of them.
    private static func escaped(_ text: String, quote: Bool) -> String {
        func special(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || (quote && byte == UInt8(ascii: "\""))
        }
        guard text.utf8.contains(where: special) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\"") where quote: out.append(contentsOf: "&quot;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
