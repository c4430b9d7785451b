import Feeds
import Raster
import Text
import Touch
import Widgets

/// The small square that stands for a feed in the lists, left of its name: the feed's icon (its own, else its
/// site's, as the refresh found it) shrunk into the square, or, for a feed with none, its initial on a disc
/// whose colour the title picks (so a feed keeps its colour from row to row and day to day).
struct FeedBadge {
    private var iconKey: String?
    private var hasIcon = false
    private var initial = TextLayout(width: 0)
    private var disc = Color.clear

    /// Colours dark enough for a white letter, apart from each other and from the accent's red.
    static let discColours = [
        Color(red: 0.20, green: 0.42, blue: 0.62), Color(red: 0.22, green: 0.52, blue: 0.40),
        Color(red: 0.50, green: 0.36, blue: 0.62), Color(red: 0.62, green: 0.45, blue: 0.18),
        Color(red: 0.18, green: 0.50, blue: 0.55), Color(red: 0.45, green: 0.45, blue: 0.48),
    ]

    /// Sets the badge for a feed titled `title`; `side` is the square's side in points, type scale applied.
    /// Reads the icon's file for its header only; decoding waits for the panel to be at rest.
    mutating func configure(title: String, iconKey: String?, side: Double, context: ReaderContext) {
        self.iconKey = iconKey
        hasIcon = iconKey.flatMap { context.images.size(of: $0) } != nil
        let letter = Self.initial(of: title)
        let hash = title.unicodeScalars.reduce(UInt32(2_166_136_261)) { ($0 ^ $1.value) &* 16_777_619 }
        disc = Self.discColours[Int(hash % UInt32(Self.discColours.count))]
        // No box width: a right-to-left letter in a box set flush right at the box's far edge, outside the disc,
        // which `draw` centres by the letter's width alone.
        initial = context.typography.layout(
            letter, style: TextStyle(family: .sans, size: Float(side * 0.6), weight: .bold, color: .white),
            paragraph: ParagraphStyle(maxLines: 1), width: .infinity)
    }

    /// The letter the disc shows: the first character that is a letter or digit in any script (not a mark, a
    /// direction control or punctuation), without the marks on it (a vowel point drawn alone beside the disc
    /// reads as a smudge), in capitals where the script has them; "·" when the title has none.
    static func initial(of title: String) -> String {
        for character in title where character.isLetter || character.isNumber {
            var scalars = String.UnicodeScalarView()
            for s in character.unicodeScalars {
                switch s.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control: continue
                default: scalars.append(s)
                }
            }
            if scalars.isEmpty { continue }
            return String(scalars).uppercased()
        }
        return "·"
    }

    func draw(into canvas: Canvas, square: Rect, context: ReaderContext) {
        if hasIcon, let iconKey {
            drawIcon(iconKey, square: square, into: canvas, context: context)
            return
        }
        canvas.fill(Circle(center: PixelPoint(x: square.midX, y: square.midY), radius: square.width / 2), color: disc)
        let typography = context.typography
        canvas.draw(initial, at: Point(x: (square.midX - typography.width(of: initial) / 2).rounded(),
                                       y: (square.midY - typography.height(of: initial) / 2).rounded()))
    }

    /// The icon fitted into the square, centred; a quiet square until it is decoded (off the frame path).
    private func drawIcon(_ key: String, square: Rect, into canvas: Canvas, context: ReaderContext) {
        let clipped = canvas.clipped(to: canvas.snapped(square))
        guard let (w, h) = context.images.size(of: key), w > 0, h > 0 else { return }
        let pixels = context.scale.pixels(square.width)
        let width = max(1, Int((pixels * min(1, Double(w) / Double(h))).rounded()))
        guard let picture = context.images.picture(key, width: width) else {
            clipped.fill(RoundedRect(x: square.minX, y: square.minY, width: square.width, height: square.height,
                                     cornerRadius: square.width / 5), color: context.theme.inset)
            return
        }
        let shownWidth = context.scale.points(Double(picture.width))
        let shownHeight = context.scale.points(Double(picture.height))
        clipped.composite(picture, at: Point(x: (square.midX - shownWidth / 2).rounded(),
                                             y: (square.midY - shownHeight / 2).rounded()))
    }
}
