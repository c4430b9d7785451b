import Glibc
@testable import Raster

/// A shape described the slow, obvious way for checking the rasterizer: a point test, plus a lower bound on
/// the distance to the boundary so pixels far from it need not be supersampled.
struct ReferenceShape {
    var contains: (Double, Double) -> Bool
    var distanceToBoundary: (Double, Double) -> Double
    /// For polygons: the inside samples of one row of a pixel, counted from the edge crossings of that row
    /// (the same answer as 64 point tests, without walking every edge for every sample).
    var insideSamples: ((_ y: Double, _ left: Double) -> Int)? = nil

    static func circle(cx: Double, cy: Double, r: Double) -> ReferenceShape {
        ReferenceShape(contains: { x, y in hypot(x - cx, y - cy) < r },
                       distanceToBoundary: { x, y in abs(hypot(x - cx, y - cy) - r) })
    }

    /// Points within `r` of the segment (ax, ay)–(bx, by): a capsule, or a rounded rectangle's core.
    static func stadium(ax: Double, ay: Double, bx: Double, by: Double, r: Double) -> ReferenceShape {
        ReferenceShape(contains: { x, y in segmentDistance(x, y, ax, ay, bx, by) < r },
                       distanceToBoundary: { x, y in abs(segmentDistance(x, y, ax, ay, bx, by) - r) })
    }

    static func roundedRect(x: Double, y: Double, w: Double, h: Double, r: Double) -> ReferenceShape {
        // Distance to the inner rectangle shrunk by r, minus r.
        func signed(_ px: Double, _ py: Double) -> Double {
            let dx = max(x + r - px, 0, px - (x + w - r)), dy = max(y + r - py, 0, py - (y + h - r))
            if dx == 0 && dy == 0 {
                return -min(px - x, x + w - px, py - y, y + h - py)
            }
            return hypot(dx, dy) - r
        }
        return ReferenceShape(contains: { signed($0, $1) < 0 }, distanceToBoundary: { abs(signed($0, $1)) })
    }

    /// A sector from `start` through `sweep` radians (positive turns clockwise on screen).
    static func pie(cx: Double, cy: Double, r: Double, start: Double, sweep: Double) -> ReferenceShape {
        let full = abs(sweep) >= 2 * Double.pi
        let end = start + sweep
        let ex0 = cx + r * cos(start), ey0 = cy + r * sin(start)
        let ex1 = cx + r * cos(end), ey1 = cy + r * sin(end)
        func inAngle(_ x: Double, _ y: Double) -> Bool {
            if full { return true }
            let a = atan2(y - cy, x - cx)
            var t = sweep >= 0 ? a - start : start - a
            t = t.truncatingRemainder(dividingBy: 2 * Double.pi)
            if t < 0 { t += 2 * Double.pi }
            return t <= abs(sweep)
        }
        return ReferenceShape(
            contains: { x, y in hypot(x - cx, y - cy) < r && inAngle(x, y) },
            distanceToBoundary: { x, y in
                let arc = abs(hypot(x - cx, y - cy) - r)
                if full { return arc }
                return min(arc, segmentDistance(x, y, cx, cy, ex0, ey0), segmentDistance(x, y, cx, cy, ex1, ey1))
            })
    }

    /// A polygon under the non-zero or even-odd rule.
    static func polygon(_ points: [(Double, Double)], evenOdd: Bool = false) -> ReferenceShape {
        var shape = ReferenceShape(
            contains: { x, y in
                var winding = 0
                for i in 0..<points.count {
                    let (ax, ay) = points[i], (bx, by) = points[(i + 1) % points.count]
                    if (ay <= y) != (by <= y) {
                        let t = (y - ay) / (by - ay)
                        if x < ax + t * (bx - ax) { winding += by > ay ? 1 : -1 }
                    }
                }
                return evenOdd ? winding % 2 != 0 : winding != 0
            },
            distanceToBoundary: { x, y in
                var best = Double.infinity
                for i in 0..<points.count {
                    let (ax, ay) = points[i], (bx, by) = points[(i + 1) % points.count]
                    best = min(best, segmentDistance(x, y, ax, ay, bx, by))
                }
                return best
            })
        shape.insideSamples = { y, left in
            var crossings: [(Double, Int)] = []
            for i in 0..<points.count {
                let (ax, ay) = points[i], (bx, by) = points[(i + 1) % points.count]
                if (ay <= y) != (by <= y) {
                    let t = (y - ay) / (by - ay)
                    crossings.append((ax + t * (bx - ax), by > ay ? 1 : -1))
                }
            }
            crossings.sort { $0.0 < $1.0 }
            // A sample at x is inside when the winding of the crossings right of it is non-zero (or odd).
            var total = crossings.reduce(0) { $0 + $1.1 }
            var next = 0, inside = 0
            for i in 0..<64 {
                let x = left + (Double(i) + 0.5) / 64
                while next < crossings.count && crossings[next].0 <= x {
                    total -= crossings[next].1
                    next += 1
                }
                if evenOdd ? total % 2 != 0 : total != 0 { inside += 1 }
            }
            return inside
        }
        return shape
    }

    static func segmentDistance(_ x: Double, _ y: Double, _ ax: Double, _ ay: Double, _ bx: Double,
                                _ by: Double) -> Double {
        let dx = bx - ax, dy = by - ay
        let len2 = dx * dx + dy * dy
        let t = len2 == 0 ? 0 : min(max(((x - ax) * dx + (y - ay) * dy) / len2, 0), 1)
        return hypot(x - (ax + t * dx), y - (ay + t * dy))
    }

    /// Exact-enough coverage of pixel (px, py): 64x64 samples unless the pixel is clear of the boundary.
    func coverage(px: Int, py: Int) -> Double {
        let cx = Double(px) + 0.5, cy = Double(py) + 0.5
        if distanceToBoundary(cx, cy) > 0.75 { return contains(cx, cy) ? 1 : 0 }
        var inside = 0
        for j in 0..<64 {
            let y = Double(py) + (Double(j) + 0.5) / 64
            if let insideSamples {
                inside += insideSamples(y, Double(px))
                continue
            }
            for i in 0..<64 where contains(Double(px) + (Double(i) + 0.5) / 64, y) { inside += 1 }
        }
        return Double(inside) / 4096
    }
}

/// Coverage error of a drawing against a reference, in 1/255 steps.
struct CoverageError: CustomStringConvertible {
    var mean: Double
    var max: Double
    var worst: (Int, Int)
    var description: String {
        "mean \(mean.rounded(toPlaces: 3))/255, max \(max.rounded(toPlaces: 2))/255 at \(worst)"
    }

    var isWithinLimits: Bool { mean <= 1 && max <= 8 }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}

/// Paints white through the coverage onto black and compares each pixel's level with the reference.
func measure(width: Int, height: Int, reference: ReferenceShape, clip: PixelRect? = nil,
             ignoring ignored: (Int, Int) -> Bool = { _, _ in false }, draw: (Surface) -> Void) -> CoverageError {
    let surface = Surface(width: width, height: height, format: .xrgb8888, fill: .black)
    draw(surface)
    var sum = 0.0, worst = 0.0, at = (0, 0)
    for y in 0..<height {
        for x in 0..<width where !ignored(x, y) {
            let p = surface[x, y]
            let level = Double(p & 0xFF)
            var expected = reference.coverage(px: x, py: y) * 255
            if let clip, !clip.contains(PixelRect(x: x, y: y, width: 1, height: 1)) { expected = 0 }
            let error = abs(level - expected)
            sum += error
            if error > worst { worst = error; at = (x, y) }
        }
    }
    return CoverageError(mean: sum / Double(width * height), max: worst, worst: at)
}

/// Hides a shape's type, so `fill` takes the general rasterizer even where a faster overload exists.
struct Hidden<Inner: Shape>: Shape {
    var inner: Inner
    func bounds(under transform: AffineTransform) -> ShapeBounds? { inner.bounds(under: transform) }
    func trace(under transform: AffineTransform, into outline: inout Outline) {
        inner.trace(under: transform, into: &outline)
    }
}

/// Largest difference of the blue channel between two surfaces of one size.
func worstDifference(_ a: Surface, _ b: Surface) -> UInt32 {
    var worst: UInt32 = 0
    for y in 0..<a.height {
        for x in 0..<a.width {
            let p = a[x, y] & 0xFF, q = b[x, y] & 0xFF
            worst = max(worst, p > q ? p - q : q - p)
        }
    }
    return worst
}

/// The benchmark's sub-pixel positions (shapes.h), reduced to their fractional parts.
let benchmarkFractions: [(Double, Double)] = (0..<64).map { i in
    let x = 30 + Double((i * 197) % 1000) + Double(i % 7) * 0.13 + 0.05
    let y = 30 + Double((i * 113) % 400) + Double(i % 5) * 0.21 + 0.07
    return (x - x.rounded(.down), y - y.rounded(.down))
}

/// The benchmark's arrow, pointing along +x, before rotation.
let arrowPoints: [(Double, Double)] = [(-12, -2), (2, -2), (2, -6), (12, 0), (2, 6), (2, 2), (-12, 2)]
