import Feeds
import Raster
import Text
import Touch
import Widgets

/// An article's page: its header and body blocks set in a column, drawn at any scroll offset, and asked what a
/// tap lands on.
///
/// Set lazily, piece by piece from the top: only what a frame shows has to be set before it is drawn, so opening
/// a long article costs its first screen, not its length. `contentHeight` is exact for the part set so far plus
/// an estimate for the rest; it changes (usually a little) as more is set, and is exact once `isComplete`. A
/// scroller reads it again after anything that sets more: a `draw`, `layOut(through:)`, `layOutMore(pieces:)`,
/// `target(at:)`, and `imageArrived(url:)`, which can also make it shrink back to an estimate below the image.
public final class ArticleBody: PagerPage {
    public let header: ArticleHeader
    /// The page's width, points.
    public let width: Double
    public let theme: Theme
    /// The body text size, points.
    public let textSize: Double

    let styles: ArticleStyles
    let setter: PieceSetter
    let typography: Typography
    let pieces: [ArticlePiece]
    /// The pieces set so far, top down: a prefix of `pieces`.
    var placed: [PlacedPiece] = []
    /// Where pictures come from: asked again at drawing for those laid out before they were decoded.
    let images: ArticleImages?
    /// `remainingEstimate[i]`: the estimated height of the pieces from `i` on.
    private let remainingEstimate: [Double]

    /// `end`: what the page says after its last block (the end mark, and where a pull up leads).
    public init(header: ArticleHeader, blocks: [ArticleBlock], width: Double, typography: Typography, theme: Theme,
                textSize: Double = 17, images: ArticleImages? = nil, end: ArticleEnd = .mark,
                viewHeight: Double? = nil) {
        self.header = header
        self.width = width.isFinite ? max(width, 0) : 0
        self.theme = theme
        self.textSize = textSize
        self.typography = typography
        self.images = images
        styles = ArticleStyles(size: textSize, theme: theme)
        let column = max(60, min(styles.maxColumn, self.width - 2 * ArticleStyles.marginSide))
        var setter = PieceSetter(styles: styles, typography: typography, images: images,
                                 columnX: ((self.width - column) / 2).rounded(), column: column)
        setter.maxPictureHeight = Self.pictureCap(viewHeight: viewHeight, styles: styles)
        self.setter = setter
        var flow = ArticleFlow(styles: styles, column: column)
        flow.add(header)
        flow.add(ArticleBlocks.droppingRepeatedTitle(header.title, from: blocks))
        flow.add(end)
        pieces = flow.pieces
        var estimates = [Double](repeating: 0, count: pieces.count + 1)
        for index in pieces.indices.reversed() {
            estimates[index] = estimates[index + 1] + setter.estimatedHeight(of: pieces[index])
        }
        remainingEstimate = estimates
    }

    /// Pictures take at most 90 % of the screen's height (`viewHeight`): each is seen whole with a line of the
    /// text around it, and a feed's height="20000" is not a screenful of grey. (A tighter cap would shrink the
    /// ordinary landscape photo on a 7" panel.) Without a screen (a page rendered to a file), 24 lines of body
    /// text.
    static func pictureCap(viewHeight: Double?, styles: ArticleStyles) -> Double {
        guard let viewHeight, viewHeight.isFinite, viewHeight > 0 else { return styles.size * 24 }
        return max(styles.size * 4, (viewHeight * 0.9).rounded())
    }

    /// The column's left edge on the page and its width, points.
    public var columnX: Double { setter.columnX }
    public var column: Double { setter.column }

    public var contentHeight: Double {
        settledBottom + remainingEstimate[placed.count] + ArticleStyles.marginBottom
    }

    /// Whether every piece is set, so `contentHeight` is exact.
    public var isComplete: Bool { placed.count == pieces.count }

    /// Where the set pieces end (the top margin when none is).
    private var settledBottom: Double { placed.last?.bottom ?? ArticleStyles.marginTop }

    // MARK: Setting

    /// Sets pieces until the page is set down to `y` (page coordinates), or to its end.
    public func layOut(through y: Double) {
        while !isComplete && settledBottom < y { setNext() }
    }

    /// Sets up to `count` more pieces, for idle moments between frames; true while pieces remain.
    @discardableResult
    public func layOutMore(pieces count: Int) -> Bool {
        for _ in 0..<max(count, 0) where !isComplete { setNext() }
        return !isComplete
    }

    /// The provider has an image it did not have when its box was set: everything from that box down is set
    /// again on demand, so the page makes room for the picture.
    public func imageArrived(url: String) {
        let index = placed.firstIndex { piece in
            guard piece.image == nil else { return false }
            switch pieces[piece.index].content {
            case .image(let imageURL, _, _): return imageURL == url
            case .media(let media): return media.poster == url
            default: return false
            }
        }
        if let index { placed.removeSubrange(index...) }
    }

    private func setNext() {
        let index = placed.count
        let piece = pieces[index]
        let top = index == 0 ? ArticleStyles.marginTop : settledBottom + piece.spaceBefore
        placed.append(setter.place(piece, index: index, at: top))
    }

    /// The first set piece whose box reaches below `y`.
    func firstPiece(endingBelow y: Double) -> Int {
        var low = 0, high = placed.count
        while low < high {
            let mid = (low + high) / 2
            if placed[mid].bottom <= y { low = mid + 1 } else { high = mid }
        }
        return low
    }

    // MARK: Taps

    /// What `point` (page coordinates, points) lands on: a link in the text, or an image or its box.
    public func target(at point: Point) -> ArticleTarget? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        layOut(through: point.y + 1)
        let index = firstPiece(endingBelow: point.y)
        guard index < placed.count, placed[index].top <= point.y else { return nil }
        let piece = placed[index]
        switch pieces[piece.index].content {
        case .image(let url, let alt, _):
            return piece.box?.contains(point) == true ? .image(url: url, alt: alt) : nil
        case .media(let media):
            // The wall plays nothing: the box hands the media's page to a phone.
            return piece.box?.contains(point) == true ? .link(media.link) : nil
        default:
            break
        }
        let scale = typography.scale
        // A table's cells, or a card's text.
        for cell in piece.cells {
            let hit = cell.layout.hitTest(x: Float(scale.pixels(point.x - cell.origin.x)),
                                          y: Float(scale.pixels(point.y - cell.origin.y)))
            if let link = hit?.link { return .link(link) }
        }
        guard let text = piece.text else { return nil }
        let hit = text.hitTest(x: Float(scale.pixels(point.x - piece.textOrigin.x)),
                               y: Float(scale.pixels(point.y - piece.textOrigin.y)))
        return hit?.link.map { .link($0) }
    }
}
