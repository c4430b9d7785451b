import Feeds
import Raster
import Text
import Touch
import Widgets

extension ArticleBody {
    /// A media box: its inset, its still fitted whole in a dark frame (or a plain dark frame until the still
    /// comes), and a play badge over the frame or beside the words. The words are drawn with the piece's text.
    func drawMedia(_ index: Int, into canvas: Canvas, origin: Point) {
        let placement = placed[index]
        guard let box = placement.box else { return }
        let shownBox = box.offsetBy(dx: origin.x, dy: origin.y)
        drawInset(shownBox, roundTop: true, roundBottom: true, into: canvas)
        let badge = styles.mediaBadge
        if let frame = placement.frame {
            let shownFrame = frame.offsetBy(dx: origin.x, dy: origin.y)
            // Only the frame's top corners are round: it opens the box, whose words sit below it.
            let radius = styles.cornerRadius
            canvas.clipped(to: canvas.snapped(shownFrame)).fill(
                RoundedRect(x: shownFrame.x, y: shownFrame.y, width: shownFrame.width,
                            height: shownFrame.height + radius, cornerRadius: radius),
                color: Self.frameColor)
            if let still = shownStill(index, in: frame.size, scale: canvas.scale) {
                let w = canvas.scale.points(Double(still.width)), h = canvas.scale.points(Double(still.height))
                canvas.clipped(to: canvas.snapped(shownFrame)).composite(
                    still, at: Point(x: shownFrame.x + ((frame.width - w) / 2).rounded(),
                                     y: shownFrame.y + ((frame.height - h) / 2).rounded()))
            }
            drawBadge(center: Point(x: shownFrame.midX, y: shownFrame.midY),
                      diameter: min(badge * 1.3, frame.height * 0.8, frame.width * 0.8),
                      disc: Color(red: 0, green: 0, blue: 0).faded(by: 0.55), mark: Color(red: 1, green: 1, blue: 1),
                      into: canvas)
        } else if case .media(let media) = pieces[placement.index].content,
                  PieceSetter.hasSideBadge(media, width: box.width, styles: styles) {
            let padding = min(styles.codePadding, box.width / 4)
            let center = Point(x: shownBox.x + padding + badge / 2, y: shownBox.midY)
            if media.kind == .page {
                drawPageMark(center: center, size: badge, into: canvas)
            } else {
                drawBadge(center: center, diameter: badge, disc: theme.accent, mark: theme.paper, into: canvas)
            }
        }
    }

    /// Behind a still and around one that does not fill the frame: a player's black, in every theme.
    static let frameColor = Color(red: 0.08, green: 0.08, blue: 0.09)

    /// A disc with a play triangle: "this plays", on a panel that hands the playing to a phone.
    private func drawBadge(center: Point, diameter: Double, disc: Color, mark: Color, into canvas: Canvas) {
        let r = diameter / 2
        canvas.fill(Circle(center: PixelPoint(x: center.x, y: center.y), radius: r), color: disc)
        // The triangle's centre of mass sits a little right of the disc's, as the eye wants it.
        let side = r * 0.9, x = center.x - side * 0.35
        canvas.fill(Polygon(points: [PixelPoint(x: x, y: center.y - side / 2), PixelPoint(x: x + side * 0.87, y: center.y),
                                     PixelPoint(x: x, y: center.y + side / 2)]), color: mark)
    }

    /// A framed page, for an embedded page: a window with a title bar, in the accent's colour. Nothing plays.
    private func drawPageMark(center: Point, size: Double, into canvas: Canvas) {
        let w = size * 0.9, h = size * 0.72, line = max(canvas.scale.points(1), size * 0.07)
        let outer = Rect(x: center.x - w / 2, y: center.y - h / 2, width: w, height: h)
        canvas.fill(RoundedRect(x: outer.x, y: outer.y, width: w, height: h, cornerRadius: line * 1.5), color: theme.accent)
        canvas.fill(RoundedRect(x: outer.x + line, y: outer.y + h * 0.28, width: w - 2 * line, height: h * 0.72 - line,
                                cornerRadius: line * 0.5), color: theme.inset)
    }

    /// The still at the size it fits the frame whole (never enlarged), shrunk once on first drawing.
    private func shownStill(_ index: Int, in frame: Size, scale: Scale) -> Surface? {
        if placed[index].image == nil, let url = placed[index].pendingImage, let arrived = images?.image(for: url),
           arrived.width > 0, arrived.height > 0 {
            placed[index].image = arrived
            placed[index].pendingImage = nil
        }
        guard var image = placed[index].image, image.width > 0, image.height > 0 else { return nil }
        if let shown = placed[index].shownImage { return shown }
        // YouTube's still is 4:3 with its 16:9 picture between black bars: the frame shows the picture.
        if case .media(let media) = pieces[placed[index].index].content, let poster = media.poster,
           WebAddress.shownHost(of: poster) == "i.ytimg.com", image.width * 3 == image.height * 4 {
            image = ImageEnlarging.rows(image, from: image.height / 8, count: image.height * 3 / 4)
        }
        // Fitted whole; a small still is enlarged, up to three times, rather than left a stamp in the frame.
        let fit = min(3, scale.pixels(frame.width) / Double(image.width), scale.pixels(frame.height) / Double(image.height))
        let width = max(1, Int((Double(image.width) * fit).rounded()))
        let height = max(1, Int((Double(image.height) * fit).rounded()))
        let shown = fit < 1 ? ImageShrinking.shrink(image, width: width, height: height)
            : fit > 1.02 ? ImageEnlarging.enlarge(image, width: width, height: height) : image
        placed[index].shownImage = shown
        return shown
    }
}
