import Text

/// What a page says after an article's last block. A page that simply stops in blank space leaves a reader
/// wondering whether more is still to come; an end mark says it is over, and the next entry's title says what
/// the pull up past it (Reeder's) leads to, before the pull begins.
public enum ArticleEnd: Equatable, Sendable {
    /// The end mark alone: a page read on its own (a sample, `render --text`).
    case mark
    /// The end mark and the next entry's title.
    case next(title: String)
    /// The end mark and word that no entry follows: the last of the list it was opened from.
    case last

    /// The centred paragraphs under the last block, each with the space above it.
    func paragraphs(styles: ArticleStyles) -> [(Paragraph, gap: Double)] {
        let centred = ParagraphStyle(alignment: .center, lineHeight: 1.3)
        // A hedera, the printer's mark for the end of a text, in the faint colour: seen, not read.
        var shown = [(Paragraph("❧", style: styles.endMark, paragraphStyle: centred), gap: styles.beforeEnd)]
        switch self {
        case .mark:
            break
        case .next(let title):
            shown.append((Paragraph("Pull up for the next article", style: styles.endNote, paragraphStyle: centred),
                          gap: styles.size * 0.6))
            // Two lines at most: enough to know the article, short enough to stay a hint.
            shown.append((Paragraph(title, style: styles.nextTitle,
                                    paragraphStyle: ParagraphStyle(alignment: .center, lineHeight: 1.25, maxLines: 2)),
                          gap: styles.size * 0.25))
        case .last:
            shown.append((Paragraph("The last article in this list", style: styles.endNote, paragraphStyle: centred),
                          gap: styles.size * 0.6))
        }
        return shown
    }
}
