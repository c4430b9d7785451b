import CXML2

/// An HTML fragment parsed by libxml2's HTML parser, which nests and closes tags the way browsers' older parsers
/// did (an unclosed `<p>` ends at the next block) and never gives up on broken markup. The tree is walked in
/// place: article bodies are parsed for every entry, and copying them into Swift nodes would double the work.
final class HTMLDocument {
    private let document: htmlDocPtr?

    /// Parses `html` as UTF-8. Errors are recovered from silently: a feed's markup is never rejected. HTML's
    /// references without their semicolon are spelled out first, as libxml2 would keep them as typed.
    init(_ html: String) {
        var bytes = LegacyReferences.spelledOut(Array(html.utf8))
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
        document = bytes.withUnsafeMutableBufferPointer { buffer -> htmlDocPtr? in
            guard buffer.count <= Int(Int32.max) else { return nil }
            return buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    htmlReadMemory($0, Int32(buffer.count), nil, "UTF-8", options)
                }
            } ?? nil
        }
    }

    deinit { xmlFreeDoc(document) }

    /// A NUL-terminated UTF-8 run inside libxml2's tree, valid only inside the walk's callbacks.
    struct TextRun {
        let pointer: UnsafePointer<xmlChar>

        var string: String { String(cString: pointer) }
    }

    /// Visits every node in document order. `enter` returns false to skip an element's children (and its `exit`).
    func walk(enter: (HTMLElement) -> Bool, text: (TextRun) -> Void, exit: (HTMLElement) -> Void) {
        guard let document, let root = document.pointee.children else { return }
        // An explicit stack, not recursion: hostile markup nests thousands of levels deep.
        var stack: [(node: xmlNodePtr, entered: Bool)] = []
        var sibling: xmlNodePtr? = root
        while let node = sibling {
            stack.append((node, false))
            sibling = node.pointee.next
        }
        stack.reverse()
        while let (node, entered) = stack.popLast() {
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                let element = HTMLElement(node: node)
                if entered {
                    exit(element)
                    continue
                }
                guard enter(element) else { continue }
                stack.append((node, true))
                var children: [xmlNodePtr] = []
                var child = node.pointee.children
                while let current = child {
                    children.append(current)
                    child = current.pointee.next
                }
                for child in children.reversed() { stack.append((child, false)) }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content { text(TextRun(pointer: content)) }
            default:
                continue
            }
        }
    }
}

/// An element seen during a walk; valid only inside the walk's callbacks.
struct HTMLElement {
    fileprivate let node: xmlNodePtr

    /// The tag name in lowercase (libxml2's HTML parser lowercases names).
    var name: String { node.pointee.name.map { String(cString: $0) } ?? "" }

    /// The attribute's value, entities decoded, or nil.
    func attribute(_ name: String) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { lectern_xml_free(value) }
        return String(cString: value)
    }
}
