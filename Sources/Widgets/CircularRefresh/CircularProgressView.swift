#if canImport(Glibc)
import Glibc
#endif
import Raster
import Touch

/// Beamly's progress view (BMYCircularProgressView): a light full circle, and over it a dark circle masked by a
/// pie that starts at 12 o'clock and sweeps clockwise through p·360°, so the dark fills in as the pull
/// progresses; the logo in its middle shows with opacity p.
enum CircularProgressView {
    /// The circle's diameter in the original's demo, points.
    public static let diameter = 25.0
    public static let light = Color(red: 0.84, green: 0.83, blue: 0.80)
    public static let dark = Color(red: 0.20, green: 0.20, blue: 0.22)
    public static let logo = Palette.paper

    /// Paints the view centred at `center` for progress `p` (clamped to 0…1), the whole seen through `opacity`.
    public static func draw(into canvas: Canvas, center: Point, progress p: Double, opacity: Double = 1) {
        guard opacity > 0 else { return }
        let progress = p.isFinite ? min(max(p, 0), 1) : 0
        let radius = diameter / 2
        let c = PixelPoint(x: center.x, y: center.y)
        canvas.fill(Circle(center: c, radius: radius), color: light.faded(by: opacity))
        if progress > 0 {
            // The dark circle seen through the pie mask is the pie itself, with the circle's radius.
            canvas.fill(PieSector(center: c, radius: radius, startAngle: PieSector.twelveOClock,
                                  sweep: progress * 2 * Double.pi), color: dark.faded(by: opacity))
        }
        drawLogo(into: canvas, center: center, opacity: progress * opacity)
    }

    /// Lectern's mark: a reading stand, a slanted book rest on a post, in paper colour.
    static func drawLogo(into canvas: Canvas, center: Point, opacity: Double) {
        guard opacity > 0 else { return }
        let color = logo.faded(by: opacity)
        let rest = Polygon(points: [PixelPoint(x: center.x - 6.5, y: center.y - 3), PixelPoint(x: center.x + 6.5, y: center.y - 6),
                                    PixelPoint(x: center.x + 6.5, y: center.y - 3.5), PixelPoint(x: center.x - 6.5, y: center.y - 0.5)])
        canvas.fill(rest, color: color)
        canvas.fill(RoundedRect(x: center.x - 1, y: center.y - 2, width: 2, height: 8, cornerRadius: 0.5), color: color)
        canvas.fill(RoundedRect(x: center.x - 4.5, y: center.y + 5.5, width: 9, height: 1.8, cornerRadius: 0.9), color: color)
    }
}

/// UIKit's activity indicator: twelve spokes, the leading one darkest, stepping round one spoke every 1/12 s.
enum Spinner {
    static let spokes = 12
    static let stepSeconds = 1.0 / 12

    /// Paints the spinner centred at `center`, `diameter` points across, at `time` since it started.
    public static func draw(into canvas: Canvas, center: Point, diameter: Double, time: Double, opacity: Double,
                            color: Color = Color(red: 0.55, green: 0.55, blue: 0.57)) {
        guard opacity > 0 else { return }
        let step = Int((max(0, time) / stepSeconds).rounded(.down)) % spokes
        let outer = diameter / 2, length = diameter * 0.28, width = diameter * 0.09
        for i in 0..<spokes {
            // Spoke `step` leads; those behind it fade.
            let age = (step - i + spokes) % spokes
            let alpha = opacity * (1 - Double(age) / Double(spokes) * 0.85)
            let angle = Double(i) / Double(spokes) * 2 * Double.pi - Double.pi / 2
            let place = AffineTransform.rotation(angle + Double.pi / 2)
                .concatenating(.translation(x: center.x, y: center.y))
            canvas.fill(RoundedRect(x: -width / 2, y: -outer, width: width, height: length, cornerRadius: width / 2),
                        color: color.faded(by: alpha), transform: place)
        }
    }
}
