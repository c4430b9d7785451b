import CXML2

/// One subscription as OPML lists it.
public struct OPMLSubscription: Equatable, Sendable {
    public var url: String
    public var title: String?
    public var siteLink: String?
    /// The folder (category outline) it was filed under; the innermost one when folders nest.
    public var category: String?

    public init(url: String, title: String? = nil, siteLink: String? = nil, category: String? = nil) {
        self.url = url
        self.title = title
        self.siteLink = siteLink
        self.category = category
    }
}

/// An OPML file that is not one.
public struct OPMLError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// OPML 2.0 subscription lists, the format every reader imports and exports.
public enum OPML {
    /// The subscriptions of an OPML document, in document order, each URL once. Broken XML is recovered from
    /// as far as libxml2 can; a document whose root is not `<opml>` is an error. No entity is loaded and nothing
    /// is fetched from the network.
    public static func subscriptions(from bytes: [UInt8]) throws -> [OPMLSubscription] {
        guard !bytes.isEmpty else { throw OPMLError("not an OPML document: the file is empty") }
        guard bytes.count <= Int(Int32.max) else { throw OPMLError("not an OPML document: too large") }
        let options = Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)
        // The whole document is parsed first and the reader walks the tree: xmlReaderForMemory stops at the first
        // well-formedness error even in recover mode, while the tree parser recovers past it (a bare `&` in a
        // title is common in hand-edited OPML).
        let document = escapingBareAmpersands(bytes).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlReadMemory($0, Int32(buffer.count), nil, nil, options)
            }
        }
        guard let document else { throw OPMLError("not an OPML document: not XML") }
        defer { xmlFreeDoc(document) }
        guard let reader = xmlReaderWalker(document) else {
            throw OPMLError("not an OPML document: the XML reader could not start")
        }
        defer { xmlFreeTextReader(reader) }

        var result: [OPMLSubscription] = []
        var seen: Set<String> = []
        var sawRoot = false
        // One slot per open <outline>: its name if it is a folder, nil if it is a feed.
        var folders: [String?] = []
        while xmlTextReaderRead(reader) == 1 {
            let type = xmlTextReaderNodeType(reader)
            let depth = xmlTextReaderDepth(reader)
            guard let name = string(xmlTextReaderConstLocalName(reader)) else { continue }
            if type == Int32(XML_READER_TYPE_ELEMENT.rawValue), depth == 0 {
                guard name.lowercased() == "opml" else {
                    throw OPMLError("not an OPML document: its root element is <\(name)>")
                }
                sawRoot = true
                continue
            }
            guard name.lowercased() == "outline" else { continue }
            if type == Int32(XML_READER_TYPE_END_ELEMENT.rawValue) {
                _ = folders.popLast()
                continue
            }
            guard type == Int32(XML_READER_TYPE_ELEMENT.rawValue) else { continue }
            let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
            let title = nonEmpty(attribute(reader, "title")) ?? nonEmpty(attribute(reader, "text"))
            let url = nonEmpty(attribute(reader, "xmlUrl") ?? attribute(reader, "xmlURL") ?? attribute(reader, "xmlurl")
                ?? attribute(reader, "url"))
            if let url, url.utf8.count <= 8_192 {
                if seen.insert(url).inserted {
                    let siteLink = nonEmpty(attribute(reader, "htmlUrl") ?? attribute(reader, "htmlURL"))
                    result.append(OPMLSubscription(url: url, title: title, siteLink: siteLink,
                                                   category: folders.last { $0 != nil } ?? nil))
                }
                if !isEmpty { folders.append(nil) }
            } else if !isEmpty {
                folders.append(title)
            }
        }
        guard sawRoot else { throw OPMLError("not an OPML document: no <opml> element") }
        return result
    }

    /// An OPML 2.0 document listing `subscriptions`, grouped into folders by category in order of first
    /// appearance (uncategorised ones first).
    public static func document(_ subscriptions: [OPMLSubscription], title: String, created: Timestamp) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head>
                <title>\(MarkupText.escaped(title))</title>
                <dateCreated>\(rfc822(created))</dateCreated>
              </head>
              <body>

            """
        func outline(_ subscription: OPMLSubscription, indent: String) {
            let name = MarkupText.escaped(subscription.title ?? subscription.url)
            text += "\(indent)<outline type=\"rss\" text=\"\(name)\" title=\"\(name)\" xmlUrl=\"\(MarkupText.escaped(subscription.url))\""
            if let siteLink = subscription.siteLink { text += " htmlUrl=\"\(MarkupText.escaped(siteLink))\"" }
            text += "/>\n"
        }
        var categories: [String] = []
        for subscription in subscriptions {
            if let category = subscription.category {
                if !categories.contains(category) { categories.append(category) }
            } else {
                outline(subscription, indent: "    ")
            }
        }
        for category in categories {
            text += "    <outline text=\"\(MarkupText.escaped(category))\" title=\"\(MarkupText.escaped(category))\">\n"
            for subscription in subscriptions where subscription.category == category {
                outline(subscription, indent: "      ")
            }
            text += "    </outline>\n"
        }
        text += "  </body>\n</opml>\n"
        return text
    }

    /// RFC 822 date as OPML 2.0 asks for it: `Tue, 24 Nov 2026 03:05:58 GMT`.
    static func rfc822(_ time: Timestamp) -> String {
        let days = Int((time.secondsSince1970 - ((time.secondsSince1970 % 86_400) + 86_400) % 86_400) / 86_400)
        let secondOfDay = Int(time.secondsSince1970 - Int64(days) * 86_400)
        let (year, month, day) = Timestamp.civil(fromDays: days)
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdays[((days % 7) + 7) % 7]), \(two(day)) \(months[month - 1]) \(year) "
            + "\(two(secondOfDay / 3_600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) GMT"
    }

    /// `&` that starts no reference becomes `&amp;`: hand-written OPML often has raw query strings
    /// (`?a=1&b=2`), which libxml2's recovery would otherwise cut short.
    static func escapingBareAmpersands(_ bytes: [UInt8]) -> [UInt8] {
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2e || byte == 0x2d || byte == 0x5f
        }
        func startsReference(at index: Int) -> Bool {
            var cursor = index + 1
            let end = min(bytes.count, index + 34)
            if cursor < end && bytes[cursor] == 0x23 { cursor += 1 }  // #, then digits or x and hex digits
            let start = cursor
            while cursor < end && isNameByte(bytes[cursor]) { cursor += 1 }
            return cursor > start && cursor < end && bytes[cursor] == 0x3b
        }
        guard bytes.contains(0x26) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 64)
        for index in bytes.indices {
            result.append(bytes[index])
            if bytes[index] == 0x26 && !startsReference(at: index) { result += Array("amp;".utf8) }
        }
        return result
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func attribute(_ reader: xmlTextReaderPtr, _ name: String) -> String? {
        guard let value = xmlTextReaderGetAttribute(reader, name) else { return nil }
        defer { lectern_xml_free(value) }
        return String(cString: value)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = HTMLText.collapsingWhitespace(text)
        return trimmed.isEmpty ? nil : trimmed
    }
}
