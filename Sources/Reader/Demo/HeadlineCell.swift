import Raster
import Text
import Touch
import Widgets

/// A list row showing a headline and where it came from, laid out when the row is configured (a reused cell
/// is laid out again for its new row).
final class HeadlineCell {
    private let typography: Typography
    private(set) var headline = TextLayout(width: 0)
    private(set) var source = TextLayout(width: 0)
    private(set) var id = -1

    static let headlineStyle = TextStyle(family: .sans, size: 17, weight: .bold, color: Palette.ink)
    static let sourceStyle = TextStyle(family: .sans, size: 13, color: Palette.faint)
    static let inset = 20.0

    init(typography: Typography) { self.typography = typography }

    func configure(id: Int, headline text: String, source: String, width: Double) {
        self.id = id
        headline = typography.layout(text, style: Self.headlineStyle, paragraph: ParagraphStyle(maxLines: 1),
                                     width: max(40, width - 2 * Self.inset))
        self.source = typography.layout(source, style: Self.sourceStyle, paragraph: ParagraphStyle(maxLines: 1),
                                        width: max(40, width - 2 * Self.inset))
    }

    /// Paints the row's words in `frame`, shifted left by `dx` (a row slid open); the background is the owner's.
    func draw(into canvas: Canvas, frame: Rect, dx: Double = 0) {
        let total = typography.height(of: headline) + 4 + typography.height(of: source)
        let top = frame.minY + (frame.height - total) / 2
        canvas.draw(headline, at: Point(x: frame.minX + Self.inset - dx, y: top))
        canvas.draw(source, at: Point(x: frame.minX + Self.inset - dx, y: top + typography.height(of: headline) + 4))
    }
}

/// Headlines for the demo lists.
enum SampleHeadlines {
    static let all: [(headline: String, source: String)] = [
        ("Pull me to refresh", "Lectern demo"),
        ("Night trains return to the Alps", "Travel desk"),
        ("A library that lends tools, not books", "City notes"),
        ("The quiet comeback of RSS", "Tech weekly"),
        ("How bees decide where to live", "Science"),
        ("Ten minutes of reading a day, ten years on", "Essays"),
        ("Repairing a 1970s radio, valve by valve", "Workshop"),
        ("The river that runs backwards twice a day", "Geography"),
        ("Why the bakery opens at four", "Food"),
        ("Learning the cello at sixty", "Music"),
        ("Maps drawn from memory", "Culture"),
        ("A winter of bird counts", "Nature"),
        ("The mathematics of queueing", "Science"),
        ("Letters to a future reader", "Essays"),
        ("Building a shed without a plan", "Workshop"),
        ("Snow on the cherry blossoms", "Photo"),
        ("What the lighthouse keeper read", "History"),
        ("Tea, slowly", "Food"),
        ("The last typewriter repair shop", "City notes"),
        ("Counting stars from a city balcony", "Science"),
    ]

    static func entry(_ id: Int) -> (headline: String, source: String) { all[((id % all.count) + all.count) % all.count] }
}
