/// 64-bit FNV-1a: a small, stable hash for telling an edited entry from an unchanged one and for a feed's fixed
/// jitter. Not for anything an adversary may choose to collide (ids of last resort use SHA-256).
struct FNV1a {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Adds an optional field, told apart from its neighbours and from nil.
    mutating func add(_ field: String?) {
        guard let field else { return add(byte: 0) }
        add(byte: 1)
        add(bytes: field.utf8)
        add(byte: 0xff)  // never in UTF-8: ends the field
    }

    /// Adds bytes as they are.
    mutating func add<Bytes: Sequence<UInt8>>(bytes: Bytes) {
        for value in bytes { add(byte: value) }
    }

    mutating func add(byte value: UInt8) {
        state = (state ^ UInt64(value)) &* 0x100_0000_01b3
    }

    var bits: UInt64 { state }
    var value: Int64 { Int64(bitPattern: state) }
}
