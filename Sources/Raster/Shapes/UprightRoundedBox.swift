/// A box with circular corners of one radius whose sides run along the pixel axes: a circle, a capsule or a
/// rounded rectangle drawn without rotation. Such a shape is painted row by row, top to bottom, each pixel's
/// exact area coverage worked out directly from the geometry: no edge list, no coverage cells, one pass over
/// the surface's memory.
///
/// Within one pixel row the shape is cut into at most three strips: rows of the top corners, straight rows,
/// rows of the bottom corners. In a strip the half-width w changes monotonically, and the area of the shape
/// left of a vertical line x is known in closed form: 0 left of the widest point; in the corner, the right
/// triangle between the line, the strip's wide edge and the arc, plus the circular segment between that
/// triangle's long side and the arc; then growing by the strip's height per unit of x across the middle; the
/// mirror image on the right. A pixel's coverage is the difference of that area at its two sides.
struct UprightRoundedBox {
    /// Centres of the corner circles: x of the left and right ones, y of the top and bottom ones.
    let left: Double, right: Double, top: Double, bottom: Double
    let radius: Double
    private let r2: Double
    let segment: ArcSegmentArea

    /// Sizes beyond this (or centres further out) go to the general rasterizer, where the square roots of
    /// differences of squares would lose precision.
    static let largestRadius = 65536.0
    static let farthestCentre = 1e7

    init?(left: Double, right: Double, top: Double, bottom: Double, radius: Double) {
        guard radius >= 0, radius <= Self.largestRadius, left <= right, top <= bottom,
              abs(left) <= Self.farthestCentre, abs(right) <= Self.farthestCentre,
              abs(top) <= Self.farthestCentre, abs(bottom) <= Self.farthestCentre else { return nil }
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
        self.radius = radius
        r2 = radius * radius
        segment = ArcSegmentArea(radius: max(radius, 1e-6))
    }

    /// The circle of `radius` about `center` once transformed, when the transform keeps it an upright circle (no
    /// turn or shear, equal scales, either axis perhaps mirrored); nil otherwise, or past the sizes it takes.
    init?(circle center: PixelPoint, radius: Double, under transform: AffineTransform) {
        guard transform.b == 0, transform.c == 0, abs(transform.a) == abs(transform.d) else { return nil }
        let c = transform.apply(center)
        self.init(left: c.x, right: c.x, top: c.y, bottom: c.y, radius: abs(transform.a) * radius)
    }

    /// Part of a pixel row where the half-width w runs monotonically from `narrow` to `wide`; `wideOffset`
    /// is the distance from the corner centres' row to the wide edge (0 for straight rows).
    struct Strip {
        var height: Double
        var narrow: Double
        var wide: Double
        var wideOffset: Double
        /// Area left of the narrowest point's vertical, on one side.
        var corner: Double
    }

    /// Area of the strip left of the line at distance `a` outside the corner centre (narrow ≤ a ≤ wide):
    /// the triangle between the line, the wide edge and the arc, plus the circular segment.
    @inline(__always)
    func cornerArea(_ a: Double, _ s: Strip) -> Double {
        if a >= s.wide { return 0 }
        return cornerArea(a, crossing: max(r2 - a * a, 0).squareRoot(), s)
    }

    /// The same for a line known to lie strictly between the narrow and wide ends, where the line meets the arc
    /// within the strip (at `crossing`): no clamping of the triangle's height (a rounding error's worth past an
    /// end is harmless).
    @inline(__always)
    func cornerAreaInside(_ a: Double, crossing: Double, _ s: Strip) -> Double {
        if radius < ArcSegmentArea.sineSeriesRadius { return cornerArea(a, crossing: crossing, s) }
        let legV = crossing - s.wideOffset, legH = s.wide - a
        return 0.5 * legH * legV + segment.area(a, crossing, s.wide, s.wideOffset)
    }

    /// The same, given where the line meets the arc: `crossing` from the corner centres' row.
    @inline(__always)
    private func cornerArea(_ a: Double, crossing: Double, _ s: Strip) -> Double {
        let legV = min(max(crossing - s.wideOffset, 0), s.height), legH = s.wide - a
        if radius >= ArcSegmentArea.sineSeriesRadius {
            // Both ends of the chord lie on the arc: the segment follows from the sine of the angle between them.
            return 0.5 * legH * legV + segment.area(a, s.wideOffset + legV, s.wide, s.wideOffset)
        }
        // Chords too short to matter are zeroed: their cube would underflow into slow subnormal arithmetic.
        let exact = legH * legH + legV * legV
        let chord2 = Float(exact > 1e-9 ? exact : 0)
        return 0.5 * legH * legV + Double(segment.area(chordSquared: chord2))
    }

    /// The strip's area left of x.
    @inline(__always)
    func areaLeft(of x: Double, _ s: Strip) -> Double {
        if x <= left - s.wide { return 0 }
        let narrowLeft = left - s.narrow
        if x < narrowLeft { return cornerArea(left - x, s) }
        let narrowRight = right + s.narrow
        if x <= narrowRight { return s.corner + (x - narrowLeft) * s.height }
        let total = 2 * s.corner + (narrowRight - narrowLeft) * s.height
        if x < right + s.wide { return total - cornerArea(x - right, s) }
        return total
    }

    /// A corner strip, given its half-widths at both edges.
    @inline(__always)
    private func strip(height: Double, narrowOffset: Double, narrow: Double, wideOffset: Double,
                       wide: Double) -> Strip {
        var s = Strip(height: height, narrow: narrow, wide: wide, wideOffset: wideOffset, corner: 0)
        if narrow < wide { s.corner = cornerArea(narrow, crossing: min(narrowOffset, radius), s) }
        return s
    }

    /// Half-width at `offset` from the corner centres' row.
    @inline(__always)
    func halfWidth(_ offset: Double) -> Double { max(r2 - offset * offset, 0).squareRoot() }

    /// The half-width at the edge one row shares with the next, carried so it is worked out once.
    struct CarriedWidth {
        var offset = -1.0, width = 0.0
    }

    /// The half-widths (upper, lower) at a strip's upper and lower edges, given their offsets from the corner
    /// centres' row. The upper edge is the lower edge of the row above, so its width is carried rather than worked
    /// out again; the lower edge's is carried on to the next row.
    @inline(__always)
    private func edgeWidths(upper: Double, lower: Double, _ carried: inout CarriedWidth) -> (Double, Double) {
        let upperWidth = upper == carried.offset ? carried.width : halfWidth(upper)
        let lowerWidth = halfWidth(lower)
        carried = CarriedWidth(offset: lower, width: lowerWidth)
        return (upperWidth, lowerWidth)
    }

    /// The top corners' strip from `start` to `end`: w grows downwards, narrow at the top.
    @inline(__always)
    func topStrip(_ start: Double, _ end: Double, _ carried: inout CarriedWidth) -> Strip {
        let narrowOffset = top - start, wideOffset = top - end
        let (narrow, wide) = edgeWidths(upper: narrowOffset, lower: wideOffset, &carried)
        return strip(height: end - start, narrowOffset: narrowOffset, narrow: narrow, wideOffset: wideOffset,
                     wide: wide)
    }

    /// The bottom corners' strip from `start` to `end`: w shrinks downwards, wide at the top.
    @inline(__always)
    func bottomStrip(_ start: Double, _ end: Double, _ carried: inout CarriedWidth) -> Strip {
        let narrowOffset = end - bottom, wideOffset = start - bottom
        let (wide, narrow) = edgeWidths(upper: wideOffset, lower: narrowOffset, &carried)
        return strip(height: end - start, narrowOffset: narrowOffset, narrow: narrow, wideOffset: wideOffset,
                     wide: wide)
    }

    /// Paints the shape's pixels within `region` (rows and columns of the surface) in a premultiplied colour.
    func paint(onto surface: Surface, region: PixelRect, color: Color) {
        let src = color.argb
        let scratch = CoverageScratch.current(cells: 0, rows: 0)
        let painter = PixelPainter(src: src, evenOdd: false, tints: scratch.pointee.tints(of: src))
        let crossings = Crossings(left: left, right: right, radius: radius, table: scratch.pointee.crossings)
        let minX = Double(region.minX), maxX = Double(region.maxX)
        let empty = Strip(height: 0, narrow: 0, wide: 0, wideOffset: 0, corner: 0)
        // Whole rows between the corners are all alike: worked out once, then repeated.
        let straightFirst = Int(min(max(top.rounded(.up), Double(region.minY)), Double(region.maxY)))
        let straightEnd = max(straightFirst, Int(min(max(bottom.rounded(.down), Double(region.minY)),
                                                     Double(region.maxY))))
        var y = region.minY
        var carried = CarriedWidth()
        // Rows wholly within the top corners (y + 1 ≤ top) or wholly within the bottom ones (y ≥ bottom) hold one
        // strip: most rows of a circle, painted without the mixing of strips that the rows between need.
        let topRowsEnd = Int(min(max(top.rounded(.down), Double(region.minY)), Double(region.maxY)))
        let bottomRowsStart = max(topRowsEnd, Int(min(max(bottom.rounded(.up), Double(region.minY)),
                                                      Double(region.maxY))))
        paintCornerRows(region.minY..<topRowsEnd, upper: true, surface, minX, maxX, painter, crossings, &carried)
        y = topRowsEnd
        while y < bottomRowsStart {
            if y == straightFirst && straightFirst < straightEnd {
                surface.paintStraightRows(straightFirst..<straightEnd, left: left - radius, right: right + radius,
                                          minX: minX, maxX: maxX, painter: painter)
                y = straightEnd
                continue
            }
            defer { y += 1 }
            let y0 = Double(y), y1 = y0 + 1
            var count = 0
            var height = 0.0
            var s0 = empty, s1 = empty, s2 = empty
            @inline(__always) func append(_ s: Strip) {
                switch count {
                case 0: s0 = s
                case 1: s1 = s
                default: s2 = s
                }
                count += 1
                height += s.height
            }
            let topStart = max(y0, top - radius), topEnd = min(y1, top)
            if topStart < topEnd { append(topStrip(topStart, topEnd, &carried)) }
            let midStart = max(y0, top), midEnd = min(y1, bottom)
            if midStart < midEnd {
                append(Strip(height: midEnd - midStart, narrow: radius, wide: radius, wideOffset: 0, corner: 0))
            }
            let bottomStart = max(y0, bottom), bottomEnd = min(y1, bottom + radius)
            if bottomStart < bottomEnd { append(bottomStrip(bottomStart, bottomEnd, &carried)) }
            if count == 0 { continue }
            let row = surface.row(y)
            if count == 1 {
                paintRow(row, s0, minX, maxX, painter, crossings)
                continue
            }
            // Edge pixels: those the left or right boundary passes through in some strip.
            var outerLeft = min(left - s0.wide, left - s1.wide), innerLeft = max(left - s0.narrow, left - s1.narrow)
            var innerRight = min(right + s0.narrow, right + s1.narrow)
            var outerRight = max(right + s0.wide, right + s1.wide)
            if count > 2 {
                outerLeft = min(outerLeft, left - s2.wide)
                innerLeft = max(innerLeft, left - s2.narrow)
                innerRight = min(innerRight, right + s2.narrow)
                outerRight = max(outerRight, right + s2.wide)
            }
            @inline(__always) func area(_ x: Double) -> Double {
                var sum = areaLeft(of: x, s0) + areaLeft(of: x, s1)
                if count > 2 { sum += areaLeft(of: x, s2) }
                return sum
            }
            let leftFirst = Self.column(outerLeft, minX, maxX, up: false)
            var leftEnd = Self.column(innerLeft, minX, maxX, up: true)
            var rightFirst = Self.column(innerRight, minX, maxX, up: false)
            let rightEnd = Self.column(outerRight, minX, maxX, up: true)
            if leftEnd >= rightFirst {
                leftEnd = rightEnd
                rightFirst = rightEnd
            }
            edgePixels(row, leftFirst, leftEnd, painter, area)
            if leftEnd < rightFirst {
                painter.span(row + leftEnd, count: rightFirst - leftEnd, coverage: Float(height))
                edgePixels(row, rightFirst, rightEnd, painter, area)
            }
        }
        paintCornerRows(y..<region.maxY, upper: false, surface, minX, maxX, painter, crossings, &carried)
    }

    /// Rows of the top corners (`upper`) or of the bottom ones, one strip each: those the flat loop takes by it
    /// (`paintWholeRows`), the others one by one. Methods given everything, not closures within `paint`: one
    /// capturing `carried` was not inlined and put it in a heap box on every call, a tenth of a small circle's time.
    @inline(__always)
    private func paintCornerRows(_ rows: Range<Int>, upper: Bool, _ surface: Surface, _ minX: Double, _ maxX: Double,
                                 _ painter: PixelPainter, _ crossings: Crossings?, _ carried: inout CarriedWidth) {
        guard radius >= Self.wholeRowsRadius, let whole = wholeRows(rows, upper: upper, minX, maxX, painter, crossings)
        else {
            return paintCornerRowsOneByOne(rows, upper: upper, surface, minX, maxX, painter, crossings, &carried)
        }
        paintCornerRowsOneByOne(rows.lowerBound..<whole.lowerBound, upper: upper, surface, minX, maxX, painter,
                                crossings, &carried)
        paintWholeRows(whole, upper: upper, surface, painter, crossings, &carried)
        paintCornerRowsOneByOne(whole.upperBound..<rows.upperBound, upper: upper, surface, minX, maxX, painter,
                                crossings, &carried)
    }

    private func paintCornerRowsOneByOne(_ rows: Range<Int>, upper: Bool, _ surface: Surface, _ minX: Double,
                                         _ maxX: Double, _ painter: PixelPainter, _ crossings: Crossings?,
                                         _ carried: inout CarriedWidth) {
        for y in rows {
            let y0 = Double(y), y1 = y0 + 1
            if upper {
                let topStart = max(y0, top - radius)
                if topStart < y1 {
                    paintRow(surface.row(y), topStrip(topStart, y1, &carried), minX, maxX, painter, crossings)
                }
            } else {
                let bottomEnd = min(y1, bottom + radius)
                if y0 < bottomEnd {
                    paintRow(surface.row(y), bottomStrip(y0, bottomEnd, &carried), minX, maxX, painter, crossings)
                }
            }
        }
    }

    /// A row holding one strip, the usual case: its left edge, full span and right edge.
    @inline(__always)
    func paintRow(_ row: UnsafeMutablePointer<UInt32>, _ s: Strip, _ minX: Double, _ maxX: Double,
                  _ painter: PixelPainter, _ crossings: Crossings?) {
        let outerLeft = left - s.wide, innerLeft = left - s.narrow
        let innerRight = right + s.narrow, outerRight = right + s.wide
        let h = s.height
        // Unclipped (the columns need no clamping, and are ≥ 0 so truncation is floor), with the sides apart,
        // each side's pixels fall in a known order, so the loops need no branch on where a pixel lies (one the
        // predictor misses on most rows): on the left, the area up to a pixel's right side is the corner's for all
        // but the last, whose right side is past the narrow point; on the right, the first pixel's left side is
        // before the narrow point and the last one's right side is past the shape.
        if outerLeft >= minX && outerRight <= maxX,
           case let leftFirst = Int(outerLeft), case let leftEnd = Surface.ceiling(innerLeft),
           case let rightFirst = Int(innerRight), case let rightEnd = Surface.ceiling(outerRight),
           leftFirst < leftEnd && leftEnd < rightFirst && rightFirst < rightEnd {
            leftCorner(row, s, leftFirst, leftEnd, after: s.corner + (Double(leftEnd) - innerLeft) * h, painter,
                       crossings)
            painter.span(row + leftEnd, count: rightFirst - leftEnd, coverage: Float(h))
            rightCorner(row, s, rightFirst, rightEnd, before: s.corner + (innerRight - Double(rightFirst)) * h, painter,
                        crossings)
            return
        }
        let leftFirst = Self.column(outerLeft, minX, maxX, up: false)
        let leftEnd = Self.column(innerLeft, minX, maxX, up: true)
        let rightFirst = Self.column(innerRight, minX, maxX, up: false)
        let rightEnd = Self.column(outerRight, minX, maxX, up: true)
        if leftEnd >= rightFirst {
            // The two sides share pixels (the tip of a circle): every pixel through the general area.
            return edgePixels(row, leftFirst, rightEnd, painter) { areaLeft(of: $0, s) }
        }
        // Left side: area left of x is the corner's, then grows by h per unit past the narrow point.
        var before = leftFirst > Int(minX) ? 0 : areaLeft(of: Double(leftFirst), s)
        var i = leftFirst
        while i < leftEnd {
            let x = Double(i &+ 1)
            let after = x < innerLeft ? cornerArea(left - x, s) : s.corner + (x - innerLeft) * h
            put(row, i, after - before, painter)
            before = after
            i &+= 1
        }
        painter.span(row + leftEnd, count: rightFirst - leftEnd, coverage: Float(h))
        // Right side, mirrored: area right of x.
        i = rightFirst
        before = Double(i) <= innerRight ? s.corner + (innerRight - Double(i)) * h : cornerArea(Double(i) - right, s)
        while i < rightEnd {
            let x = Double(i &+ 1)
            let after = x <= innerRight ? s.corner + (innerRight - x) * h : cornerArea(x - right, s)
            put(row, i, before - after, painter)
            before = after
            i &+= 1
        }
    }

    /// The pixels start..<end of a left corner, unclipped: every one but the last has its right side strictly
    /// between the strip's wide and narrow points, and `last` is the area left of the last one's right side.
    @inline(__always)
    func leftCorner(_ row: UnsafeMutablePointer<UInt32>, _ s: Strip, _ start: Int, _ end: Int, after last: Double,
                    _ painter: PixelPainter, _ crossings: Crossings?) {
        var before = 0.0
        var i = start
        while i < end &- 1 {
            let a = left - Double(i &+ 1)
            let crossing = crossings.map { $0.left[i &+ 1 &- $0.leftFirst] } ?? max(r2 - a * a, 0).squareRoot()
            let after = cornerAreaInside(a, crossing: crossing, s)
            put(row, i, after - before, painter)
            before = after
            i &+= 1
        }
        put(row, i, last - before, painter)
    }

    /// The pixels start..<end of a right corner, unclipped: every one but the last has its right side strictly
    /// between the strip's narrow and wide points, the last one's is past the shape, and `first` is the area
    /// right of the first one's left side.
    @inline(__always)
    func rightCorner(_ row: UnsafeMutablePointer<UInt32>, _ s: Strip, _ start: Int, _ end: Int, before first: Double,
                     _ painter: PixelPainter, _ crossings: Crossings?) {
        var before = first
        var i = start
        while i < end &- 1 {
            let a = Double(i &+ 1) - right
            let crossing = crossings.map { $0.right[i &+ 1 &- $0.rightFirst] } ?? max(r2 - a * a, 0).squareRoot()
            let after = cornerAreaInside(a, crossing: crossing, s)
            put(row, i, before - after, painter)
            before = after
            i &+= 1
        }
        put(row, i, before, painter)
    }

    @inline(__always)
    func put(_ row: UnsafeMutablePointer<UInt32>, _ i: Int, _ coverage: Double, _ painter: PixelPainter) {
        // No branch on the alpha (see `PixelPainter.walk`): 0 and 255 are exact through the same arithmetic.
        // `paint` always gives the painter a tint table, and is only given premultiplied colours.
        let a = UInt32(min(abs(coverage), 1) * 255 + 0.5)
        row[i] = painter.overPremultiplied(painter.tints.unsafelyUnwrapped[Int(a)], row[i])
    }

    @inline(__always)
    func edgePixels(_ row: UnsafeMutablePointer<UInt32>, _ first: Int, _ end: Int, _ painter: PixelPainter,
                    _ area: (Double) -> Double) {
        if first >= end { return }
        var before = area(Double(first))
        var i = first
        while i < end {
            let after = area(Double(i &+ 1))
            put(row, i, after - before, painter)
            before = after
            i &+= 1
        }
    }

    /// ⌊v⌋ (or ⌈v⌉) clamped to lo...hi (whole, ≥ 0), without a libm call; clamping first keeps Int safe.
    @inline(__always)
    static func column(_ v: Double, _ lo: Double, _ hi: Double, up: Bool) -> Int {
        let c = min(max(v, lo), hi)
        let t = Int(c)
        return up && Double(t) < c ? t &+ 1 : t
    }
}

extension Surface {
    /// Paints a circle (see `fill(_:color:transform:clip:rule:)`); upright circles are painted directly by
    /// rows, their coverage computed in closed form.
    public func fill(_ shape: Circle, color: Color, transform: AffineTransform = .identity,
                     clip: PixelRect? = nil, rule: FillRule = .nonZero) {
        if color.argb == 0 { return }
        guard let region = region(of: shape, transform: transform, clip: clip) else { return }
        if color.isPremultiplied, let box = UprightRoundedBox(circle: shape.center, radius: shape.radius,
                                                              under: transform) {
            return box.paint(onto: self, region: region, color: color)
        }
        ShapeRasterizer.fill(shape, transform: transform, region: region, surface: self, color: color, rule: rule)
    }
}

extension Circle {
    /// The row painter when the transform allows it (see `Surface.fill(_: Circle, …)`), also when reached
    /// through a protocol.
    public func paint(onto surface: Surface, color: Color, transform: AffineTransform, clip: PixelRect?,
                      rule: FillRule) {
        surface.fill(self, color: color, transform: transform, clip: clip, rule: rule)
    }
}
