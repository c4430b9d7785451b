import Raster

/// The reader's colours, ink on paper; every screen (the name plate too) takes them from here.
public enum Palette {
    public static let paper = Color(red: 0.98, green: 0.97, blue: 0.94)
    public static let ink = Color(red: 0.13, green: 0.13, blue: 0.15)
    /// Secondary text: bylines, hints, status texts.
    public static let faint = Color(red: 0.45, green: 0.45, blue: 0.47)
    public static let accent = Color(red: 0.78, green: 0.18, blue: 0.16)
    /// The space a pull reveals around the page.
    public static let backdrop = Color(red: 0.91, green: 0.90, blue: 0.87)
    public static let separator = Color(red: 0.86, green: 0.85, blue: 0.82)
    /// A row under the finger.
    static let highlight = Color(red: 0.90, green: 0.89, blue: 0.85)
    public static let white = Color.white
}
