import CXML2

/// Reads a feed's XML (already UTF-8, entities already made XML-safe) into `FeedElement`s through libxml2. The
/// declaration's encoding names what the feed was before it was made UTF-8, so libxml2 ignores it
/// (XML_PARSE_IGNORE_ENC) and reads UTF-8.
///
/// Safety: recover mode keeps what a broken feed has instead of giving up. The DOCTYPE never reaches libxml2
/// (EntityPrepass takes it out and expands its internal entities itself, one level, bounded), and there is no
/// XML_PARSE_NOENT and no DTD loading: an external entity (`SYSTEM "file:///etc/passwd"`) is never read and a
/// billion-laughs document cannot expand. No XML_PARSE_HUGE: libxml2 keeps its limits on depth (256) and on
/// the size of a text node.
///
/// CDATA sections reach libxml2 as numbered placeholders (`CDATASections`) and are put back as text here; text
/// next to text (as when a CDATA section is set in whitespace) is one run, as libxml2 makes it with
/// XML_PARSE_NOCDATA.
enum FeedXML {
    static func parse(_ utf8: [UInt8], sections: CDATASections? = nil, url: String?) -> FeedElement? {
        guard let (document, wellFormed) = read(utf8) else { return nil }
        var chosen = document
        if !wellFormed, let (repaired, _) = read(TagBalancer.balance(utf8)) {
            xmlFreeDoc(document)
            chosen = repaired
        }
        defer { xmlFreeDoc(chosen) }
        guard let root = xmlDocGetRootElement(chosen) else { return nil }
        return copy(root, sections: sections, url: url)
    }

    /// The document libxml2 makes of `utf8` in recover mode, and whether it was well-formed.
    private static func read(_ utf8: [UInt8]) -> (xmlDocPtr, Bool)? {
        guard !utf8.isEmpty, utf8.count <= Int(Int32.max), let context = xmlNewParserCtxt() else { return nil }
        defer { xmlFreeParserCtxt(context) }
        let options = Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_COMPACT.rawValue | XML_PARSE_IGNORE_ENC.rawValue)
        let document: xmlDocPtr? = utf8.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlCtxtReadMemory(context, $0, Int32(buffer.count), nil, "UTF-8", options)
            }
        }
        guard let document else { return nil }
        return (document, context.pointee.wellFormed != 0)
    }

    /// Copies the tree with an explicit stack: recursion would follow a hostile document's depth.
    private static func copy(_ root: xmlNodePtr, sections: CDATASections?, url: String?) -> FeedElement {
        var keys = NameKeys()
        let top = element(root, parentBase: url, keys: &keys)
        reserve(top, for: root)
        var stack: [(xmlNodePtr?, FeedElement)] = [(root.pointee.children, top)]
        while let (first, parent) = stack.popLast() {
            var child = first
            while let node = child {
                child = node.pointee.next
                switch node.pointee.type {
                case XML_ELEMENT_NODE:
                    let copied = element(node, parentBase: parent.base, keys: &keys)
                    reserve(copied, for: node)
                    parent.append(.element(copied))
                    // Finish this element's children before its later siblings: document order.
                    stack.append((child, parent))
                    stack.append((node.pointee.children, copied))
                    child = nil
                case XML_TEXT_NODE:
                    if let content = node.pointee.content { parent.appendText(String(cString: content)) }
                case XML_CDATA_SECTION_NODE:
                    guard let content = node.pointee.content else { continue }
                    parent.appendText(sections?.text(forPlaceholder: content) ?? String(cString: content))
                default:
                    continue
                }
            }
        }
        return top
    }

    /// Room for the node's children in the copy, counted first: an item's dozen children otherwise grow its
    /// arrays four times over.
    private static func reserve(_ element: FeedElement, for node: xmlNodePtr) {
        var nodes = 0
        var elements = 0
        var child = node.pointee.children
        while let current = child {
            nodes += 1
            if current.pointee.type == XML_ELEMENT_NODE { elements += 1 }
            child = current.pointee.next
        }
        if nodes > 1 { element.reserve(children: nodes, elements: elements) }
    }

    /// An element's name as libxml2 holds it: its name comes from the document's dictionary, so the same name
    /// is the same pointer, and a feed's thousand `<item>`s are keyed once.
    private struct ElementName: Hashable {
        let name: UnsafeRawPointer?
        let namespace: UnsafeRawPointer?
        var isAttribute = false
    }

    /// The keys made so far, by name. A feed has a few dozen names, asked for tens of thousands of times: a
    /// direct-mapped table on the pointers' bits answers nearly all, before the dictionary (whose hashing was a
    /// few percent of a parse).
    private struct NameKeys {
        private var recent = [(ElementName, String)?](repeating: nil, count: 256)
        private var all: [ElementName: String] = [:]

        private static func slot(_ name: ElementName) -> Int {
            let bits = UInt(bitPattern: name.name) ^ UInt(bitPattern: name.namespace) &>> 5 ^ (name.isAttribute ? 0x55 : 0)
            return Int(truncatingIfNeeded: (bits &>> 4 ^ bits &>> 12) & 0xFF)
        }

        subscript(name: ElementName) -> String? {
            get {
                if let (held, key) = recent[Self.slot(name)], held == name { return key }
                return all[name]
            }
            set {
                all[name] = newValue
                if let newValue { recent[Self.slot(name)] = (name, newValue) }
            }
        }
    }

    private static func element(_ node: xmlNodePtr, parentBase: String?, keys: inout NameKeys) -> FeedElement {
        let name = ElementName(name: node.pointee.name.map(UnsafeRawPointer.init),
                               namespace: node.pointee.ns.map(UnsafeRawPointer.init))
        let key: String
        if let known = keys[name] {
            key = known
        } else {
            key = self.key(of: node)
            keys[name] = key
        }
        let attributes = node.pointee.properties == nil ? [] : self.attributes(of: node, keys: &keys)
        var base = parentBase
        if let xmlBase = attributes.first(where: { $0.name == "xml:base" })?.value {
            base = URLReference.resolve(xmlBase, against: parentBase)
        }
        return FeedElement(key: key, attributes: attributes, base: base)
    }

    /// The name the reader knows an element by: lowercase, as feedparser reads names (feeds write `pubdate`,
    /// `PubDate` and `TiTlE` and mean the same), with its vocabulary's prefix.
    private static func key(of node: xmlNodePtr) -> String {
        let local = node.pointee.name.map { String(cString: $0) } ?? ""
        var namespace: String?
        var prefix: String?
        if let ns = node.pointee.ns {
            namespace = ns.pointee.href.map { String(cString: $0) }
            prefix = ns.pointee.prefix.map { String(cString: $0) }
        }
        var key = local.lowercased()
        if let namespace {
            if let known = knownPrefixes[namespace] {
                if !known.isEmpty { key = known + ":" + key }
            } else if let prefix {
                key = prefix.lowercased() + ":" + key
            }
        } else if let colon = key.firstIndex(of: ":") {
            // An undeclared prefix: libxml2 keeps the qualified name. Map the usual ones to their vocabulary.
            let written = key[..<colon]
            let rest = key[key.index(after: colon)...]
            key = (written == "atom" ? "" : written + ":") + rest
        }
        return key
    }

    /// Attribute names are keyed like element names (one dictionary name, one key); a value that is one run
    /// of text (nearly all) is read straight from its node.
    private static func attributes(of node: xmlNodePtr, keys: inout NameKeys) -> [(name: String, value: String)] {
        var attributes: [(name: String, value: String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            guard let rawName = current.pointee.name else { continue }
            // Marked apart from element names: an attribute `title` and an element `title` key differently.
            let id = ElementName(name: UnsafeRawPointer(rawName), namespace: current.pointee.ns.map(UnsafeRawPointer.init),
                                 isAttribute: true)
            let name: String
            if let known = keys[id] {
                name = known
            } else {
                name = attributeName(current)
                keys[id] = name
            }
            var value = ""
            if let text = current.pointee.children, text.pointee.next == nil, text.pointee.type == XML_TEXT_NODE {
                value = text.pointee.content.map { String(cString: $0) } ?? ""
            } else if let content = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1) {
                value = String(cString: content)
                lectern_xml_free(content)
            }
            attributes.append((name, value))
        }
        return attributes
    }

    /// An attribute's name in lowercase, with `xml:` and `rdf:` kept as prefixes.
    private static func attributeName(_ attribute: xmlAttrPtr) -> String {
        let name = attribute.pointee.name.map { String(cString: $0) }?.lowercased() ?? ""
        guard let ns = attribute.pointee.ns, let href = ns.pointee.href else { return name }
        switch String(cString: href) {
        case "http://www.w3.org/XML/1998/namespace": return "xml:" + name
        case "http://www.w3.org/1999/02/22-rdf-syntax-ns#": return "rdf:" + name
        default: return name
        }
    }

    /// The vocabularies the reader understands, by namespace URI. An empty prefix: the element is one of the
    /// feed formats' own (RSS, RDF site summary, Atom, XHTML inside Atom content), known by its bare name.
    static let knownPrefixes: [String: String] = [
        "http://www.w3.org/2005/Atom": "",
        "http://purl.org/atom/ns#": "",
        "http://purl.org/rss/1.0/": "",
        "http://my.netscape.com/rdf/simple/0.9/": "",
        "http://backend.userland.com/rss2": "",
        "http://blogs.law.harvard.edu/tech/rss": "",
        "http://www.w3.org/1999/xhtml": "",
        "http://www.w3.org/1999/02/22-rdf-syntax-ns#": "rdf",
        "http://purl.org/rss/1.0/modules/content/": "content",
        "http://purl.org/dc/elements/1.1/": "dc",
        "http://purl.org/dc/terms/": "dcterms",
        "http://www.itunes.com/dtds/podcast-1.0.dtd": "itunes",
        "http://www.itunes.com/DTDs/Podcast-1.0.dtd": "itunes",
        "http://search.yahoo.com/mrss/": "media",
        "http://search.yahoo.com/mrss": "media",
    ]
}
