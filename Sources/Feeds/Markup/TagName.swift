/// An HTML tag's name as the plain-text tokenizer tells names apart: packed into an integer, six bits a character
/// (letters in either case, digits, `-`), so a name is compared without building a string for every tag of every
/// article. Names longer than ten characters are all one `other` name: none the tokenizer looks for is that long.
struct TagName: Equatable {
    let packed: UInt64

    static let other = TagName(packed: 0)

    /// The name starting at `bytes[from]`, up to the first byte that cannot be part of one.
    init(_ bytes: [UInt8], from: Int) {
        var packed: UInt64 = 0
        var index = from
        while index < bytes.count, let code = Self.code(bytes[index]) {
            guard index - from < 10 else {
                self = .other
                return
            }
            packed = packed << 6 | code
            index += 1
        }
        self.packed = packed
    }

    init(_ name: StaticString) {
        let bytes = name.withUTF8Buffer { Array($0) }
        self.init(bytes, from: 0)
    }

    private init(packed: UInt64) { self.packed = packed }

    /// 1–26 for letters (either case), 27–36 for digits, 37 for `-`; nil for any other byte.
    private static func code(_ byte: UInt8) -> UInt64? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt64(byte - UInt8(ascii: "a") + 1)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt64(byte - UInt8(ascii: "A") + 1)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0") + 27)
        case UInt8(ascii: "-"): 37
        default: nil
        }
    }

    static let script = TagName("script"), style = TagName("style"), applet = TagName("applet")

    /// Whether the element's start and end are a boundary between blocks of text, where a reader sees a line
    /// break or a gap: HTML's block-level elements, line breaks and table cells, as far as feedparser's sanitizer
    /// keeps them in the markup it gives (it drops `main`, `hgroup` and `summary` tags, and the text the
    /// inspection contract is compared with is made from that markup).
    var isBlock: Bool {
        let table = Self.blocks
        return table.slots[Int(packed % table.modulus)] == packed
    }

    /// The block names by their packed value modulo the smallest number that sets each in a slot of its own:
    /// a lookup is a division and a comparison, where hashing into a Set cost a good part of reading a tag.
    private static let blocks: (modulus: UInt64, slots: [UInt64]) = {
        let names = [
            "address", "article", "aside", "blockquote", "br", "caption", "center", "dd", "details", "dialog", "dir",
            "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5",
            "h6", "header", "hr", "legend", "li", "menu", "nav", "ol", "p", "pre", "section", "table", "tbody", "td",
            "tfoot", "th", "thead", "tr", "ul",
        ].map { (name: String) in TagName(Array(name.utf8), from: 0).packed }
        // No name packs to all ones (ten characters take 60 bits): that marks an empty slot.
        var modulus = UInt64(names.count)
        while true {
            var slots = [UInt64](repeating: .max, count: Int(modulus))
            var collided = false
            for name in names {
                if slots[Int(name % modulus)] != .max { collided = true; break }
                slots[Int(name % modulus)] = name
            }
            if !collided { return (modulus, slots) }
            modulus += 1
        }
    }()
}
