/// The hot loop of circles, capsules and rounded rectangles: whole pixel rows of the top corners or of the bottom
/// ones, none cut by a clip. Each such row is its left corner's pixels, a run of full pixels and its right corner's
/// pixels, exactly as the general row painter's unclipped case paints it and in the same arithmetic, but in one flat
/// loop: the strip, the clip tests, the choice of series and the small-radius and crossings checks are settled once
/// for all the rows instead of on every row and every edge pixel, where they cost about as much as the pixels.
extension UprightRoundedBox {
    /// Radii from which the flat loop pays: below it a circle has a handful of whole rows of one to three edge pixels,
    /// and finding them cost more than it saved (circles 8 px across 7 % slower). At least the sine series' radius,
    /// whose segment areas the loop takes.
    static let wholeRowsRadius = max(8.0, ArcSegmentArea.sineSeriesRadius)

    /// The part of `rows` (all at or above the corner centres' row if `upper`, else all at or below it) that
    /// `paintWholeRows` takes: rows wholly within the corners' height, not the one holding the top (or bottom) of the
    /// arc nor the one through the corner centres, whose two corners lie apart. Nil if none, or if a clip
    /// (`minX...maxX`) may cut a side, or the radius is below the sine series' or the crossings table's.
    func wholeRows(_ rows: Range<Int>, upper: Bool, _ minX: Double, _ maxX: Double, _ painter: PixelPainter,
                   _ crossings: Crossings?) -> Range<Int>? {
        guard crossings != nil, radius >= Self.wholeRowsRadius, painter.tints != nil, !rows.isEmpty,
              left - radius >= minX, right + radius <= maxX else { return nil }
        var (first, end) = cornerRows(rows, upper: upper)
        // The rows nearest the arc's top (or bottom) may be so narrow that the two corners share a pixel; the
        // narrow half-width grows toward the centres' row, so such rows are only at that end.
        @inline(__always) func apart(_ y: Int) -> Bool {
            let narrow = halfWidth(upper ? top - Double(y) : Double(y) + 1 - bottom)
            return Surface.ceiling(left - narrow) < Int(right + narrow)
        }
        if upper {
            while first < end && !apart(first) { first += 1 }
        } else {
            while end > first && !apart(end - 1) { end -= 1 }
        }
        return first < end ? first..<end : nil
    }

    /// Paints `rows` as found by `wholeRows`, leaving `carried` as the general painter would.
    func paintWholeRows(_ rows: Range<Int>, upper: Bool, _ surface: Surface, _ painter: PixelPainter,
                        _ crossings: Crossings?, _ carried: inout CarriedWidth) {
        guard let crossings else { return }
        // One loop for each series and each half, so that no pixel asks again.
        switch (segment.short, upper) {
        case (true, true): paint(rows, upper: true, short: true, surface, painter, crossings, &carried)
        case (true, false): paint(rows, upper: false, short: true, surface, painter, crossings, &carried)
        case (false, true): paint(rows, upper: true, short: false, surface, painter, crossings, &carried)
        case (false, false): paint(rows, upper: false, short: false, surface, painter, crossings, &carried)
        }
    }

    @inline(__always)
    private func paint(_ rows: Range<Int>, upper: Bool, short: Bool, _ surface: Surface, _ painter: PixelPainter,
                       _ crossings: Crossings, _ carried: inout CarriedWidth) {
        // The crossings of the column lines, indexed by column.
        let leftTable = crossings.left - crossings.leftFirst, rightTable = crossings.right - crossings.rightFirst
        var shared = sharedWidth(before: rows, upper: upper, carried)
        for y in rows {
            let strip = cornerRow(y, upper: upper, short: short, shared: &shared)
            let narrow = strip.narrow, wide = strip.wide, corner = strip.corner
            let innerLeft = left - narrow, innerRight = right + narrow
            let leftFirst = Int(left - wide), leftEnd = Surface.ceiling(innerLeft)
            let rightFirst = Int(innerRight), rightEnd = Surface.ceiling(right + wide)
            let row = surface.row(y)
            // Left corner: the area left of each pixel's right side, as `leftCorner` takes it; the last pixel's right
            // side is past the narrow point.
            var before = 0.0
            var i = leftFirst
            while i < leftEnd &- 1 {
                let after = areaOutward(left - Double(i &+ 1), crossing: leftTable[i &+ 1], strip, short: short)
                put(row, i, after - before, painter)
                before = after
                i &+= 1
            }
            put(row, i, corner + (Double(leftEnd) - innerLeft) - before, painter)
            Self.fillFull(row + leftEnd, count: rightFirst &- leftEnd, painter)
            // Right corner, mirrored (`rightCorner`): the area right of each pixel's right side.
            before = corner + (innerRight - Double(rightFirst))
            i = rightFirst
            while i < rightEnd &- 1 {
                let after = areaOutward(Double(i &+ 1) - right, crossing: rightTable[i &+ 1], strip, short: short)
                put(row, i, before - after, painter)
                before = after
                i &+= 1
            }
            put(row, i, before, painter)
        }
        carried = self.carried(after: rows, upper: upper, shared: shared)
    }
}
