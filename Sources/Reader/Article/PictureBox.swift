import Feeds
import Raster
import Text
import Touch
import Widgets

/// Where a picture sits in the column, whether it is here or not. Here (decoded, or its size read from its
/// header) it keeps its own shape; not here, its box takes the shape the markup's `width` and `height` give, so
/// the page does not move when it comes. Either way never wider than the column nor taller than
/// `maxPictureHeight`, and never enlarged. A missing picture's box says what and where it is ("Picture ·
/// example.com" and its alt text); an icon's or a decorative one's is a single line.
extension PieceSetter {
    func placePicture(url: String, alt: String?, hints: PictureHints, into placed: inout PlacedPiece, x: Double,
                      width: Double) {
        if let image = images?.image(for: url), image.width > 0, image.height > 0 {
            placed.box = pictureBox(pixels: (image.width, image.height), x: x, top: placed.top, width: width)
            placed.image = image
        } else if let size = images?.size(for: url), size.width > 0, size.height > 0 {
            // Here but not decoded: its box, its shape; the picture is asked for again when drawn.
            placed.box = pictureBox(pixels: size, x: x, top: placed.top, width: width)
            placed.pendingImage = url
        } else if hints.isSmall {
            placed.box = Rect(x: x, y: placed.top, width: width, height: styles.pictureLineHeight)
            placeLabel(url: url, alt: alt, lines: 1, in: &placed)
        } else {
            // Shaped without the image, so laying out never waits for a download.
            if let size = hints.size {
                placed.box = pictureBox(pixels: size, x: x, top: placed.top, width: width)
            } else {
                let height = min(width * 9 / 16, styles.altBoxMaxHeight, maxPictureHeight).rounded()
                placed.box = Rect(x: x, y: placed.top, width: width, height: height)
            }
            placeLabel(url: url, alt: alt, lines: 4, in: &placed)
        }
        placed.height = placed.box?.height ?? 0
    }

    func estimatedPictureHeight(hints: PictureHints, width: Double) -> Double {
        if let size = hints.size { return pictureBox(pixels: size, x: 0, top: 0, width: width).height }
        if hints.isSmall { return styles.pictureLineHeight }
        return min(width * 9 / 16, styles.altBoxMaxHeight, maxPictureHeight)
    }

    /// A picture `pixels` in size at the page's scale, centred in `width`: never enlarged, never wider than the
    /// column nor taller than the cap, its aspect kept (to the point).
    func pictureBox(pixels: (width: Int, height: Int), x: Double, top: Double, width: Double) -> Rect {
        let w = Double(max(pixels.width, 1)), h = Double(max(pixels.height, 1))
        var shown = min(width, typography.scale.points(w))
        var height = shown * h / w
        if height > maxPictureHeight {
            height = maxPictureHeight
            shown = height * w / h
        }
        shown = max(1, min(width, shown.rounded()))  // rounding up must not take it past the column
        height = max(1, height.rounded())
        return Rect(x: x + ((width - shown) / 2).rounded(), y: top, width: shown, height: height)
    }

    /// The words in a missing picture's box: "Picture · host", then its alt text, as many lines as fit.
    private func placeLabel(url: String, alt: String?, lines: Int, in placed: inout PlacedPiece) {
        guard let box = placed.box else { return }
        let padding = min(styles.codePadding * (lines == 1 ? 0.5 : 1), box.width / 4, box.height / 4)
        let host = (WebAddress.shownHost(of: url) ?? "")
        var what = host.isEmpty ? "Picture" : "Picture · \(host)"
        if lines == 1, let alt { what += " · " + alt }
        var paragraphs = [Paragraph(what, style: styles.altText,
                                    paragraphStyle: ParagraphStyle(alignment: .center, lineHeight: 1.35, maxLines: 1))]
        if lines > 1, let alt {
            paragraphs.append(Paragraph(alt, style: styles.altText.with(color: styles.theme.ink),
                                        paragraphStyle: ParagraphStyle(alignment: .center, lineHeight: 1.35,
                                                                       maxLines: lines - 1)))
        }
        var layout = typography.layout(paragraphs, width: max(box.width - 2 * padding, 1))
        // A flat box (a banner) keeps the first line only; one too flat for that stays blank.
        if typography.height(of: layout) > box.height - padding, paragraphs.count > 1 {
            layout = typography.layout([paragraphs[0]], width: max(box.width - 2 * padding, 1))
        }
        guard typography.height(of: layout) <= box.height else { return }
        placed.text = layout
        placed.textOrigin = Point(x: box.x + padding,
                                  y: box.y + ((box.height - typography.height(of: layout)) / 2).rounded())
    }
}
