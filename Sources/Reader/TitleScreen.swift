import Raster
import Text
import Widgets

/// The first thing the panel shows: Lectern's name plate on the paper-coloured page, with the pull-menu's three
/// dots at rest on the right edge as a hint that the page can be pulled.
public struct TitleScreen {
    public static let paper = Palette.paper
    public static let ink = Palette.ink
    public static let accent = Palette.accent
    /// The collapsed dots' grey (docs/interactions.md: gray 0.5).
    public static let restingDot = SpringDot.Tint.gray.color

    private let typesetter: Typesetter?

    /// Without a typesetter (no fonts could be loaded) the screen is drawn without its words.
    public init(typesetter: Typesetter? = nil) {
        self.typesetter = typesetter
    }

    /// Draws the whole screen into `surface` and returns what changed.
    @discardableResult
    public func draw(into surface: Surface) -> DamageRegion {
        surface.clear(to: Self.paper)
        let w = surface.width, h = surface.height
        // Sizes follow the shorter side so a 7" 800x480 panel and a 10" 1920x1080 one look alike.
        let unit = Double(min(w, h)) / 100
        surface.fill(PixelRect(x: 0, y: 0, width: Int((2 * unit).rounded()), height: h), with: Self.accent)
        let ruleY = h / 2 + Int(4 * unit)
        surface.fill(PixelRect(x: w / 4, y: ruleY, width: w / 2, height: max(1, Int((unit / 2).rounded()))), with: Self.ink)
        drawWords(into: surface, unit: unit, ruleY: ruleY)
        drawDots(into: surface, unit: unit)
        return DamageRegion(surface.bounds)
    }

    private func drawWords(into surface: Surface, unit: Double, ruleY: Int) {
        guard let typesetter else { return }
        let cache = GlyphCache()
        let width = Float(surface.width / 2)
        let title = typesetter.layout(
            Paragraph("Lectern", style: TextStyle(family: .serif, size: Float(12 * unit), weight: .bold, color: Self.ink),
                      paragraphStyle: ParagraphStyle(alignment: .center, lineHeight: 1.1)),
            width: width)
        cache.draw(title, into: surface, x: Float(surface.width / 4), y: ruleY - Int(2 * unit) - Int(title.height))
        let tagline = typesetter.layout(
            Paragraph("Articles on the wall. Pull the page left for the menu.",
                      style: TextStyle(family: .sans, size: Float(3 * unit), color: Self.restingDot),
                      paragraphStyle: ParagraphStyle(alignment: .center)),
            width: width)
        cache.draw(tagline, into: surface, x: Float(surface.width / 4), y: ruleY + Int(3 * unit))
    }

    /// The collapsed pull-menu dots: 4 pt circles 16.67 pt apart, vertically centred near the right edge.
    private func drawDots(into surface: Surface, unit: Double) {
        let point = unit / 4
        let x = Double(surface.width) - 10 * point
        for i in 0..<3 {
            let y = Double(surface.height) / 2 + (Double(i) - 1) * 16.67 * point
            surface.fill(Circle(center: PixelPoint(x: x, y: y), radius: 2 * point), color: Self.restingDot)
        }
    }
}
