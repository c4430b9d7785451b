/// A code block's text made ready to set: tabs become spaces to the next stop (the typesetter turns control
/// characters into single spaces, which would collapse indentation), and a long block is cut between lines into
/// pieces set one at a time, for the same reason as `LongParagraph`.
enum CodeText {
    static let tabWidth = 4
    /// Unicode scalars per piece.
    static let limit = 4_000

    static func expandingTabs(_ code: String) -> String {
        guard code.utf8.contains(0x09) else { return code }
        var result = String.UnicodeScalarView()
        var column = 0
        for scalar in code.unicodeScalars {
            switch scalar {
            case "\t":
                let spaces = tabWidth - column % tabWidth
                result.append(contentsOf: repeatElement(" ", count: spaces))
                column += spaces
            case "\n":
                result.append(scalar)
                column = 0
            default:
                result.append(scalar)
                column += 1
            }
        }
        return String(result)
    }

    static func pieces(_ code: String, limit: Int = limit) -> [String] {
        let limit = max(limit, 1)
        if code.utf8.count <= limit { return [code] }
        var pieces: [String] = []
        var current = String.UnicodeScalarView()
        var count = 0
        var hasLines = false
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = line.unicodeScalars[...]
            // A line longer than a piece is cut inside it: it wraps in the column anyway.
            repeat {
                let take = rest.prefix(limit)
                let length = take.count
                if hasLines && count + 1 + length > limit {
                    pieces.append(String(current))
                    current = String.UnicodeScalarView()
                    count = 0
                    hasLines = false
                }
                if hasLines {
                    current.append("\n")
                    count += 1
                }
                current.append(contentsOf: take)
                count += length
                hasLines = true
                rest = rest.dropFirst(length)
            } while !rest.isEmpty
        }
        if hasLines { pieces.append(String(current)) }
        return pieces
    }
}
