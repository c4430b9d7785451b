/// The hot loop of quarter pies: whole pixel rows of one half of a circle (right or left of its centre, above or
/// below it), none cut by a clip. Outward from the centre such a row is the pixel the centre's vertical cuts,
/// full pixels, then the corner's pixels. The cut pixel's coverage is its width on the painted side, the same on
/// every row, so its tint is looked up once; the rest of a row's geometry (one square root, the corner's segment)
/// is worked out in a flat loop, without the general row painter's strips and their checks for clips, partial
/// rows and small radii, which on a quarter pie cost as much as its pixels.
extension UprightRoundedBox {
    /// The part of `rows` (all above the centre's row if `upper`, else all below it) that `paintWholeHalfRows`
    /// takes on `side` (`.left` or `.right`): rows wholly within the circle's height whose narrow point lies past
    /// the cut pixel. Nil if none, or if a clip (`minX...maxX`) cuts that side, or the radius is below the sine
    /// series' or the crossings table's.
    func wholeHalfRows(_ rows: Range<Int>, upper: Bool, side: Halves, _ minX: Double, _ maxX: Double,
                       _ painter: PixelPainter, _ crossings: Crossings?) -> Range<Int>? {
        let c = left
        guard crossings != nil, radius >= ArcSegmentArea.sineSeriesRadius, painter.tints != nil, !rows.isEmpty,
              side == .right ? c >= minX && c + radius <= maxX : c - radius >= minX && c <= maxX else { return nil }
        // Only rows wholly between the circle's top (or bottom) and its centre's row: not the row through the
        // centre, nor the first above it and the last below it, which hold the top or bottom in part.
        var (first, end) = cornerRows(rows, upper: upper)
        // The narrow half-width grows toward the centre's row, so rows whose narrow point falls within the cut
        // pixel are at the top or bottom.
        let cutWidth = self.cutWidth(side)
        @inline(__always) func narrowOffset(_ y: Int) -> Double { upper ? top - Double(y) : Double(y) + 1 - bottom }
        while first < end && halfWidth(narrowOffset(first)) < cutWidth { first += 1 }
        while end > first && halfWidth(narrowOffset(end - 1)) < cutWidth { end -= 1 }
        return first < end ? first..<end : nil
    }

    /// The first column of full pixels on `side` (the nearest the centre): its line's distance from the centre is
    /// the width of the pixel the centre's vertical cuts, on that side.
    @inline(__always)
    private func spanStart(_ side: Halves) -> Int { side == .right ? Surface.ceiling(left) : Int(left) }

    @inline(__always)
    private func cutWidth(_ side: Halves) -> Double {
        side == .right ? Double(spanStart(side)) - left : left - Double(spanStart(side))
    }

    /// Paints `rows` as found by `wholeHalfRows`, leaving `carried` as the general painter would.
    func paintWholeHalfRows(_ rows: Range<Int>, upper: Bool, side: Halves, _ surface: Surface,
                            _ painter: PixelPainter, _ crossings: Crossings?, _ carried: inout CarriedWidth) {
        guard let crossings else { return }
        let start = spanStart(side), right = side == .right
        // Crossings of the column lines outward from the span's start, in the order the pixels are visited.
        let table = right ? crossings.right + (start - crossings.rightFirst) : crossings.left + (start - crossings.leftFirst)
        // One loop for each series and side, so that no pixel asks again.
        switch (segment.short, right) {
        case (true, true): paint(rows, upper, right: true, short: true, surface, painter, table, &carried)
        case (true, false): paint(rows, upper, right: false, short: true, surface, painter, table, &carried)
        case (false, true): paint(rows, upper, right: true, short: false, surface, painter, table, &carried)
        case (false, false): paint(rows, upper, right: false, short: false, surface, painter, table, &carried)
        }
    }

    @inline(__always)
    private func paint(_ rows: Range<Int>, _ upper: Bool, right: Bool, short: Bool, _ surface: Surface,
                       _ painter: PixelPainter, _ table: UnsafeMutablePointer<Double>, _ carried: inout CarriedWidth) {
        let c = left, side: Halves = right ? .right : .left
        let spanStart = spanStart(side), cutWidth = cutWidth(side)
        let step = right ? 1 : -1
        // The pixel the centre's vertical cuts (none if the centre is on a column line), and the span's first.
        let cut = right ? spanStart - 1 : spanStart, firstPixel = right ? spanStart : spanStart - 1
        let hasCut = cutWidth > 0
        let tints = painter.tints.unsafelyUnwrapped
        let cutTint = tints[Int(min(cutWidth, 1) * 255 + 0.5)]
        var shared = sharedWidth(before: rows, upper: upper, carried)
        for y in rows {
            let strip = cornerRow(y, upper: upper, short: short, shared: &shared)
            let narrow = strip.narrow, wide = strip.wide, corner = strip.corner
            let row = surface.row(y)
            if hasCut { row[cut] = painter.overPremultiplied(cutTint, row[cut]) }
            // Full pixels up to the narrow point, then the corner's up to the wide one, counted outward.
            let full: Int, corners: Int
            if right {
                full = Int(c + narrow) - spanStart
                corners = Surface.ceiling(c + wide) - spanStart - full
            } else {
                full = spanStart - min(Surface.ceiling(c - narrow), spanStart)
                corners = spanStart - Int(c - wide) - full
            }
            let fullFirst = right ? spanStart : spanStart - full
            Self.fillFull(row + fullFirst, count: full, painter)
            if corners <= 0 { continue }
            // The area outward of each column line from the first corner pixel's inner one; a pixel's coverage is
            // the difference at its two lines, the last one's all that is left.
            var before = corner + (narrow - (Double(full) + cutWidth))
            var pixel = firstPixel + step * full
            var k = full + 1
            for _ in 1..<corners {
                let after = areaOutward(Double(k) + cutWidth, crossing: table[step * k], strip, short: short)
                put(row, pixel, before - after, tints, painter)
                before = after
                pixel += step
                k += 1
            }
            put(row, pixel, before, tints, painter)
        }
        carried = self.carried(after: rows, upper: upper, shared: shared)
    }

    @inline(__always)
    private func put(_ row: UnsafeMutablePointer<UInt32>, _ i: Int, _ coverage: Double,
                     _ tints: UnsafeMutablePointer<UInt32>, _ painter: PixelPainter) {
        let a = UInt32(min(abs(coverage), 1) * 255 + 0.5)
        row[i] = painter.overPremultiplied(tints[Int(a)], row[i])
    }
}
