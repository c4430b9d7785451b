/// The internal general entities a feed's DOCTYPE declares, as escaped text ready to stand in for their
/// references. Only `<!ENTITY name "value">`: parameter entities and external ones (SYSTEM, PUBLIC) are left
/// out, so nothing outside the document is ever read. Values are taken one level deep: character references
/// and XML's five are decoded, any other reference inside a value is dropped (nesting is how billion-laughs
/// documents grow).
enum DoctypeEntities {
    static func declared(in doctype: ArraySlice<UInt8>) -> [String: [UInt8]] {
        var entities: [String: [UInt8]] = [:]
        let text = String(decoding: doctype, as: UTF8.self)
        var rest = Substring(text)
        while let start = rest.firstRange(of: "<!ENTITY") {
            rest = rest[start.upperBound...]
            let body = rest.drop { $0.isWhitespace }
            guard !body.hasPrefix("%") else { continue }
            let name = body.prefix { !$0.isWhitespace }
            let afterName = body.dropFirst(name.count).drop { $0.isWhitespace }
            guard let quote = afterName.first, quote == "\"" || quote == "'" else { continue }
            let valueStart = afterName.dropFirst()
            guard let close = valueStart.firstIndex(of: quote) else { break }
            let value = valueStart[..<close]
            guard !name.isEmpty, entities[String(name)] == nil else { continue }
            entities[String(name)] = escaped(decoded(value))
            rest = valueStart[close...]
        }
        return entities
    }

    /// `&#38;`, `&#x26;` and XML's five named references decoded; other references dropped.
    static func decoded(_ value: Substring) -> String {
        var out = ""
        var rest = value
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { return out + rest[amp...] }
            let name = rest[rest.index(after: amp)..<semicolon]
            let named: [Substring: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let scalar = named[name] {
                out.unicodeScalars.append(scalar)
            } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let value = UInt32(name.dropFirst(2), radix: 16),
                      let scalar = Unicode.Scalar(value) {
                out.unicodeScalars.append(scalar)
            } else if name.hasPrefix("#"), let value = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(value) {
                out.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }

    private static func escaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: Array("&#38;".utf8))
            case UInt8(ascii: "<"): out.append(contentsOf: Array("&#60;".utf8))
            case UInt8(ascii: ">"): out.append(contentsOf: Array("&#62;".utf8))
            default: out.append(byte)
            }
        }
        return out
    }
}
