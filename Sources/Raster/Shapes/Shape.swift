/// Something `Surface.fill(_:color:transform:clip:rule:)` can paint: a closed outline in pixel units.
public protocol Shape: Sendable {
    /// A box holding the whole outline once transformed; nil when there is nothing to draw (an empty or
    /// non-finite shape). It may be loose but never too small.
    func bounds(under transform: AffineTransform) -> ShapeBounds?

    /// Traces the outline, transformed, into `outline` as closed contours. Called once per band of rows
    /// drawn, so it should be cheap and must not draw itself.
    func trace(under transform: AffineTransform, into outline: inout Outline)

    /// Paints the shape onto `surface` (see `Surface.fill(_:color:transform:clip:rule:)`). The default traces
    /// the outline through the general rasterizer; shapes with a faster painter of their own (circles, rounded
    /// rectangles, pies on the axes) answer with it. A requirement, not only an overload, so that a shape
    /// reached through generics or `any Shape` (a component drawing what it was given) still takes its fast path.
    func paint(onto surface: Surface, color: Color, transform: AffineTransform, clip: PixelRect?, rule: FillRule)
}

extension Shape {
    public func paint(onto surface: Surface, color: Color, transform: AffineTransform, clip: PixelRect?,
                      rule: FillRule) {
        surface.rasterize(self, color: color, transform: transform, clip: clip, rule: rule)
    }
}

/// An axis-aligned box in fractional pixels.
public struct ShapeBounds: Hashable, Sendable {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The box of an ellipse centred at `center` with transformed radius vectors `u` and `v`.
    init(center: PixelPoint, u: PixelPoint, v: PixelPoint) {
        let hx = (u.x * u.x + v.x * v.x).squareRoot(), hy = (u.y * u.y + v.y * v.y).squareRoot()
        self.init(minX: center.x - hx, minY: center.y - hy, maxX: center.x + hx, maxY: center.y + hy)
    }

    /// A box holding the arc centre + u·cos t + v·sin t for t from `start` through `start + sweep`, given
    /// the sine and cosine of both ends. Tight when the ellipse is axis-aligned (its extremes are then at
    /// quarter turns); nil otherwise, or for a full turn.
    init?(arcAround center: PixelPoint, u: PixelPoint, v: PixelPoint, start: Double, sweep: Double,
          startSinCos: (Double, Double), endSinCos: (Double, Double)) {
        guard u.y == 0, v.x == 0, abs(sweep) < 2 * Double.pi, abs(start) < 1e6 else { return nil }
        let (s0, c0) = startSinCos, (s1, c1) = endSinCos
        var minX = min(c0 * u.x, c1 * u.x), maxX = max(c0 * u.x, c1 * u.x)
        var minY = min(s0 * v.y, s1 * v.y), maxY = max(s0 * v.y, s1 * v.y)
        // Quarter turns inside the sweep are where x or y peaks.
        let quarter = Double.pi / 2
        let lo = min(start, start + sweep) / quarter, hi = max(start, start + sweep) / quarter
        var k = Int(lo.rounded(.up))
        while Double(k) <= hi {
            let c: Double, s: Double
            switch k & 3 {
            case 0: (c, s) = (1, 0)
            case 1: (c, s) = (0, 1)
            case 2: (c, s) = (-1, 0)
            default: (c, s) = (0, -1)
            }
            minX = min(minX, c * u.x)
            maxX = max(maxX, c * u.x)
            minY = min(minY, s * v.y)
            maxY = max(maxY, s * v.y)
            k += 1
        }
        self.init(minX: center.x + minX, minY: center.y + minY, maxX: center.x + maxX, maxY: center.y + maxY)
    }

    /// The box of `points`; nil if there are none or one is not finite.
    init?(points: some Sequence<PixelPoint>) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            guard p.isFinite else { return nil }
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        guard minX <= maxX else { return nil }
        self.init(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    public var isFinite: Bool { minX.isFinite && minY.isFinite && maxX.isFinite && maxY.isFinite }
}

extension Surface {
    /// Paints `shape` in `color` (premultiplied), source-over, anti-aliased by exact area coverage.
    ///
    /// The shape is mapped by `transform`, then clipped to the surface and to `clip`; only the rows and columns
    /// its bounds reach are visited. Non-finite or empty shapes draw nothing. Whatever the static type, the
    /// shape's own painter runs (`Shape.paint`), so circles and rounded rectangles drawn through a protocol are
    /// as fast as when named.
    public func fill(_ shape: some Shape, color: Color, transform: AffineTransform = .identity,
                     clip: PixelRect? = nil, rule: FillRule = .nonZero) {
        shape.paint(onto: self, color: color, transform: transform, clip: clip, rule: rule)
    }

    /// Paints `shape` through the general rasterizer: its traced outline, band by band.
    func rasterize(_ shape: some Shape, color: Color, transform: AffineTransform, clip: PixelRect?,
                   rule: FillRule) {
        if color.argb == 0 { return }
        guard let region = region(of: shape, transform: transform, clip: clip) else { return }
        ShapeRasterizer.fill(shape, transform: transform, region: region, surface: self, color: color, rule: rule)
    }

    /// The pixels the transformed shape's bounds reach within the surface and `clip`; nil if none.
    func region(of shape: some Shape, transform: AffineTransform, clip: PixelRect?) -> PixelRect? {
        guard transform.isFinite, let box = shape.bounds(under: transform) else { return nil }
        return region(containing: box, clip: clip)
    }

    /// The pixels `box` reaches within the surface and `clip`; nil if none.
    func region(containing box: ShapeBounds, clip: PixelRect?) -> PixelRect? {
        guard box.isFinite else { return nil }
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        if area.isEmpty { return nil }
        // Clamp in Double before converting, so huge coordinates never overflow Int; the clamped values are
        // ≥ 0, so truncation is floor.
        let pad = ShapeRasterizer.tolerance
        let x0 = Int(min(max(Double(area.minX), box.minX - pad), Double(area.maxX)))
        let y0 = Int(min(max(Double(area.minY), box.minY - pad), Double(area.maxY)))
        let x1 = Self.ceiling(min(Double(area.maxX), box.maxX + pad))
        let y1 = Self.ceiling(min(Double(area.maxY), box.maxY + pad))
        guard x0 < x1, y0 < y1 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// ⌈v⌉ for v < 2⁶³ (0 for negatives), without a libm call.
    @inline(__always)
    static func ceiling(_ v: Double) -> Int {
        let t = Int(max(v, 0))
        return Double(t) < v ? t + 1 : t
    }
}

/// Runs the accumulator over a region of the surface, in bands small enough for the scratch memory.
enum ShapeRasterizer {
    /// Flattening tolerance in pixels: the largest per-pixel coverage error it allows measures under 5/255.
    static let tolerance = 1.0 / 32

    /// The rows of `region` outside `gap` (a range of rows inside it), in one pass when they fit one band.
    static func fill(_ shape: some Shape, transform: AffineTransform, region: PixelRect, skipping gap: Range<Int>,
                     surface: Surface, color: Color, rule: FillRule) {
        let rows = region.height - gap.count
        if rows <= 0 { return }
        if (region.width + 2) * rows > CoverageScratch.maximumCells || gap.isEmpty {
            let above = PixelRect(x: region.x, y: region.y, width: region.width, height: gap.lowerBound - region.y)
            let below = PixelRect(x: region.x, y: gap.upperBound, width: region.width,
                                  height: region.maxY - gap.upperBound)
            for part in [above, below] where !part.isEmpty {
                fill(shape, transform: transform, region: part, surface: surface, color: color, rule: rule)
            }
            return
        }
        let scratch = CoverageScratch.current(
            cells: CoverageAccumulator.cellsNeeded(width: region.width, height: rows), rows: rows)
        let accumulator = CoverageAccumulator(scratch: scratch, originX: region.minX, originY: region.minY,
                                              width: region.width, height: rows, skipping: gap)
        var outline = Outline(accumulator: accumulator, tolerance: tolerance)
        shape.trace(under: transform, into: &outline)
        outline.close()
        outline.accumulator.paint(onto: surface, color: color, rule: rule)
    }

    static func fill(_ shape: some Shape, transform: AffineTransform, region: PixelRect, surface: Surface,
                     color: Color, rule: FillRule) {
        let bandHeight = max(1, min(region.height, CoverageScratch.maximumCells / (region.width + 2)))
        let scratch = CoverageScratch.current(
            cells: CoverageAccumulator.cellsNeeded(width: region.width, height: bandHeight), rows: bandHeight)
        var top = region.minY
        while top < region.maxY {
            let height = min(bandHeight, region.maxY - top)
            let accumulator = CoverageAccumulator(scratch: scratch, originX: region.minX, originY: top,
                                                  width: region.width, height: height)
            var outline = Outline(accumulator: accumulator, tolerance: tolerance)
            shape.trace(under: transform, into: &outline)
            outline.close()
            outline.accumulator.paint(onto: surface, color: color, rule: rule)
            top += height
        }
    }
}
