import Raster
import Text
import Touch
import Widgets

extension ArticleBody {
    /// Paints the page into `frame` scrolled to `offset`, shifted right by `dx`: paper, then the pieces the
    /// canvas's clip shows, set first if they are not yet.
    public func draw(into canvas: Canvas, frame: Rect, offset: Double, dx: Double) {
        let page = frame.offsetBy(dx: dx, dy: 0)
        guard canvas.needsDrawing(page), offset.isFinite else { return }
        let area = canvas.clipped(to: canvas.snapped(page))
        area.fill(page, with: theme.paper)
        // The page's own coordinates of what the clip shows: the pager hands over the whole page as the frame.
        let scale = canvas.scale
        let top = page.minY - offset
        let shownTop = max(scale.points(Double(area.clip.minY)), page.minY) - top
        let shownBottom = min(scale.points(Double(area.clip.maxY)), page.maxY) - top
        guard shownBottom > shownTop else { return }
        layOut(through: shownBottom)
        // Glyphs, markers and bars reach a little past their piece's box.
        let slack = styles.size * 2
        let origin = Point(x: page.minX, y: top)
        // Nothing leaves the column, whatever a feed sends: a single character wider than the narrowest measure
        // (the typesetter never cuts inside one) is cut at the column's edge rather than drawn into the margin.
        let column = area.clipped(to: area.pixels(covering: Rect(x: page.minX + columnX, y: page.minY,
                                                                 width: self.column, height: page.height)))
        var index = firstPiece(endingBelow: shownTop - slack)
        while index < placed.count && placed[index].top - slack < shownBottom {
            drawPiece(index, into: column, origin: origin)
            index += 1
        }
    }

    public func renderFirstScreen(height: Double, glyphs: GlyphCache) -> Surface {
        let scale = typography.scale
        let surface = Surface(width: Int(scale.pixels(width).rounded()), height: Int(scale.pixels(height).rounded()),
                              format: .xrgb8888, fill: theme.paper)
        let canvas = Canvas(surface: surface, scale: scale, glyphs: glyphs)
        draw(into: canvas, frame: Rect(x: 0, y: 0, width: width, height: height), offset: 0, dx: 0)
        return surface
    }

    /// `origin`: where the page's top-left corner is drawn.
    private func drawPiece(_ index: Int, into canvas: Canvas, origin: Point) {
        let placement = placed[index]
        let piece = pieces[placement.index]
        func shown(_ rect: Rect) -> Rect { rect.offsetBy(dx: origin.x, dy: origin.y) }
        for bar in piece.bars {
            // A quote's bar runs on through the gap above when the piece before is in the same quote.
            let joins = placement.index > 0 && pieces[placement.index - 1].bars.contains(bar)
            let barTop = joins ? placement.top - piece.spaceBefore : placement.top
            canvas.fill(shown(Rect(x: columnX + bar.x, y: barTop, width: styles.quoteBarWidth,
                                   height: placement.bottom - barTop)), with: theme.accent)
        }
        switch piece.content {
        case .code(_, let opens, let closes):
            if let box = placement.box { drawInset(shown(box), roundTop: opens, roundBottom: closes, into: canvas) }
        case .image:
            if let box = placement.box {
                if let image = shownImage(index, size: box.size, scale: canvas.scale) {
                    canvas.composite(image, at: Point(x: origin.x + box.x, y: origin.y + box.y))
                } else {
                    drawInset(shown(box), roundTop: true, roundBottom: true, into: canvas)
                }
            }
        case .media:
            drawMedia(index, into: canvas, origin: origin)
        case .rule:
            if let box = placement.box { canvas.fill(shown(box), with: theme.faint.mixed(with: theme.paper)) }
        case .tableRow:
            if let box = placement.box { drawInset(shown(box), roundTop: true, roundBottom: true, into: canvas) }
            for rule in placement.rules {
                canvas.fill(shown(rule.rect), with: rule.strong ? theme.faint : theme.faint.mixed(with: theme.paper))
            }
        case .text:
            break
        }
        for cell in placement.cells {
            let cellOrigin = cell.origin + origin
            drawInlineCodeInsets(cell.layout, paragraph: cell.paragraph, at: cellOrigin, into: canvas)
            canvas.draw(cell.layout, at: cellOrigin)
            drawLinkUnderlines(cell.layout, at: cellOrigin, into: canvas)
        }
        if let text = placement.text {
            let textOrigin = placement.textOrigin + origin
            if case .text(let paragraph) = piece.content {
                drawInlineCodeInsets(text, paragraph: paragraph, at: textOrigin, into: canvas)
            }
            canvas.draw(text, at: textOrigin)
            drawLinkUnderlines(text, at: textOrigin, into: canvas)
        }
        for marker in placement.markers { canvas.draw(marker.layout, at: marker.origin + origin) }
    }

    /// A code block's or an alt box's background. A code block set in several pieces rounds only its outer
    /// corners: each piece paints a rounded box reaching past the edges it shares, cut at its own.
    func drawInset(_ box: Rect, roundTop: Bool, roundBottom: Bool, into canvas: Canvas) {
        let radius = styles.cornerRadius
        let reach = Rect(x: box.x, y: box.y - (roundTop ? 0 : radius), width: box.width,
                         height: box.height + (roundTop ? 0 : radius) + (roundBottom ? 0 : radius))
        canvas.clipped(to: canvas.snapped(box)).fill(
            RoundedRect(x: reach.x, y: reach.y, width: reach.width, height: reach.height, cornerRadius: radius),
            color: theme.inset)
    }

    /// Links are coloured and underlined: colour alone is a weak cue, and on a wall the underline says "tap".
    private func drawLinkUnderlines(_ text: TextLayout, at origin: Point, into canvas: Canvas) {
        let scale = canvas.scale
        let thickness = max(scale.points(1), (styles.size * 0.06 * scale.pixelsPerPoint).rounded() / scale.pixelsPerPoint)
        let color = theme.link.faded(by: 0.6)
        for line in text.lines {
            for run in line.runs where run.link != nil && run.width > 0 {
                // Under a raised footnote mark, not under the line's baseline below it.
                let y = origin.y + scale.points(Double(line.baseline - run.shift)) + styles.size * 0.14
                canvas.blend(Rect(x: origin.x + scale.points(Double(run.x)), y: y, width: scale.points(Double(run.width)),
                                  height: thickness), with: color)
            }
        }
    }

    /// Code inside a sentence sits on a small inset, as code blocks do, kept within the column.
    private func drawInlineCodeInsets(_ text: TextLayout, paragraph: Paragraph, at origin: Point, into canvas: Canvas) {
        guard paragraph.spans.contains(where: { $0.style.family == .mono }) else { return }
        let scale = canvas.scale
        let pad = styles.size * 0.12
        for line in text.lines {
            for run in line.runs where run.width > 0 && paragraph.spans.indices.contains(run.span) {
                let style = paragraph.spans[run.span].style
                guard style.family == .mono else { continue }
                let size = Double(style.size)
                let left = max(0, scale.points(Double(run.x)) - pad)
                let right = min(scale.points(Double(text.width)), scale.points(Double(run.x + run.width)) + pad)
                let top = scale.points(Double(line.baseline)) - size * 0.95
                canvas.fill(RoundedRect(x: origin.x + left, y: origin.y + top, width: right - left, height: size * 1.3,
                                        cornerRadius: styles.cornerRadius * 0.6), color: theme.inset)
            }
        }
    }

    /// The image at the size its box shows it, shrunk once on first drawing when the provider's is larger.
    private func shownImage(_ index: Int, size: Size, scale: Scale) -> Surface? {
        if placed[index].image == nil, let url = placed[index].pendingImage, let arrived = images?.image(for: url) {
            placed[index].image = arrived
            placed[index].pendingImage = nil
        }
        guard let image = placed[index].image else { return nil }
        if let shown = placed[index].shownImage { return shown }
        let width = Int(scale.pixels(size.width).rounded()), height = Int(scale.pixels(size.height).rounded())
        let shown = image.width > width || image.height > height
            ? ImageShrinking.shrink(image, width: width, height: height) : image
        placed[index].shownImage = shown
        return shown
    }
}

extension Color {
    /// Halfway between this colour and `other`, for lines that should recede further than faint text.
    func mixed(with other: Color) -> Color {
        func mid(_ a: UInt8, _ b: UInt8) -> Double { (Double(a) + Double(b)) / 510 }
        return Color(red: mid(red, other.red), green: mid(green, other.green), blue: mid(blue, other.blue))
    }
}
