/// The pen a `Shape` traces its outline with, in surface pixels (the shape applies its transform first).
///
/// Contours are always closed: `move(to:)` and the end of tracing close the open one. Curves and arcs are
/// flattened to lines no farther than `tolerance` from the true curve; arcs put their vertices slightly outside
/// the circle so the polygon has the circle's exact area.
public struct Outline {
    var accumulator: CoverageAccumulator
    /// Largest distance, in pixels, between a curve and the lines that stand for it.
    public let tolerance: Double
    /// Lines curves and arcs may still be cut into: past it they are drawn as chords, so absurd input (a
    /// million huge curves) costs time in proportion to its size, never hours.
    private var segmentBudget = 1 << 22
    private var start = PixelPoint.zero
    private var current = PixelPoint.zero
    private var isOpen = false

    init(accumulator: CoverageAccumulator, tolerance: Double) {
        self.accumulator = accumulator
        self.tolerance = tolerance
    }

    /// Starts a new contour at `point`, closing the previous one.
    public mutating func move(to point: PixelPoint) {
        close()
        start = point
        current = point
        isOpen = true
    }

    public mutating func line(to point: PixelPoint) {
        if !isOpen {
            start = current
            isOpen = true
        }
        accumulator.addLine(current.x, current.y, point.x, point.y)
        current = point
    }

    /// Joins the current point back to the contour's start.
    public mutating func close() {
        if isOpen {
            accumulator.addLine(current.x, current.y, start.x, start.y)
            isOpen = false
        }
        current = start
    }

    /// A quadratic Bézier from the current point.
    public mutating func quadCurve(to end: PixelPoint, control: PixelPoint) {
        let p0 = current
        if isOutsideBand(p0, control, end, end) { return line(to: end) }
        // Wang's bound: n segments keep the flattening within tolerance.
        let ddx = p0.x - 2 * control.x + end.x, ddy = p0.y - 2 * control.y + end.y
        let n = segments(forSecondDifference: (ddx * ddx + ddy * ddy).squareRoot() * 0.25)
        let dt = 1 / Double(n)
        for i in 1..<n {
            let t = Double(i) * dt, u = 1 - t
            let a = u * u, b = 2 * u * t, c = t * t
            line(to: PixelPoint(x: a * p0.x + b * control.x + c * end.x, y: a * p0.y + b * control.y + c * end.y))
        }
        line(to: end)
    }

    /// A cubic Bézier from the current point.
    public mutating func curve(to end: PixelPoint, control1 c1: PixelPoint, control2 c2: PixelPoint) {
        let p0 = current
        if isOutsideBand(p0, c1, c2, end) { return line(to: end) }
        let d1x = p0.x - 2 * c1.x + c2.x, d1y = p0.y - 2 * c1.y + c2.y
        let d2x = c1.x - 2 * c2.x + end.x, d2y = c1.y - 2 * c2.y + end.y
        let m = max(d1x * d1x + d1y * d1y, d2x * d2x + d2y * d2y).squareRoot()
        let n = segments(forSecondDifference: m * 0.75)
        let dt = 1 / Double(n)
        for i in 1..<n {
            let t = Double(i) * dt, u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            line(to: PixelPoint(x: a * p0.x + b * c1.x + c * c2.x + d * end.x,
                                y: a * p0.y + b * c1.y + c * c2.y + d * end.y))
        }
        line(to: end)
    }

    /// The arc centre + u·cos t + v·sin t for t from `start` through `start + sweep` (signed), in surface
    /// pixels: `u` and `v` are the transformed radius vectors of an ellipse. Joins it to the current point
    /// with a line unless `startsContour`.
    mutating func arc(center: PixelPoint, u: PixelPoint, v: PixelPoint, start: Double, sweep: Double,
                      startsContour: Bool) {
        if exactCircularArc(center: center, u: u, v: v, start: start, sweep: sweep, startsContour: startsContour) {
            return
        }
        var plan = arcPlan(radius: Self.largestRadius(u, v), sweep: sweep)
        if segmentBudget <= 0 { plan = makeArcPlan(radius: 0, sweep: sweep) }
        segmentBudget -= plan.count
        let (s0, c0) = start == 0 ? (0, 1) : sineCosine(start)
        // A full turn ends where it began; otherwise place the end exactly rather than by rotating.
        let (s1, c1) = abs(sweep) == 2 * Double.pi ? (s0, c0) : sineCosine(start + sweep)
        let k = plan.scale
        let box = ShapeBounds(arcAround: center, u: PixelPoint(x: u.x * k, y: u.y * k),
                              v: PixelPoint(x: v.x * k, y: v.y * k), start: start, sweep: sweep,
                              startSinCos: (s0, c0), endSinCos: (s1, c1))
        arc(center: center, u: u, v: v, startCos: c0, startSin: s0, plan: plan, startsContour: startsContour,
            exactStart: false, box: box)
        line(to: PixelPoint(x: center.x + k * (u.x * c1 + v.x * s1), y: center.y + k * (u.y * c1 + v.y * s1)))
    }

    /// How an arc of `sweep` radians on an ellipse whose longest radius is `radius` is cut into chords.
    struct ArcPlan {
        var count: Int
        var cosStep: Double
        var sinStep: Double
        /// Vertices sit on an ellipse this much larger, so the polygon has the same area as the arc's sector.
        var scale: Double
    }

    func arcPlan(radius: Double, sweep: Double) -> ArcPlan {
        let scratch = accumulator.scratch
        let key = scratch.pointee.planKey
        if key.radius == radius && key.sweep == sweep && key.tolerance == tolerance { return scratch.pointee.plan }
        let plan = makeArcPlan(radius: radius, sweep: sweep)
        scratch.pointee.planKey = (radius, sweep, tolerance)
        scratch.pointee.plan = plan
        return plan
    }

    private func makeArcPlan(radius: Double, sweep: Double) -> ArcPlan {
        // A chord of a circle of radius R strays R(1 − cos(θ/2)) from it; pick θ for that to be the tolerance:
        // θ = 2·acos(1 − x) with x = tolerance/R, whose series 2·√(2x)·(1 + x/12 + …) never exceeds it when
        // cut short.
        let turn = abs(sweep)
        var n = 1
        let x = tolerance / radius
        if x < 0.5 {
            let theta = 2 * (2 * x).squareRoot() * (1 + x / 12)
            let count = min(turn / theta, 65536)
            n = Int(count)
            if Double(n) < count { n += 1 }
        }
        // At least one chord per quarter turn, so the step's sine and cosine stay well conditioned.
        let quarters = turn * (2 / Double.pi)
        var q = Int(min(quarters, 65536))
        if Double(q) < quarters { q += 1 }
        n = max(n, q, 1)
        let step = sweep / Double(n)
        let (s, c) = sineCosine(step)
        let scale = abs(step) < 1e-6 ? 1 : (step / s).squareRoot()
        return ArcPlan(count: n, cosStep: c, sinStep: s, scale: scale)
    }

    /// The arc from the angle whose cosine and sine are given, through `plan`, stopping one chord short of
    /// its end (the caller knows the end exactly; rotating there would drift). With `exactStart` the first
    /// vertex stays on the true ellipse, where a straight side joins it (rounded rectangles).
    ///
    /// `box`, if given, holds the arc (with vertices where the plan puts them); the whole ellipse's otherwise.
    mutating func arc(center: PixelPoint, u: PixelPoint, v: PixelPoint, startCos: Double, startSin: Double,
                      plan: ArcPlan, startsContour: Bool, exactStart: Bool, box: ShapeBounds? = nil) {
        if exactStart && plan.count >= 2 && (startCos == 0 || startSin == 0), let box,
           exactQuarter(center: center, u: u, v: v, startCos: startCos, startSin: startSin,
                        startsContour: startsContour, box: box) {
            return
        }
        let ux = u.x * plan.scale, uy = u.y * plan.scale, vx = v.x * plan.scale, vy = v.y * plan.scale
        let cs = plan.cosStep, sn = plan.sinStep
        var c = startCos, s = startSin
        let first = exactStart ? PixelPoint(x: center.x + u.x * c + v.x * s, y: center.y + u.y * c + v.y * s)
            : PixelPoint(x: center.x + ux * c + vx * s, y: center.y + uy * c + vy * s)
        if startsContour { move(to: first) } else { line(to: first) }
        if plan.count < 2 { return }
        let hx = abs(ux) + abs(vx), hy = abs(uy) + abs(vy)
        let minX = box?.minX ?? center.x - hx, minY = box?.minY ?? center.y - hy
        let maxX = box?.maxX ?? center.x + hx, maxY = box?.maxY ?? center.y + hy
        // An arc wholly above, below, left or right of the band changes its pixels exactly as its chord does,
        // and the caller's line to the arc's end is that chord.
        if accumulator.isOutside(minX: minX, minY: minY, maxX: maxX, maxY: maxY) { return }
        if let top = accumulator.interiorTop(minX: minX, minY: minY, maxX: maxX, maxY: maxY) {
            // The whole arc is inside the band (the usual case): no clipping, band coordinates in Float.
            let cx = center.x - accumulator.originX, cy = center.y - top
            var px = Float(first.x - accumulator.originX), py = Float(first.y - top)
            var x = 0.0, y = 0.0
            for _ in 1..<plan.count {
                let nc = c * cs - s * sn
                s = s * cs + c * sn
                c = nc
                x = cx + ux * c + vx * s
                y = cy + uy * c + vy * s
                let fx = Float(x), fy = Float(y)
                accumulator.addInteriorLine(px, py, fx, fy)
                px = fx
                py = fy
            }
            current = PixelPoint(x: x + accumulator.originX, y: y + top)
            return
        }
        for _ in 1..<plan.count {
            let nc = c * cs - s * sn
            s = s * cs + c * sn
            c = nc
            line(to: PixelPoint(x: center.x + ux * c + vx * s, y: center.y + uy * c + vy * s))
        }
    }

    /// The radius when u and v span a circle with axis-aligned radii (equal lengths) small enough for exact
    /// arcs to pay; nil otherwise. An exact arc costs a piece per pixel line crossed, chords a few per cell
    /// crossed but many fewer cells: measured, chords win from a radius of about 16 on.
    @inline(__always)
    static func circleRadius(_ u: PixelPoint, _ v: PixelPoint) -> Double? {
        guard u.y == 0, v.x == 0, abs(u.x) == abs(v.y), abs(u.x) > 0, abs(u.x) <= exactArcRadiusLimit else {
            return nil
        }
        return abs(u.x)
    }

    static let exactArcRadiusLimit = 16.0

    /// The arc of `arc(center:u:v:start:sweep:startsContour:)` traced exactly, without flattening, when the
    /// ellipse is a circle with axis-aligned radii and the arc lies inside the band (the usual case of dots,
    /// pies and spinners); false, having done nothing, otherwise. The arc is cut at the quarter turns, where
    /// its direction in x or y changes.
    private mutating func exactCircularArc(center: PixelPoint, u: PixelPoint, v: PixelPoint, start: Double,
                                           sweep: Double, startsContour: Bool) -> Bool {
        guard let r = Self.circleRadius(u, v), abs(start) < 1e6, abs(sweep) <= 2 * Double.pi, sweep != 0 else {
            return false
        }
        let (s0, c0) = start == 0 ? (0, 1) : sineCosine(start)
        let (s1, c1) = abs(sweep) == 2 * Double.pi ? (s0, c0) : sineCosine(start + sweep)
        let box = ShapeBounds(arcAround: center, u: u, v: v, start: start, sweep: sweep, startSinCos: (s0, c0),
                              endSinCos: (s1, c1))
            ?? ShapeBounds(minX: center.x - r, minY: center.y - r, maxX: center.x + r, maxY: center.y + r)
        guard let top = exactArcTop(box) else { return false }
        let first = PixelPoint(x: center.x + u.x * c0, y: center.y + v.y * s0)
        if startsContour { move(to: first) } else { line(to: first) }
        if top.isNaN {
            // Wholly outside the band: its chord changes the band's pixels as the arc does.
            line(to: PixelPoint(x: center.x + u.x * c1, y: center.y + v.y * s1))
            return true
        }
        let left = accumulator.originX
        let cx = center.x - left, cy = center.y - top, ux = u.x, vy = v.y
        let segment = ArcSegmentArea(radius: r), r2 = r * r
        var px = first.x - left, py = first.y - top
        // Quarter turns strictly inside the sweep, in its direction.
        let quarter = Double.pi / 2, end = start + sweep
        var k = sweep > 0 ? Int((start / quarter).rounded(.down)) + 1 : Int((start / quarter).rounded(.up)) - 1
        while sweep > 0 ? Double(k) * quarter < end : Double(k) * quarter > end {
            let (c, s): (Double, Double)
            switch k & 3 {
            case 0: (c, s) = (1, 0)
            case 1: (c, s) = (0, 1)
            case 2: (c, s) = (-1, 0)
            default: (c, s) = (0, -1)
            }
            let qx = cx + ux * c, qy = cy + vy * s
            accumulator.addQuarterArc(cx: cx, cy: cy, r2: r2, segment: segment, px, py, qx, qy)
            px = qx
            py = qy
            k += sweep > 0 ? 1 : -1
        }
        let qx = cx + ux * c1, qy = cy + vy * s1
        accumulator.addQuarterArc(cx: cx, cy: cy, r2: r2, segment: segment, px, py, qx, qy)
        current = PixelPoint(x: qx + left, y: qy + top)
        return true
    }

    /// Where an exact arc whose box is `box` is measured from: the surface y of the band row its coordinates
    /// start at; NaN when the arc lies wholly outside the band (its chord does as well); nil when it must be
    /// flattened instead: across a band's gap, or so large that walking all its pixel crossings would cost
    /// more than the chords.
    @inline(__always)
    private func exactArcTop(_ box: ShapeBounds) -> Double? {
        if let top = accumulator.interiorTop(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY) {
            return top
        }
        if accumulator.isOutside(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY) { return .nan }
        guard accumulator.gapRows == 0, box.maxX - box.minX + box.maxY - box.minY < 16384 else { return nil }
        return accumulator.originY
    }

    /// A rounded rectangle's corner traced exactly: the quarter turn from the axis direction (startCos,
    /// startSin) to that direction turned by +π/2, when the ellipse is an axis-aligned circle and `box` (which
    /// holds the quarter) lies inside the band; false, having done nothing, otherwise.
    private mutating func exactQuarter(center: PixelPoint, u: PixelPoint, v: PixelPoint, startCos c: Double,
                                       startSin s: Double, startsContour: Bool, box: ShapeBounds) -> Bool {
        guard let r = Self.circleRadius(u, v), let top = exactArcTop(box) else { return false }
        let first = PixelPoint(x: center.x + u.x * c, y: center.y + v.y * s)
        if startsContour { move(to: first) } else { line(to: first) }
        if top.isNaN { return true }
        let left = accumulator.originX
        let cx = center.x - left, cy = center.y - top
        let px = first.x - left, py = first.y - top
        let qx = cx + u.x * -s, qy = cy + v.y * c
        accumulator.addQuarterArc(cx: cx, cy: cy, r2: r * r, segment: ArcSegmentArea(radius: r), px, py, qx, qy)
        current = PixelPoint(x: qx + left, y: qy + top)
        return true
    }

    /// Segments needed for a curve whose control polygon bends by `m` (scaled second difference).
    private mutating func segments(forSecondDifference m: Double) -> Int {
        guard m.isFinite, segmentBudget > 0 else { return 1 }
        let n = Int(min(max((m / tolerance).squareRoot().rounded(.up), 1), 4096))
        segmentBudget -= n
        return n
    }

    /// A curve whose control points all lie above, below or right of the band changes no pixel of it but by
    /// the winding its end points give, which its chord gives just as well.
    private func isOutsideBand(_ a: PixelPoint, _ b: PixelPoint, _ c: PixelPoint, _ d: PixelPoint) -> Bool {
        accumulator.isOutside(minX: min(a.x, b.x, c.x, d.x), minY: min(a.y, b.y, c.y, d.y),
                              maxX: max(a.x, b.x, c.x, d.x), maxY: max(a.y, b.y, c.y, d.y))
    }

    /// Largest singular value of the 2x2 matrix [u v]: the longest radius of the ellipse they span.
    static func largestRadius(_ u: PixelPoint, _ v: PixelPoint) -> Double {
        let sum = u.x * u.x + u.y * u.y + v.x * v.x + v.y * v.y
        let det = u.x * v.y - u.y * v.x
        return ((sum + max(0, sum * sum - 4 * det * det).squareRoot()) / 2).squareRoot()
    }
}
