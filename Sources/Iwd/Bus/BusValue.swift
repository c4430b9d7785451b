/// One D-Bus value, decoded from a message or to be appended to one. iwd's API needs only a handful of shapes
/// (strings, object paths, booleans, 16- and 32-bit integers, arrays, dictionaries, structures, variants), so
/// one small enum stands for all of them instead of a type per method signature.
indirect enum BusValue: Equatable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// The element's signature is kept so that an empty array can still be written (`a{sv}` with no entries).
    case array(element: String, [BusValue])
    /// Only inside an array: one `{key value}` entry of a dictionary.
    case dictEntry(BusValue, BusValue)
    case structure([BusValue])
    case variant(BusValue)
    /// A value of a type this reader does not decode (a Unix fd, `h`): skipped, its signature kept.
    case skipped(String)

    /// The value's D-Bus type signature, which containers need when they are opened.
    var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        case .skipped(let signature): signature
        }
    }
}

extension BusValue {
    /// An `a{sv}` dictionary, the shape of every property set iwd sends and takes.
    static func properties(_ pairs: [(String, BusValue)]) -> BusValue {
        .array(element: "{sv}", pairs.map { .dictEntry(.string($0.0), .variant($0.1)) })
    }

    /// An `as` array.
    static func strings(_ items: [String]) -> BusValue { .array(element: "s", items.map(BusValue.string)) }

    /// The value inside any number of variants: property values arrive wrapped in one.
    var unwrapped: BusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// The text of a string, object path or signature (looking through variants).
    var string: String? {
        switch unwrapped {
        case .string(let s), .objectPath(let s), .signature(let s): s
        default: nil
        }
    }

    var bool: Bool? {
        if case .boolean(let b) = unwrapped { return b }
        return nil
    }

    /// Any integer type as an Int: iwd mixes n, q, i and u for numbers the panel only displays.
    var int: Int? {
        switch unwrapped {
        case .byte(let v): Int(v)
        case .int16(let v): Int(v)
        case .uint16(let v): Int(v)
        case .int32(let v): Int(v)
        case .uint32(let v): Int(v)
        case .int64(let v): Int(v)
        case .uint64(let v): v <= UInt64(Int.max) ? Int(v) : nil
        default: nil
        }
    }

    /// The elements of an array (looking through variants).
    var items: [BusValue]? {
        if case .array(_, let items) = unwrapped { return items }
        return nil
    }

    /// The fields of a structure.
    var fields: [BusValue]? {
        if case .structure(let fields) = unwrapped { return fields }
        return nil
    }

    /// A dictionary keyed by string or object path, as `a{sv}`, `a{sa{sv}}` and `a{oa{sa{sv}}}` are; values keep
    /// their variant, if they had one, so nested dictionaries read the same way. Nil for anything else.
    var dictionary: [String: BusValue]? {
        guard let items else { return nil }
        var result: [String: BusValue] = [:]
        for item in items {
            guard case .dictEntry(let key, let value) = item, let name = key.string else { return nil }
            result[name] = value
        }
        return result
    }
}
