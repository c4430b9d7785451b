#if canImport(Glibc)
import Glibc
#endif
import CSystemd
import System

/// Appending values one at a time: sd_bus_message_append is variadic, which Swift cannot call, so each basic value
/// goes through sd_bus_message_append_basic and each container is opened and closed around its contents.
extension BusMessage {
    func append(_ values: BusValue...) throws {
        for value in values { try append(value) }
    }

    func append(_ value: BusValue) throws {
        switch value {
        case .byte(let v): try appendBasic("y", v)
        // D-Bus booleans are 32 bits on the wire and in sd-bus's API.
        case .boolean(let v): try appendBasic("b", Int32(v ? 1 : 0))
        case .int16(let v): try appendBasic("n", v)
        case .uint16(let v): try appendBasic("q", v)
        case .int32(let v): try appendBasic("i", v)
        case .uint32(let v): try appendBasic("u", v)
        case .int64(let v): try appendBasic("x", v)
        case .uint64(let v): try appendBasic("t", v)
        case .double(let v): try appendBasic("d", v)
        case .string(let s): try appendText("s", s)
        case .objectPath(let s): try appendText("o", s)
        case .signature(let s): try appendText("g", s)
        case .array(let element, let items):
            try container("a", element) { for item in items { try append(item) } }
        case .dictEntry(let key, let entry):
            try container("e", key.signature + entry.signature) { try append(key); try append(entry) }
        case .structure(let fields):
            try container("r", fields.map(\.signature).joined()) { for field in fields { try append(field) } }
        case .variant(let inner):
            try container("v", inner.signature) { try append(inner) }
        case .skipped(let signature):
            // Nothing was decoded, so there is nothing to write back.
            throw SystemCallError("append a skipped \(signature) value", errno: EINVAL)
        }
    }

    private func appendBasic<T: BitwiseCopyable>(_ type: Unicode.Scalar, _ value: T) throws {
        var copy = value
        try busCheck(sd_bus_message_append_basic(pointer, typeCode(type), &copy), "append \(type)")
    }

    /// Strings are passed as the C string itself, not a pointer to it.
    private func appendText(_ type: Unicode.Scalar, _ text: String) throws {
        _ = try text.withCString { try busCheck(sd_bus_message_append_basic(pointer, typeCode(type), $0), "append \(type)") }
    }

    private func container(_ type: Unicode.Scalar, _ contents: String, _ body: () throws -> Void) throws {
        try busCheck(sd_bus_message_open_container(pointer, typeCode(type), contents), "open \(type)\(contents)")
        try body()
        try busCheck(sd_bus_message_close_container(pointer), "close \(type)\(contents)")
    }
}
