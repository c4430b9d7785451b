#if canImport(Glibc)
import Glibc
#endif

/// A typeface family as the reader names it; the font set maps it to files.
public struct FontFamily: Hashable, Sendable, CustomStringConvertible {
    public var name: String

    public init(_ name: String) { self.name = name }

    public static let sans = FontFamily("sans")
    public static let serif = FontFamily("serif")
    public static let mono = FontFamily("mono")

    public var description: String { name }
}

public enum FontWeight: Hashable, Sendable {
    case regular
    case bold
}

public enum FontSlant: Hashable, Sendable {
    case upright
    case italic
}

/// One face inside a font file (collections such as .ttc hold several).
public struct FontFile: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var faceIndex: Int

    public init(path: String, faceIndex: Int = 0) {
        self.path = path
        self.faceIndex = faceIndex
    }

    public var description: String { faceIndex == 0 ? path : "\(path)#\(faceIndex)" }
}

/// Which files draw which family, weight and slant, and the fallback files tried, in order, for characters
/// the chosen face lacks. Plain data: nothing is opened until a `FontLibrary` needs a face.
public struct FontSet: Sendable {
    public struct Key: Hashable, Sendable {
        public var family: FontFamily
        public var weight: FontWeight
        public var slant: FontSlant

        public init(family: FontFamily, weight: FontWeight = .regular, slant: FontSlant = .upright) {
            self.family = family
            self.weight = weight
            self.slant = slant
        }
    }

    public var faces: [Key: FontFile] = [:]
    public var fallbacks: [FontFile] = []

    public init(faces: [Key: FontFile] = [:], fallbacks: [FontFile] = []) {
        self.faces = faces
        self.fallbacks = fallbacks
    }

    public mutating func set(_ file: FontFile, family: FontFamily, weight: FontWeight = .regular,
                             slant: FontSlant = .upright) {
        faces[Key(family: family, weight: weight, slant: slant)] = file
    }

    /// The file for a style, degrading gracefully: bold-italic → bold → italic → regular of the family, then
    /// the same for sans, then the first fallback. Nil only for an empty set.
    public func file(family: FontFamily, weight: FontWeight, slant: FontSlant) -> FontFile? {
        for f in [family, .sans] {
            let tries = [Key(family: f, weight: weight, slant: slant), Key(family: f, weight: weight),
                         Key(family: f, slant: slant), Key(family: f)]
            for key in tries { if let file = faces[key] { return file } }
        }
        return fallbacks.first ?? faces.values.first
    }

    /// Debian's font directories; DejaVu (fonts-dejavu-core) is the one family always installed.
    public static let debianDirectories = [
        "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/wqy", "/usr/share/fonts/truetype/droid",
        "/usr/share/fonts/truetype/noto", "/usr/share/fonts/opentype/noto", "/usr/share/fonts/truetype/freefont",
        "/usr/share/fonts/truetype/arphic", "/usr/share/fonts/truetype/dejavu-extra",
    ]

    /// The faces found in `directories`: DejaVu Sans, Serif and Sans Mono for the three families, then fallbacks
    /// for scripts DejaVu lacks (CJK, emoji) when such fonts are installed. `exists` is how a path is probed
    /// (the real file system by default) so the choice can be tested without fonts.
    public static func standard(directories: [String] = debianDirectories,
                                exists: (String) -> Bool = FontSet.isReadable) -> FontSet {
        var set = FontSet()
        func find(_ name: String) -> FontFile? {
            for dir in directories where exists("\(dir)/\(name)") { return FontFile(path: "\(dir)/\(name)") }
            return nil
        }
        let styles: [(FontFamily, FontWeight, FontSlant, [String])] = [
            (.sans, .regular, .upright, ["DejaVuSans.ttf"]),
            (.sans, .bold, .upright, ["DejaVuSans-Bold.ttf"]),
            (.sans, .regular, .italic, ["DejaVuSans-Oblique.ttf"]),
            (.sans, .bold, .italic, ["DejaVuSans-BoldOblique.ttf"]),
            (.serif, .regular, .upright, ["DejaVuSerif.ttf"]),
            (.serif, .bold, .upright, ["DejaVuSerif-Bold.ttf"]),
            (.serif, .regular, .italic, ["DejaVuSerif-Italic.ttf"]),
            (.serif, .bold, .italic, ["DejaVuSerif-BoldItalic.ttf"]),
            (.mono, .regular, .upright, ["DejaVuSansMono.ttf"]),
            (.mono, .bold, .upright, ["DejaVuSansMono-Bold.ttf"]),
            (.mono, .regular, .italic, ["DejaVuSansMono-Oblique.ttf"]),
            (.mono, .bold, .italic, ["DejaVuSansMono-BoldOblique.ttf"]),
        ]
        for (family, weight, slant, names) in styles {
            if let file = names.compactMap({ find($0) }).first { set.set(file, family: family, weight: weight, slant: slant) }
        }
        // Fallbacks, most general first: DejaVu Sans covers Latin, Greek, Cyrillic, Arabic, Hebrew and symbols;
        // the others add CJK and emoji when installed.
        let fallbackNames = ["DejaVuSans.ttf", "DejaVuSerif.ttf", "wqy-microhei.ttc", "DroidSansFallbackFull.ttf",
                             "NotoSansCJK-Regular.ttc", "FreeSerif.ttf", "NotoColorEmoji.ttf"]
        for name in fallbackNames { if let file = find(name) { set.fallbacks.append(file) } }
        return set
    }

    public static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }
}
