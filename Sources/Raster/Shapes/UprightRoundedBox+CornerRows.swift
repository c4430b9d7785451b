/// What the two flat corner-row loops (`paintWholeRows` for circles and rounded rectangles, `paintWholeHalfRows`
/// for quarter pies) share: which rows lie wholly within the corners' height, each row's narrow and wide
/// half-widths and the area outward of its narrow point, and the area outward of a column line. Inlined into both
/// loops, so they keep the arithmetic of the general row painter and pay no call per row or pixel.
extension UprightRoundedBox {
    /// The rows of `rows` wholly between the arc's top (or bottom, unless `upper`) and the corner centres' row,
    /// leaving out the one holding the top (or bottom) in part and the one through the centres.
    @inline(__always)
    func cornerRows(_ rows: Range<Int>, upper: Bool) -> (first: Int, end: Int) {
        let lo = Double(rows.lowerBound), hi = Double(rows.upperBound)
        if upper {
            return (Int(min(max((top - radius).rounded(.up), lo), hi)), Int(min(max(top.rounded(.down), lo), hi)))
        }
        return (Int(min(max(bottom.rounded(.up), lo), hi)), Int(min(max((bottom + radius).rounded(.down), lo), hi)))
    }

    /// One corner row's geometry, as `topStrip` and `bottomStrip` and `strip` work it out.
    struct CornerRow {
        /// Offset from the centres' row of the row's wide edge.
        var wideOffset: Double
        var narrow: Double
        var wide: Double
        /// The row's area outward of the narrow point, on one side.
        var corner: Double
    }

    /// The half-width at the edge the first of `rows` shares with the row before (its narrow one above the
    /// centres, its wide one below): carried from the rows painted before if they ended there.
    @inline(__always)
    func sharedWidth(before rows: Range<Int>, upper: Bool, _ carried: CarriedWidth) -> Double {
        let offset = upper ? top - Double(rows.lowerBound) : Double(rows.lowerBound) - bottom
        return carried.offset == offset ? carried.width : halfWidth(offset)
    }

    /// Row `y`'s geometry; `shared` is the half-width at the edge it shares with the row before, and becomes the
    /// one it shares with the next.
    @inline(__always)
    func cornerRow(_ y: Int, upper: Bool, short: Bool, shared: inout Double) -> CornerRow {
        let y0 = Double(y), y1 = y0 + 1
        let narrowOffset = upper ? top - y0 : y1 - bottom, wideOffset = upper ? top - y1 : y0 - bottom
        let other = halfWidth(upper ? wideOffset : narrowOffset)
        let narrow = upper ? shared : other, wide = upper ? other : shared
        shared = other
        var corner = 0.0
        if narrow < wide {
            let legV = min(max(min(narrowOffset, radius) - wideOffset, 0), 1)
            corner = 0.5 * (wide - narrow) * legV + segment.area(narrow, wideOffset + legV, wide, wideOffset, short: short)
        }
        return CornerRow(wideOffset: wideOffset, narrow: narrow, wide: wide, corner: corner)
    }

    /// The row's area outward of the column line at distance `a` from the corner centre, which meets the arc at
    /// height `crossing` (from the crossings table).
    @inline(__always)
    func areaOutward(_ a: Double, crossing: Double, _ row: CornerRow, short: Bool) -> Double {
        0.5 * (row.wide - a) * (crossing - row.wideOffset) + segment.area(a, crossing, row.wide, row.wideOffset,
                                                                           short: short)
    }

    /// Where the rows painted leave off, for the general painter to carry on from.
    @inline(__always)
    func carried(after rows: Range<Int>, upper: Bool, shared: Double) -> CarriedWidth {
        let lastEdge = Double(rows.upperBound)
        return CarriedWidth(offset: upper ? top - lastEdge : lastEdge - bottom, width: shared)
    }

    /// `count` full pixels.
    @inline(__always)
    static func fillFull(_ row: UnsafeMutablePointer<UInt32>, count: Int, _ painter: PixelPainter) {
        if painter.opaque {
            OpaqueRun.fill(row, count: count, with: painter.src)
        } else {
            painter.span(row, count: count, coverage: 1)
        }
    }
}
