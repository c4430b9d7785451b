/// Collects a `<math>` element as `BlockBuilder` walks it: a small tree of MathML elements and their text, capped
/// in size and depth so a feed's hostile formula costs what its bytes cost. `MathText` then sets the tree as text.
struct MathReader {
    struct Node {
        var name: String
        /// Text of a text node (`#text`).
        var text = ""
        var children: [Int] = []
        /// The one attribute the element's meaning depends on: `encoding` of an annotation, `mathvariant` of an
        /// identifier, `open`/`close` of `mfenced` (as "(|)"), `accent` of `mover`.
        var attribute: String?
    }

    /// Elements and text nodes kept; past it the rest of the formula is not read (its TeX, when it has one, is
    /// set instead).
    static let maxNodes = 4_000
    /// Elements nested deeper than this lend their text to the deepest one kept: setting the tree recurses.
    static let maxDepth = 24

    private(set) var nodes: [Node] = [Node(name: "math")]
    /// The kept elements open now, innermost last; `nil` for one entered but not kept (too deep, too many).
    private var open: [Int?] = [0]
    /// The tree was cut short (too many nodes or too deep).
    private(set) var isCut = false
    /// `display="block"`: the formula stands on its own lines.
    let isDisplayed: Bool
    /// The `alttext` attribute, a last resort when the formula has neither tokens nor TeX.
    let altText: String?

    init(_ element: HTMLElement) {
        let display = element.attribute("display")?.lowercased()
        isDisplayed = display == "block" || element.attribute("mode")?.lowercased() == "display"
        altText = element.attribute("alttext")
    }

    /// Elements a formula drops with their contents: the same active content as anywhere else.
    private static let dropped: Set<String> = ["script", "style", "iframe", "object", "embed", "applet", "template",
                                                "svg", "form", "audio", "video", "canvas"]

    /// Whether to walk into `element`; every element entered gets an `exit`.
    mutating func enter(_ element: HTMLElement) -> Bool {
        let name = element.name
        if Self.dropped.contains(name) { return false }
        guard nodes.count < Self.maxNodes, open.count <= Self.maxDepth, let parent = innermost else {
            isCut = true
            open.append(nil)
            return true
        }
        var node = Node(name: name)
        switch name {
        case "annotation", "annotation-xml": node.attribute = element.attribute("encoding")
        case "mi": node.attribute = element.attribute("mathvariant")
        case "mover", "munderover": node.attribute = element.attribute("accent")
        case "mfenced": node.attribute = (element.attribute("open") ?? "(") + "|" + (element.attribute("close") ?? ")")
        case "mglyph": node.text = element.attribute("alt") ?? ""
        default: break
        }
        nodes.append(node)
        nodes[parent].children.append(nodes.count - 1)
        open.append(nodes.count - 1)
        return true
    }

    /// Whether the `<math>` element itself closed: the formula is complete.
    mutating func exit() -> Bool {
        guard open.count > 1 else { return true }
        open.removeLast()
        return false
    }

    mutating func text(_ text: String) {
        guard let parent = innermost else { return }
        if nodes.count < Self.maxNodes {
            nodes.append(Node(name: "#text", text: text))
            nodes[parent].children.append(nodes.count - 1)
        } else {
            isCut = true
        }
    }

    /// The deepest kept element open.
    private var innermost: Int? { open.last(where: { $0 != nil }) ?? nil }
}
