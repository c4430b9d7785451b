import Raster

/// The first thing the panel shows: Lectern's name plate on the paper-coloured page, with the pull-menu's three
/// dots at rest on the right edge as a hint that the page can be pulled.
public struct TitleScreen {
    public static let paper = Color(red: 0.98, green: 0.97, blue: 0.94)
    public static let ink = Color(red: 0.13, green: 0.13, blue: 0.15)
    public static let accent = Color(red: 0.78, green: 0.18, blue: 0.16)

    public init() {}

    /// Draws the whole screen into `surface` and returns what changed.
    @discardableResult
    public func draw(into surface: Surface) -> DamageRegion {
        surface.clear(to: Self.paper)
        let w = surface.width, h = surface.height
        let unit = max(1, min(w, h) / 100)
        // A book-spine band on the left and a rule under where the title sits.
        surface.fill(PixelRect(x: 0, y: 0, width: 2 * unit, height: h), with: Self.accent)
        surface.fill(PixelRect(x: w / 4, y: h / 2 + 4 * unit, width: w / 2, height: max(1, unit / 2)), with: Self.ink)
        // The collapsed pull-menu dots: 4x4 pt each, 16.67 pt apart, centred vertically at the right edge.
        for i in 0..<3 {
            let x = w - 6 * unit
            let y = h / 2 - 2 * unit + i * 4 * unit
            surface.fill(PixelRect(x: x, y: y, width: unit, height: unit), with: Color(red: 0.5, green: 0.5, blue: 0.5))
        }
        return DamageRegion(surface.bounds)
    }
}
