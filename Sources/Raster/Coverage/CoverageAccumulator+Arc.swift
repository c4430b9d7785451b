extension CoverageAccumulator {
    /// Adds an arc of the circle of centre (cx, cy) and radius √r2, in band coordinates, from (px, py) to
    /// (qx, qy), both on the circle and in the same quarter (so x and y are monotone between them). Pieces
    /// above or below the band are dropped, those right of it too, those left of it become its left side; a
    /// band with a gap takes only arcs lying wholly above or below the gap, measured from their `top`.
    ///
    /// Exact rather than flattened: the arc is cut where it crosses a pixel column or row, so each piece lies
    /// in one cell; a piece adds its chord like any line, plus the circular segment between chord and arc,
    /// whose area depends only on the chord's length. No tolerance, and the pieces are about as many as the
    /// cells the outline crosses, where a flattened small circle needs several lines per cell crossed.
    @inline(__always)
    mutating func addQuarterArc(cx: Double, cy: Double, r2: Double, segment: ArcSegmentArea,
                                _ px: Double, _ py: Double, _ qx: Double, _ qy: Double) {
        // The quarter's box is its ends' box: when inside the band (the usual case), no piece needs clipping.
        if min(px, qx) >= 0 && max(px, qx) <= Double(width) && min(py, qy) >= 0 && max(py, qy) <= Double(height) {
            walkQuarterArc(cx: cx, cy: cy, r2: r2, segment: segment, px, py, qx, qy, clipping: false)
        } else {
            walkQuarterArc(cx: cx, cy: cy, r2: r2, segment: segment, px, py, qx, qy, clipping: true)
        }
    }

    @inline(__always)
    private mutating func walkQuarterArc(cx: Double, cy: Double, r2: Double, segment: ArcSegmentArea,
                                         _ px: Double, _ py: Double, _ qx: Double, _ qy: Double,
                                         clipping: Bool) {
        // Which half the arc lies in, horizontally and vertically: the side its segments bulge towards.
        let side: Double = px + qx > 2 * cx ? 1 : -1
        let below: Double = py + qy > 2 * cy ? 1 : -1
        let rightward = qx > px, downward = qy > py
        let pxFloor = Self.floor(px), pyFloor = Self.floor(py)
        // Next column and row lines the arc crosses, in the direction it travels.
        var column = rightward ? pxFloor + 1 : (pxFloor < px ? pxFloor : pxFloor - 1)
        var row = downward ? pyFloor + 1 : (pyFloor < py ? pyFloor : pyFloor - 1)
        let columnStep: Double = rightward ? 1 : -1, rowStep: Double = downward ? 1 : -1
        // y is monotone, so every piece has the same direction: the same range (downward edges note the
        // second) and the same sign of segment correction. Area right of the arc is the chord's less the
        // segment on the outer side (more on the inner side), times the edge's direction.
        var pieces = ArcPieces(cells: cells, ranges: ranges + (downward ? 2 : 0), cellStride: cellStride,
                               width: Double(width), height: Double(height), segment: segment,
                               correctionSign: (side > 0) == downward ? -1 : 1)
        // Where the arc crosses each row line (x) and each column line (y) on its way, worked out together
        // before the walk: their square roots then stay off the path of its branch on which line comes first.
        // A quarter of radius ≤ 16 (see `Outline.circleRadius`) crosses at most 18 lines each way.
        let rowXs = scratch.pointee.crossings, columnYs = rowXs + Self.crossingsPerDirection
        var rowCount = 0, line = row
        while (downward ? line < qy : line > qy) && rowCount < Self.crossingsPerDirection {
            rowXs[rowCount] = cx + side * max(0, r2 - (line - cy) * (line - cy)).squareRoot()
            rowCount += 1
            line += rowStep
        }
        var columnCount = 0
        line = column
        while (rightward ? line < qx : line > qx) && columnCount < Self.crossingsPerDirection {
            columnYs[columnCount] = cy + below * max(0, r2 - (line - cx) * (line - cx)).squareRoot()
            columnCount += 1
            line += columnStep
        }
        var x = px, y = py
        var rowIndex = 0, columnIndex = 0
        while true {
            let nx: Double, ny: Double
            if rowIndex < rowCount && (columnIndex == columnCount
                                       || (rightward ? rowXs[rowIndex] < column : rowXs[rowIndex] > column)) {
                nx = rowXs[rowIndex]
                ny = row
                row += rowStep
                rowIndex += 1
            } else if columnIndex < columnCount {
                nx = column
                ny = columnYs[columnIndex]
                column += columnStep
                columnIndex += 1
            } else {
                pieces.add(x, y, qx, qy, clipping: clipping)
                pieces.flush()
                return
            }
            pieces.add(x, y, nx, ny, clipping: clipping)
            x = nx
            y = ny
        }
    }
}

/// Adds the pieces of one quarter arc to the accumulator's cells, noting each row's touched cells once per
/// row rather than per piece.
struct ArcPieces {
    let cells: UnsafeMutablePointer<Float>
    /// The row ranges (first or second of each row) the arc's direction notes its cells in.
    let ranges: UnsafeMutablePointer<Int32>
    let cellStride: Int
    let width: Double, height: Double
    let segment: ArcSegmentArea
    let correctionSign: Float
    var row = -1
    var first = Int.max
    var last = Int.min

    init(cells: UnsafeMutablePointer<Float>, ranges: UnsafeMutablePointer<Int32>, cellStride: Int,
         width: Double, height: Double, segment: ArcSegmentArea, correctionSign: Float) {
        self.cells = cells
        self.ranges = ranges
        self.cellStride = cellStride
        self.width = width
        self.height = height
        self.segment = segment
        self.correctionSign = correctionSign
    }

    /// One piece of an arc lying in a single cell: its chord's signed area, corrected by the segment.
    /// With `clipping`, pieces above, below or right of the band are dropped and those left of it become
    /// its left side.
    @inline(__always)
    mutating func add(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, clipping: Bool) {
        if y0 == y1 { return }
        let mx = 0.5 * (x0 + x1), my = 0.5 * (y0 + y1)
        if clipping {
            guard my >= 0, my < height, mx < width else { return }
        }
        let pieceRow = Int(my)
        if pieceRow != row {
            flush()
            row = pieceRow
        }
        let d = Float(y1 - y0)
        let cell = cells + pieceRow &* cellStride
        if clipping && mx < 0 {
            // Left of the band: only the winding it gives the row remains.
            cell[0] += d
            first = min(first, 0)
            last = max(last, 1)
            return
        }
        let column = Int(mx)
        let xmf = Float(mx - Double(column))
        let dx = Float(x1 - x0)
        let near: Float = d - d * xmf + correctionSign * segment.area(chordSquared: dx * dx + d * d)
        cell[column] += near
        cell[column &+ 1] += d - near
        first = min(first, column)
        last = max(last, column &+ 1)
    }

    /// Notes the current row's touched cells in its range.
    @inline(__always)
    mutating func flush() {
        if row < 0 { return }
        let range = ranges + row &* 4
        range[0] = min(range[0], Int32(truncatingIfNeeded: first))
        range[1] = max(range[1], Int32(truncatingIfNeeded: last))
        first = Int.max
        last = Int.min
    }
}

extension CoverageAccumulator {
    /// Room for the crossings of an exact arc's walk, each way (within `CoverageScratch.crossingCapacity`).
    static let crossingsPerDirection = 32

    /// ⌊v⌋ for |v| < 2⁶³, without a libm call.
    @inline(__always)
    static func floor(_ v: Double) -> Double {
        let t = Double(Int(v))
        return t > v ? t - 1 : t
    }
}

/// Area of the circular segment cut off by a chord, from the chord's length, for one circle.
///
/// With s = c / 2r (half the chord over the radius, at most √½ for a chord within a quarter), the area is
/// r²·(asin s − s·√(1 − s²)) = c³/8r · (2/3 + s²/5 + 3s⁴/28 + 5s⁶/72 + …); the terms kept leave an error
/// under 0.002·r² at a quarter's full chord, which only circles under a pixel across ever reach.
struct ArcSegmentArea {
    let oneOverEightR: Float
    let oneOverFourR2: Float
    let halfR2: Double
    let oneOverR2: Double

    init(radius: Double) {
        oneOverEightR = Float(1 / (8 * radius))
        oneOverFourR2 = Float(1 / (4 * radius * radius))
        halfR2 = 0.5 * radius * radius
        oneOverR2 = 1 / (radius * radius)
        short = radius >= Self.shortSeriesRadius
    }

    /// From this radius on, the chords the row painter asks for (see `sineSeriesRadius`) span at most
    /// acos(15/16) = 0.36 rad of arc, a sine of 0.35, where three terms of the series are within 0.1/255: a
    /// shorter chain of multiply-adds on each edge pixel's path.
    static let shortSeriesRadius = 16.0
    let short: Bool

    /// From this radius on, the chords the row painter of upright rounded boxes asks for (from the arc's top to
    /// where it leaves a pixel row, or shorter) span at most 42° of arc, a sine of 0.66, where the series below
    /// is within 0.3/255 of a pixel's area after five terms. Smaller circles go by the chord's length.
    static let sineSeriesRadius = 4.0

    /// The segment cut off by the chord between two points of the circle, given relative to its centre and at
    /// most 42° apart, for circles of at least `sineSeriesRadius`: r²/2·(θ − sin θ), with sin θ the cross
    /// product over r², and θ − sin θ = asin s − s = s³·(1/6 + 3s²/40 + 5s⁴/112 + 35s⁶/1152 + 63s⁸/2816 + …).
    /// No square root, unlike the chord's length; about 7 % off the time of a circle 40 px across.
    @inline(__always)
    func area(_ px: Double, _ py: Double, _ qx: Double, _ qy: Double) -> Double {
        area(px, py, qx, qy, short: short)
    }

    /// The same with `short` given, so that a loop over one circle's pixels can be compiled for each series.
    @inline(__always)
    func area(_ px: Double, _ py: Double, _ qx: Double, _ qy: Double, short: Bool) -> Double {
        let s: Double = abs(px * qy - py * qx) * oneOverR2
        let s2: Double = s * s
        if short { return halfR2 * s * s2 * (1.0 / 6 + s2 * (3.0 / 40 + s2 * (5.0 / 112))) }
        let series: Double = 1.0 / 6 + s2 * (3.0 / 40 + s2 * (5.0 / 112 + s2 * (35.0 / 1152 + s2 * (63.0 / 2816))))
        return halfR2 * s * s2 * series
    }

    @inline(__always)
    func area(chordSquared c2: Float) -> Float {
        let s2: Float = c2 * oneOverFourR2
        let series: Float = 2.0 / 3 + s2 * (0.2 + s2 * (3.0 / 28 + s2 * (5.0 / 72)))
        return c2 * c2.squareRoot() * oneOverEightR * series
    }
}
