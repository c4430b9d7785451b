import Raster

/// The reader's colours in one of its three themes. Every screen of the reader takes its colours from the theme
/// it is given, so a change of theme is a redraw, not a rebuild. (`Palette` stays the demos' fixed light look.)
public struct Theme: Hashable, Sendable {
    public enum Name: String, CaseIterable, Sendable {
        case light, sepia, dark
    }

    public var name: Name
    public var paper: Color
    public var ink: Color
    /// Secondary text: bylines, ages, hints, status texts.
    public var faint: Color
    public var accent: Color
    /// Links in article text: distinct from the ink at a glance, without being loud on a wall.
    public var link: Color
    /// The space a pull reveals around a page, bars and headers.
    public var backdrop: Color
    public var separator: Color
    /// A row under the finger.
    var highlight: Color
    /// Code blocks and quotes sit on this.
    public var inset: Color

    public static let light = Theme(
        name: .light, paper: Palette.paper, ink: Palette.ink, faint: Palette.faint, accent: Palette.accent,
        link: Color(red: 0.10, green: 0.36, blue: 0.72), backdrop: Palette.backdrop, separator: Palette.separator,
        highlight: Palette.highlight, inset: Color(red: 0.94, green: 0.93, blue: 0.90))

    public static let sepia = Theme(
        name: .sepia, paper: Color(red: 0.96, green: 0.92, blue: 0.83), ink: Color(red: 0.25, green: 0.19, blue: 0.13),
        faint: Color(red: 0.50, green: 0.43, blue: 0.35), accent: Color(red: 0.70, green: 0.25, blue: 0.12),
        link: Color(red: 0.45, green: 0.25, blue: 0.08), backdrop: Color(red: 0.89, green: 0.84, blue: 0.74),
        separator: Color(red: 0.85, green: 0.79, blue: 0.68), highlight: Color(red: 0.90, green: 0.85, blue: 0.74),
        inset: Color(red: 0.92, green: 0.87, blue: 0.77))

    public static let dark = Theme(
        name: .dark, paper: Color(red: 0.11, green: 0.11, blue: 0.12), ink: Color(red: 0.86, green: 0.86, blue: 0.84),
        faint: Color(red: 0.56, green: 0.56, blue: 0.56), accent: Color(red: 0.93, green: 0.38, blue: 0.33),
        link: Color(red: 0.49, green: 0.69, blue: 0.96), backdrop: Color(red: 0.06, green: 0.06, blue: 0.07),
        separator: Color(red: 0.22, green: 0.22, blue: 0.23), highlight: Color(red: 0.20, green: 0.20, blue: 0.22),
        inset: Color(red: 0.16, green: 0.16, blue: 0.17))

    public static func named(_ name: Name) -> Theme {
        switch name {
        case .light: .light
        case .sepia: .sepia
        case .dark: .dark
        }
    }
}
