extension ArticleBody {
    /// Where the lines set so far are, top down, in page coordinates (points): the places a page can be cut
    /// without cutting through text, for `render --text`'s fixed pages. A picture, its alt box and a rule each
    /// count as one line, as does a table's row (or its card): a row cut across would split its cells; a code
    /// block's inset padding goes with its first and last lines.
    public var lineExtents: [(top: Double, bottom: Double)] {
        let scale = typography.scale
        var extents: [(top: Double, bottom: Double)] = []
        for piece in placed {
            let breaks: Bool
            switch pieces[piece.index].content {
            case .text, .code: breaks = true
            case .image, .media, .rule, .tableRow: breaks = false
            }
            guard breaks, let text = piece.text, !text.lines.isEmpty else {
                extents.append((piece.top, piece.bottom))
                continue
            }
            let first = extents.count
            for line in text.lines {
                let top = piece.textOrigin.y + scale.points(Double(line.top))
                extents.append((top, top + scale.points(Double(line.height))))
            }
            extents[first].top = min(extents[first].top, piece.top)
            extents[extents.count - 1].bottom = max(extents[extents.count - 1].bottom, piece.bottom)
        }
        return extents
    }
}
