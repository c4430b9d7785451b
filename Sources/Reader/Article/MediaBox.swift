import Feeds
import Raster
import Text
import Touch
import Widgets

/// How a video, a sound or an embedded page sits in the column: a rounded inset box saying what it is and where
/// it lives ("Video · youtube.com"), its title if it has one, and what a tap does. With a still (a poster, a
/// thumbnail) the box opens with a 16:9 frame showing it, fitted whole, a play badge over it; without one a
/// badge sits beside the words. The frame's shape never depends on the still, so nothing moves when it comes.
extension PieceSetter {
    func placeMedia(_ media: MediaBlock, into placed: inout PlacedPiece, x: Double, width: Double) {
        let padding = min(styles.codePadding, width / 4)
        var frameHeight = 0.0
        if let poster = media.poster {
            frameHeight = min((width * 9 / 16).rounded(), maxPictureHeight)
            placed.frame = Rect(x: x, y: placed.top, width: width, height: frameHeight)
            if let image = images?.image(for: poster), image.width > 0, image.height > 0 {
                placed.image = image
            } else {
                placed.pendingImage = poster
            }
        }
        // Without a still, the badge stands left of the words, where the column has room for both.
        let sideBadge = Self.hasSideBadge(media, width: width, styles: styles)
        let badge = sideBadge ? styles.mediaBadge + padding : 0
        let textWidth = max(width - 2 * padding - badge, 1)
        let layout = typography.layout(Self.mediaParagraphs(media, styles: styles), width: textWidth)
        let textHeight = typography.height(of: layout)
        let stripHeight = max(textHeight, sideBadge ? styles.mediaBadge : 0) + 2 * padding
        placed.text = layout
        placed.textOrigin = Point(x: x + padding + badge,
                                  y: placed.top + frameHeight + ((stripHeight - textHeight) / 2).rounded())
        placed.height = frameHeight + stripHeight
        placed.box = Rect(x: x, y: placed.top, width: width, height: placed.height)
    }

    /// Whether a box `width` wide shows its badge beside its words: only without a still, and only when eight
    /// ems of words still fit beside it (a box deep in a list on a narrow panel gives the words the room).
    static func hasSideBadge(_ media: MediaBlock, width: Double, styles: ArticleStyles) -> Bool {
        let padding = min(styles.codePadding, width / 4)
        return media.poster == nil && width - 3 * padding - styles.mediaBadge >= styles.size * 8
    }

    func estimatedMediaHeight(_ media: MediaBlock, width: Double) -> Double {
        let frame = media.poster == nil ? 0 : min((width * 9 / 16).rounded(), maxPictureHeight)
        return frame + max(styles.mediaBadge, styles.size * 3.6) + 2 * min(styles.codePadding, width / 4)
    }

    /// The box's words: its label, its title (two lines at most), and what a tap does.
    static func mediaParagraphs(_ media: MediaBlock, styles: ArticleStyles) -> [Paragraph] {
        var paragraphs = [Paragraph(media.label, style: styles.mediaLabel,
                                    paragraphStyle: ParagraphStyle(lineHeight: 1.35, maxLines: 1))]
        if let title = media.title {
            paragraphs.append(Paragraph(title, style: styles.mediaTitle,
                                        paragraphStyle: ParagraphStyle(lineHeight: 1.35, maxLines: 2)))
        }
        let hint: String
        switch media.kind {
        case .video: hint = "Tap for a QR code to watch it on a phone"
        case .audio, .episode: hint = "Tap for a QR code to listen on a phone"
        case .page: hint = "Tap for a QR code to open it on a phone"
        }
        paragraphs.append(Paragraph(hint, style: styles.mediaHint,
                                    paragraphStyle: ParagraphStyle(lineHeight: 1.35, maxLines: 2)))
        return paragraphs
    }
}

extension ArticlePiece.Content {
    /// A picture or a player: what a caption under it belongs to.
    var isPicture: Bool {
        switch self {
        case .image, .media: true
        default: false
        }
    }
}
