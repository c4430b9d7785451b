import Reader
import Raster

/// The shape half of `lectern-bench raster`: circles, capsules, pies, the rotating arrow and rectangle fills,
/// on the geometry of the reference (its shapes.h): a 1280x800 XRGB frame filled with
/// bg_pixel, opaque colour 0xFF3399E6, iteration i drawn at (posx[i & 63], posy[i & 63]).
public enum ShapeBench {
    static let color = BenchGeometry.shapeColor

    /// Each row is printed through `emit` as soon as it is measured.
    /// With `only`, just the rows of that op (circle, capsule, pie, arrow, rect_fill).
    public static func run(timing: BenchTiming, only: String? = nil, emit: (String) -> Void) {
        let frame = BenchGeometry.backgroundSurface(width: 1280, height: 800)
        let positions = BenchGeometry.Positions()
        let px = positions.x, py = positions.y
        func time(_ op: String, _ size: String, _ body: (Int) -> Void) {
            if let only, only != op { return }
            emit(BenchTiming.row(op: op, size: size, nanoseconds: timing.nanosecondsPerCall(body)))
        }
        for d in [4.0, 8, 16, 40] {
            time("circle", "d\(Int(d))") { i in
                frame.fill(Circle(x: px[i & 63], y: py[i & 63], diameter: d), color: color)
            }
        }
        for (w, h) in [(4.0, 40.0), (12, 120), (40, 300)] {
            time("capsule", "\(Int(w))x\(Int(h))") { i in
                frame.fill(RoundedRect.capsule(x: px[i & 63], y: py[i & 63], width: w, height: h), color: color)
            }
        }
        for (d, degrees) in [(30.0, 90.0), (30, 270), (60, 90), (60, 270), (120, 90), (120, 270), (120, 360)] {
            let r = d / 2, sweep = degrees * Double.pi / 180
            time("pie", "d\(Int(d))_\(Int(degrees))deg") { i in
                frame.fill(PieSector(center: PixelPoint(x: px[i & 63] + r, y: py[i & 63] + r), radius: r,
                                     startAngle: PieSector.twelveOClock, sweep: sweep), color: color)
            }
        }
        let arrow = Polygon(points: [(-12.0, -2.0), (2, -2), (2, -6), (12, 0), (2, 6), (2, 2), (-12, 2)]
            .map { PixelPoint(x: $0.0, y: $0.1) })
        time("arrow", "24px") { i in
            // Local arrow coordinates, turned by (i & 63)·0.1 rad and moved to (posx + 12, posy + 12).
            let angle = Double(i & 63) * 0.1
            let transform = AffineTransform.rotation(angle)
                .concatenating(.translation(x: px[i & 63] + 12, y: py[i & 63] + 12))
            frame.fill(arrow, color: color, transform: transform)
        }
        for (w, h) in [(64, 64), (400, 300), (1280, 800)] {
            time("rect_fill", "\(w)x\(h)") { i in
                let full = w >= frame.width
                let rect = PixelRect(x: full ? 0 : Int(px[i & 63]), y: full ? 0 : Int(py[i & 63]), width: w, height: h)
                frame.fill(rect, with: color)
            }
        }
    }
}
