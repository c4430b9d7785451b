/// Exact area coverage of a set of closed outlines over a band of pixel rows, by signed-area accumulation.
///
/// Each line adds, to the cells it crosses, the signed area it leaves on its right within that cell plus the
/// "cover" it carries to the rest of the row (the scheme of font-rs and stb_truetype). A running sum along a
/// row then gives each pixel's winding coverage exactly for non-overlapping edges. Cells hold that per-pixel
/// delta. For each row the accumulator also records the range of cells touched by upward edges and the range
/// touched by downward ones: in a row of a convex shape those are its left and right boundary, and the pixels
/// between them (untouched, so of constant coverage) are painted as one span instead of walked one by one.
///
/// Coordinates given to `addLine` are surface pixels; the band covers columns originX..<originX+width and rows
/// originY..<originY+height. Parts of a line left of the band become a vertical edge on its left side (they
/// still change the winding of the row), parts right of it are dropped, parts above or below are cut off.
struct CoverageAccumulator {
    let scratch: UnsafeMutablePointer<CoverageScratch>
    let cells: UnsafeMutablePointer<Float>
    let ranges: UnsafeMutablePointer<Int32>
    let width: Int
    let height: Int
    /// Cells per row: two more than the width, for the cover an edge at the right border carries.
    let cellStride: Int
    let originX: Double
    let originY: Double
    /// Rows left out of the band: band row `gapRow` is surface row originY + gapRow + gapRows (a rounded
    /// rectangle's straight middle, painted directly, between its two rows of corners).
    let gapRow: Int
    let gapRows: Int

    init(scratch: UnsafeMutablePointer<CoverageScratch>, originX: Int, originY: Int, width: Int, height: Int,
         skipping gap: Range<Int>? = nil) {
        self.scratch = scratch
        gapRow = gap.map { $0.lowerBound - originY } ?? height
        gapRows = gap?.count ?? 0
        cells = scratch.pointee.cells
        ranges = scratch.pointee.ranges
        self.width = width
        self.height = height
        cellStride = width + 2
        self.originX = Double(originX)
        self.originY = Double(originY)
    }

    static func cellsNeeded(width: Int, height: Int) -> Int { (width + 2) * height }


    /// Adds the edge from (x0, y0) to (x1, y1), in surface pixels.
    mutating func addLine(_ px0: Double, _ py0: Double, _ px1: Double, _ py1: Double) {
        var x0 = px0 - originX, y0 = py0 - originY, x1 = px1 - originX, y1 = py1 - originY
        // NaN fails every comparison below, so test finiteness first; huge values are clipped exactly.
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, y0 != y1 else { return }
        var direction: Float = 1
        if y0 > y1 {
            swap(&x0, &x1)
            swap(&y0, &y1)
            direction = -1
        }
        if gapRows == 0 { return addBandLine(x0, y0, x1, y1, direction) }
        // A row's coverage depends only on the part of each line inside it: the part in the gap is dropped.
        let gapTop = Double(gapRow), gapBottom = Double(gapRow + gapRows), shift = Double(gapRows)
        if y0 < gapTop {
            if y1 <= gapTop {
                addBandLine(x0, y0, x1, y1, direction)
            } else {
                addBandLine(x0, y0, x0 + (x1 - x0) * (gapTop - y0) / (y1 - y0), gapTop, direction)
            }
        }
        if y1 > gapBottom {
            if y0 >= gapBottom {
                addBandLine(x0, y0 - shift, x1, y1 - shift, direction)
            } else {
                addBandLine(x0 + (x1 - x0) * (gapBottom - y0) / (y1 - y0), gapTop, x1, y1 - shift, direction)
            }
        }
    }

    /// A downward line in band coordinates: cut to the band's rows, then to its columns.
    @inline(__always)
    private mutating func addBandLine(_ px0: Double, _ py0: Double, _ px1: Double, _ py1: Double, _ dir: Float) {
        var x0 = px0, y0 = py0, x1 = px1, y1 = py1
        let bottom = Double(height)
        if y1 <= 0 || y0 >= bottom || !(y0 < y1) { return }
        let slope = (x1 - x0) / (y1 - y0)
        if y0 < 0 {
            x0 += slope * (0 - y0)
            y0 = 0
        }
        if y1 > bottom {
            x1 = x0 + slope * (bottom - y0)
            y1 = bottom
        }
        addClippedLeft(x0, y0, x1, y1, dir)
    }

    /// Where a box (in surface pixels) lies wholly inside the band: the surface y of the band row it is
    /// measured from (above or below the gap), so its lines can skip clipping; nil if it is not inside.
    @inline(__always)
    func interiorTop(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Double? {
        guard minX >= originX, maxX <= originX + Double(width), minY >= originY else { return nil }
        if maxY <= originY + Double(min(gapRow, height)) { return originY }
        let lowerTop = originY + Double(gapRow + gapRows)
        if gapRows > 0 && minY >= lowerTop && maxY <= originY + Double(height + gapRows) {
            return originY + Double(gapRows)
        }
        return nil
    }

    /// Whether the box lies wholly above, below, left or right of the band, or inside its gap.
    @inline(__always)
    func isOutside(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Bool {
        if maxY <= originY || minY >= originY + Double(height + gapRows) || maxX <= originX
            || minX >= originX + Double(width) { return true }
        return gapRows > 0 && minY >= originY + Double(gapRow) && maxY <= originY + Double(gapRow + gapRows)
    }

    /// A line already known to lie inside the band, in band coordinates (origin at its top-left).
    @inline(__always)
    mutating func addInteriorLine(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) {
        if y0 < y1 {
            accumulate(x0, y0, x1, y1, 1)
        } else if y0 > y1 {
            accumulate(x1, y1, x0, y0, -1)
        }
    }

    /// A downward line inside the band's rows; splits off what lies left of column 0.
    @inline(__always)
    private mutating func addClippedLeft(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Float) {
        if x0 >= 0 && x1 >= 0 { return addClippedRight(x0, y0, x1, y1, dir) }
        if x0 <= 0 && x1 <= 0 { return accumulate(0, Float(y0), 0, Float(y1), dir) }
        let ym = min(max(y0 + (y1 - y0) * (0 - x0) / (x1 - x0), y0), y1)
        if x0 < 0 {
            accumulate(0, Float(y0), 0, Float(ym), dir)
            addClippedRight(0, ym, x1, y1, dir)
        } else {
            addClippedRight(x0, y0, 0, ym, dir)
            accumulate(0, Float(ym), 0, Float(y1), dir)
        }
    }

    /// A downward line with x ≥ 0; drops what lies right of the band, which cannot change any visible pixel.
    @inline(__always)
    private mutating func addClippedRight(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Float) {
        let right = Double(width)
        if x0 <= right && x1 <= right { return accumulate(Float(x0), Float(y0), Float(x1), Float(y1), dir) }
        if x0 >= right && x1 >= right { return }
        let ym = min(max(y0 + (y1 - y0) * (right - x0) / (x1 - x0), y0), y1)
        if x0 < right {
            accumulate(Float(x0), Float(y0), Float(width), Float(ym), dir)
        } else {
            accumulate(Float(width), Float(ym), Float(x1), Float(y1), dir)
        }
    }

    /// The signed-area accumulation of a downward line lying inside [0, width] × [0, height].
    @inline(__always)
    private mutating func accumulate(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, _ dir: Float) {
        if !(y1 > y0) { return }
        let firstRow = Int(y0)
        // Upward edges note their cells in the row's first range, downward ones in the second.
        let range = ranges + (dir < 0 ? 0 : 2)
        if Float(firstRow) + 1 >= y1 {
            // Within one row, as most chords of small arcs are: no slope, no loop.
            if firstRow < height { rowStep(firstRow, x0, x1, (y1 - y0) * dir, range) }
            return
        }
        let endRow = min(height, Self.ceiling(y1))
        if x0 == x1 {
            // Vertical: the same two cells in every row, only the height changes at the ends.
            let i0 = Int(x0)
            let frac: Float = x0 - Float(i0)
            var row = firstRow
            while row < endRow {
                let rowTop = Float(row)
                let d: Float = (min(rowTop + 1, y1) - max(rowTop, y0)) * dir
                let cell = cells + row &* cellStride
                cell[i0] += d - d * frac
                cell[i0 &+ 1] += d * frac
                note(range + row &* 4, i0, i0 &+ 1)
                row &+= 1
            }
            return
        }
        let dxdy: Float = (x1 - x0) / (y1 - y0)
        let limit = Float(width)
        // Kept inside the band: stepping row by row may stray by a rounding error.
        @inline(__always) func clamped(_ x: Float) -> Float {
            let low = x < 0 ? 0 : x
            return low > limit ? limit : low
        }
        // The first row holds the line from y0 down (at least to its bottom: the line spans rows); rows
        // between are crossed whole, a height of exactly 1, so their step is dxdy as it is (the sums are the
        // ones the general formula makes); the last row, possibly partial, is taken in full below.
        let firstHeight: Float = min(Float(firstRow) + 1, y1) - y0
        var x = clamped(x0 + dxdy * firstHeight)
        rowStep(firstRow, x0, x, firstHeight * dir, range)
        var row = firstRow &+ 1
        // x moves one way only, so each middle row knows which end is its left one and which bound can be
        // crossed: the clamp and the ordering each take one comparison instead of two. The row's cells and
        // range are stepped to, not worked out from the row.
        var cell = cells + row &* cellStride
        var rowRange = range + row &* 4
        if dxdy >= 0 {
            while row < endRow &- 1 {
                let xNext = min(x + dxdy, limit)
                rowStep(cell, rowRange, from: x, to: xNext, dir)
                x = xNext
                row &+= 1
                cell += cellStride
                rowRange += 4
            }
        } else {
            while row < endRow &- 1 {
                let xNext = max(x + dxdy, 0)
                rowStep(cell, rowRange, from: xNext, to: x, dir)
                x = xNext
                row &+= 1
                cell += cellStride
                rowRange += 4
            }
        }
        if row < endRow {
            let rowTop = Float(row)
            let dy: Float = min(rowTop + 1, y1) - max(rowTop, y0)
            rowStep(row, x, clamped(x + dxdy * dy), dy * dir, range)
        }
    }

    /// Adds the part of a line crossing one row from x to xNext, `d` being its signed height in the row.
    @inline(__always)
    private func rowStep(_ row: Int, _ x: Float, _ xNext: Float, _ d: Float, _ range: UnsafeMutablePointer<Int32>) {
        rowStep(cells + row &* cellStride, range + row &* 4, from: min(x, xNext), to: max(x, xNext), d)
    }

    /// `rowStep` for a line whose ends in the row are known in order, lo ≤ hi, given the row's cells and its
    /// range (up or down).
    @inline(__always)
    private func rowStep(_ cell: UnsafeMutablePointer<Float>, _ rowRange: UnsafeMutablePointer<Int32>,
                         from lo: Float, to hi: Float, _ d: Float) {
        // Both are ≥ 0, so truncation is floor: no libm call in the hot loop.
        let i0 = Int(lo)
        let loFloor = Float(i0)
        // ⌈hi⌉ ≤ i0 + 1 exactly when hi ≤ i0 + 1: the ceiling is only needed for lines crossing cells.
        if hi <= loFloor + 1 {
            // The line stays in one pixel of this row: trapezoid area to its right, the rest carried on.
            let xmf: Float = 0.5 * (lo + hi) - loFloor
            cell[i0] += d - d * xmf
            cell[i0 &+ 1] += d * xmf
            note(rowRange, i0, i0 &+ 1)
            return
        }
        let i1 = Self.ceiling(hi)
        let hiCeil = Float(i1)
        let s: Float = 1 / (hi - lo)
        let x0f: Float = lo - loFloor
        let a0: Float = 0.5 * s * (1 - x0f) * (1 - x0f)
        let x1f: Float = hi - hiCeil + 1
        let am: Float = 0.5 * s * x1f * x1f
        cell[i0] += d * a0
        if i1 == i0 &+ 2 {
            cell[i0 &+ 1] += d * (1 - a0 - am)
        } else {
            let a1: Float = s * (1.5 - x0f)
            cell[i0 &+ 1] += d * (a1 - a0)
            let step: Float = d * s
            var i = i0 &+ 2
            while i < i1 &- 1 {
                cell[i] += step
                i &+= 1
            }
            let a2: Float = a1 + Float(i1 &- i0 &- 3) * s
            cell[i1 &- 1] += d * (1 - a2 - am)
        }
        cell[i1] += d * am
        note(rowRange, i0, i1)
    }

    /// ⌈v⌉ for v ≥ 0, without a libm call.
    @inline(__always)
    static func ceiling(_ v: Float) -> Int {
        let t = Int(v)
        return Float(t) < v ? t &+ 1 : t
    }

    /// Widens a row's range to hold cells first...last.
    @inline(__always)
    private func note(_ range: UnsafeMutablePointer<Int32>, _ first: Int, _ last: Int) {
        range[0] = min(range[0], Int32(truncatingIfNeeded: first))
        range[1] = max(range[1], Int32(truncatingIfNeeded: last))
    }
}
