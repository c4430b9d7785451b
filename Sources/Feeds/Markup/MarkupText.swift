/// Text written into markup Lectern makes itself: the OPML it exports, the phone's page. One escaping for both,
/// so a feed's title can never close a tag or an attribute in either.
public enum MarkupText {
    /// Text safe in XML or HTML content and in quoted attributes. Characters XML 1.0 cannot carry at all (most
    /// C0 controls, U+FFFE/U+FFFF) are dropped; tabs and line breaks in attributes are kept as references so a
    /// parser does not normalise them to spaces.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t": result += "&#9;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
