/// The directory of a Windows icon file (`favicon.ico`): a six-byte header, then one sixteen-byte entry per
/// picture the file holds, each giving its size, colour depth, and where its bytes are. The pictures are PNG
/// files or headerless BMPs. Read with every offset and length checked against the file.
struct IconDirectory {
    struct Entry: Equatable {
        /// From the directory, where 0 stands for 256.
        let width: Int
        let height: Int
        let bitsPerPixel: Int
        /// Where the picture's bytes are in the file; always within it.
        let range: Range<Int>
    }

    let entries: [Entry]

    /// The most pictures read from one file (real favicons hold one to ten).
    static let maxEntries = 64

    /// Whether `bytes` start like an icon file: reserved 0, type 1 (icon, not cursor), at least one picture.
    static func matches(_ bytes: some RandomAccessCollection<UInt8>) -> Bool {
        let b = Array(bytes.prefix(6))
        return b.count == 6 && b[0] == 0 && b[1] == 0 && b[2] == 1 && b[3] == 0 && (b[4] != 0 || b[5] != 0)
    }

    /// nil when the bytes are no icon file or no entry lies within them. Entries that point outside the file
    /// are left out.
    init?(_ data: UnsafeBufferPointer<UInt8>) {
        guard Self.matches(data) else { return nil }
        let count = min(Int(data[4]) | Int(data[5]) << 8, Self.maxEntries)
        var found: [Entry] = []
        for index in 0..<count {
            let at = 6 + 16 * index
            guard at + 16 <= data.count else { break }
            func u16(_ offset: Int) -> Int { Int(data[at + offset]) | Int(data[at + offset + 1]) << 8 }
            func u32(_ offset: Int) -> Int { u16(offset) | u16(offset + 2) << 16 }
            let size = u32(8), offset = u32(12)
            // Both are at most 2^32 - 1, so the sum cannot overflow an Int.
            guard size > 0, offset >= 6, offset + size <= data.count else { continue }
            let width = Int(data[at]), height = Int(data[at + 1])
            found.append(Entry(width: width == 0 ? 256 : width, height: height == 0 ? 256 : height,
                               bitsPerPixel: u16(6), range: offset..<offset + size))
        }
        guard !found.isEmpty else { return nil }
        entries = found
    }

    /// The picture to draw at `width` pixels: the smallest at least that wide (shrinking it loses least), else
    /// the widest; among equal sizes, the deepest colour.
    func best(forWidth width: Int) -> Entry {
        let wideEnough = entries.filter { $0.width >= width }
        let pool = wideEnough.isEmpty ? entries : wideEnough
        return pool.min { a, b in
            let aKey = wideEnough.isEmpty ? -a.width : a.width, bKey = wideEnough.isEmpty ? -b.width : b.width
            return aKey != bKey ? aKey < bKey : a.bitsPerPixel > b.bitsPerPixel
        }!
    }

    /// The widest picture: what the file's size is taken to be before decoding.
    var largest: Entry { best(forWidth: Int.max) }
}
