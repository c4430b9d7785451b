/// What an `<img>` says about its picture before the picture arrives: the size its `width` and `height`
/// attributes give (CSS pixels), so the box waiting for it has the picture's shape and nothing moves when it
/// comes, and whether it is marked decorative (`alt=""`), so an icon's box takes one line, not a slab.
public struct PictureHints: Equatable, Sendable {
    public var width: Int?
    public var height: Int?
    /// `alt=""`: the author says the picture carries nothing a reader would miss.
    public var decorative: Bool

    public init(width: Int? = nil, height: Int? = nil, decorative: Bool = false) {
        self.width = width
        self.height = height
        self.decorative = decorative
    }

    /// Attribute values larger than this are not a picture's size but a mistake or an attack; they are ignored.
    static let largest = 20_000

    /// Pictures no wider or taller than this are icons: with `alt=""` or no size, a line of text is enough.
    public static let iconSize = 48

    /// A width or height attribute as HTML reads it: leading digits, optionally "px" ("640", " 640px");
    /// percentages, units, words and zero are not a size.
    static func dimension(_ attribute: String?) -> Int? {
        guard let attribute else { return nil }
        var value = 0, digits = 0
        var rest = Substring(attribute).drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        while let byte = rest.utf8.first, (0x30...0x39).contains(byte) {
            value = value * 10 + Int(byte - 0x30)
            digits += 1
            rest = rest.dropFirst()
            guard value <= largest else { return nil }
        }
        // "640.5" is 640; "50%" and "10em" are not pixels.
        if rest.first == "." { rest = rest.drop { $0 == "." || ("0"..."9").contains($0) } }
        let unit = String(rest.filter { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\r" }.prefix(3)).lowercased()
        guard digits > 0, value > 0, unit.isEmpty || unit == "px" else { return nil }
        return value
    }

    /// Both sides known.
    public var size: (width: Int, height: Int)? {
        guard let width, let height else { return nil }
        return (width, height)
    }

    /// A tracking pixel or a spacer: a side of at most 2 pixels. Dropped from the article.
    var isInvisible: Bool { (width.map { $0 <= 2 } ?? false) || (height.map { $0 <= 2 } ?? false) }

    /// An icon-sized or decorative picture whose box, while it has not come, is one line.
    public var isSmall: Bool {
        if let width, let height { return width <= Self.iconSize && height <= Self.iconSize }
        return decorative
    }
}
