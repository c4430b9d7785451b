import Feeds

/// Cuts a paragraph too long to set in one go into pieces set one under the other. Layout goes piece by piece,
/// and a piece is the unit that has to be set before a frame can show it: a feed's one-paragraph megabyte must
/// not hold up the first frame, nor be set all at once to show its top. A piece ends after a space when there is
/// one near the cut, so the seam is a line ending a little early; hostile text without spaces is cut anywhere.
enum LongParagraph {
    /// Unicode scalars per piece: far longer than any paragraph a person writes (about 1,300 words), short
    /// enough to set in a few milliseconds.
    static let limit = 8_000
    /// How far back from the cut to look for a space.
    private static let lookBack = 1_000

    static func pieces(_ runs: [InlineRun], limit: Int = limit) -> [[InlineRun]] {
        let limit = max(limit, 2)
        // The UTF-8 count bounds the scalar count and is stored: no walk for ordinary paragraphs.
        if runs.reduce(0, { $0 + $1.text.utf8.count }) <= limit { return [runs] }
        var pieces: [[InlineRun]] = []
        var current: [InlineRun] = []
        var count = 0
        for run in runs {
            var rest = Substring(run.text)
            while !rest.isEmpty {
                let scalars = rest.unicodeScalars
                guard let end = scalars.index(scalars.startIndex, offsetBy: limit - count, limitedBy: scalars.endIndex),
                      end != scalars.endIndex
                else {
                    count += scalars.count
                    current.append(InlineRun(String(rest), style: run.style, link: run.link))
                    break
                }
                let cut = cutAfterSpace(scalars, before: end) ?? end
                current.append(InlineRun(String(rest[..<cut]), style: run.style, link: run.link))
                pieces.append(current)
                current = []
                count = 0
                rest = rest[cut...]
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces.filter { !$0.isEmpty }
    }

    private static func cutAfterSpace(_ scalars: Substring.UnicodeScalarView, before end: String.Index) -> String.Index? {
        var index = end
        var steps = 0
        while index > scalars.startIndex && steps < lookBack {
            let previous = scalars.index(before: index)
            if scalars[previous] == " " { return index }
            index = previous
            steps += 1
        }
        return nil
    }
}
