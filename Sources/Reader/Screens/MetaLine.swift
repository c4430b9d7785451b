import Text

/// The faint lines that quote a feed's name among the panel's own words ("name · 3 d · 1 min read"), and the
/// feed names the lists show: set in the panel's direction, left to right, whatever the name's script.
///
/// The name is isolated (FSI…PDI), so an Arabic or Hebrew name reads right to left in its own place while the
/// dots, ages and reading times after it keep the line's order: without the isolate the whole line took the
/// name's direction and came out as "d · 1 min read 1 · … العالم اليوم".
enum MetaLine {
    /// A one-line paragraph in the panel's direction.
    static let paragraph = ParagraphStyle(maxLines: 1, baseDirection: .leftToRight)

    /// `name` wrapped in a first-strong isolate. Isolate and embedding controls inside the name are dropped
    /// first: a stray PDI in a hostile title would close the isolate early and let the rest leak out.
    static func isolated(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append("\u{2068}")
        for s in name.unicodeScalars where !(0x2066...0x2069).contains(s.value) && !(0x202A...0x202E).contains(s.value) {
            scalars.append(s)
        }
        scalars.append("\u{2069}")
        return String(scalars)
    }
}
