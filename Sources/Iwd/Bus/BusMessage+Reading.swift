#if canImport(Glibc)
import Glibc
#endif
import CSystemd
import System

/// Reading a message's arguments into `BusValue`s by peeking at each one's type, since sd_bus_message_read (which
/// takes a signature and out-pointers) is variadic. Types iwd never sends are skipped, not fatal.
extension BusMessage {
    /// Every argument, from the first: `[.string("net.connman.iwd.Station"), .array(...), ...]`.
    func arguments() throws -> [BusValue] {
        try busCheck(sd_bus_message_rewind(pointer, 1), "rewind message")
        var values: [BusValue] = []
        while let value = try readValue() { values.append(value) }
        return values
    }

    /// The next value at the current level, or nil at the end of the message or of the enclosing container.
    private func readValue() throws -> BusValue? {
        var type: CChar = 0
        var contentsPointer: UnsafePointer<CChar>?
        guard try busCheck(sd_bus_message_peek_type(pointer, &type, &contentsPointer), "peek type") > 0 else { return nil }
        // The contents string points into the message and is only good until the next call: copy it now.
        let contents = contentsPointer.map { String(cString: $0) } ?? ""
        switch UInt8(bitPattern: type) {
        case UInt8(ascii: "y"): return .byte(try readBasic(type, UInt8(0)))
        case UInt8(ascii: "b"): return .boolean(try readBasic(type, Int32(0)) != 0)
        case UInt8(ascii: "n"): return .int16(try readBasic(type, Int16(0)))
        case UInt8(ascii: "q"): return .uint16(try readBasic(type, UInt16(0)))
        case UInt8(ascii: "i"): return .int32(try readBasic(type, Int32(0)))
        case UInt8(ascii: "u"): return .uint32(try readBasic(type, UInt32(0)))
        case UInt8(ascii: "x"): return .int64(try readBasic(type, Int64(0)))
        case UInt8(ascii: "t"): return .uint64(try readBasic(type, UInt64(0)))
        case UInt8(ascii: "d"): return .double(try readBasic(type, Double(0)))
        case UInt8(ascii: "s"): return .string(try readText(type))
        case UInt8(ascii: "o"): return .objectPath(try readText(type))
        case UInt8(ascii: "g"): return .signature(try readText(type))
        case UInt8(ascii: "a"):
            return .array(element: contents, try inside(type, contents) { try readRest() })
        case UInt8(ascii: "r"):
            return .structure(try inside(type, contents) { try readRest() })
        case UInt8(ascii: "e"):
            let pair = try inside(type, contents) { try readRest() }
            guard pair.count == 2 else { throw SystemCallError("read a dictionary entry of \(pair.count) values", errno: EBADMSG) }
            return .dictEntry(pair[0], pair[1])
        case UInt8(ascii: "v"):
            let inner = try inside(type, contents) { try readRest() }
            guard inner.count == 1 else { throw SystemCallError("read a variant of \(inner.count) values", errno: EBADMSG) }
            return .variant(inner[0])
        default:
            // A Unix fd (h) or a type added to D-Bus later: step over it so the rest still decodes.
            let signature = String(UnicodeScalar(UInt8(bitPattern: type)))
            try busCheck(sd_bus_message_skip(pointer, signature), "skip \(signature)")
            return .skipped(signature)
        }
    }

    private func readRest() throws -> [BusValue] {
        var values: [BusValue] = []
        while let value = try readValue() { values.append(value) }
        return values
    }

    private func inside<T>(_ type: CChar, _ contents: String, _ body: () throws -> T) throws -> T {
        try busCheck(sd_bus_message_enter_container(pointer, type, contents), "enter \(contents)")
        let result = try body()
        try busCheck(sd_bus_message_exit_container(pointer), "exit \(contents)")
        return result
    }

    private func readBasic<T: BitwiseCopyable>(_ type: CChar, _ initial: T) throws -> T {
        var value = initial
        try busCheck(sd_bus_message_read_basic(pointer, type, &value), "read basic")
        return value
    }

    /// Strings come back as a pointer into the message, copied here before the message can go.
    private func readText(_ type: CChar) throws -> String {
        var text: UnsafePointer<CChar>?
        try busCheck(sd_bus_message_read_basic(pointer, type, &text), "read string")
        return text.map { String(cString: $0) } ?? ""
    }
}
