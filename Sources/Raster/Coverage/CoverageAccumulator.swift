/// Exact area coverage of a set of closed outlines over a band of pixel rows, by signed-area accumulation.
///
/// Each line adds, to the cells it crosses, the signed area it leaves on its right within that cell plus the
/// "cover" it carries to the rest of the row (the scheme of font-rs and stb_truetype). A running sum along a
/// row then gives each pixel's winding coverage exactly for non-overlapping edges. Cells hold that per-pixel
/// delta; mark bits record which cells an edge touched, so the painter can fill the untouched runs between
/// them as constant spans instead of walking every pixel.
///
/// Coordinates given to `addLine` are surface pixels; the band covers columns originX..<originX+width and rows
/// originY..<originY+height. Parts of a line left of the band become a vertical edge on its left side (they
/// still change the winding of the row), parts right of it are dropped, parts above or below are cut off.
struct CoverageAccumulator {
    let cells: UnsafeMutablePointer<Float>
    let marks: UnsafeMutablePointer<UInt64>
    let width: Int
    let height: Int
    /// Cells per row: two more than the width, for the cover an edge at the right border carries.
    let cellStride: Int
    let markStride: Int
    let originX: Double
    let originY: Double

    init(scratch: UnsafeMutablePointer<CoverageScratch>, originX: Int, originY: Int, width: Int, height: Int) {
        cells = scratch.pointee.cells
        marks = scratch.pointee.marks
        self.width = width
        self.height = height
        cellStride = width + 2
        markStride = (width + 2 + 63) >> 6
        self.originX = Double(originX)
        self.originY = Double(originY)
    }

    static func cellsNeeded(width: Int, height: Int) -> Int { (width + 2) * height }
    static func marksNeeded(width: Int, height: Int) -> Int { ((width + 2 + 63) >> 6) * height }

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
        let bottom = Double(height)
        if y1 <= 0 || y0 >= bottom { return }
        let slope = (x1 - x0) / (y1 - y0)
        if y0 < 0 {
            x0 += slope * (0 - y0)
            y0 = 0
        }
        if y1 > bottom {
            x1 = x0 + slope * (bottom - y0)
            y1 = bottom
        }
        addClippedLeft(x0, y0, x1, y1, direction)
    }

    /// A downward line inside the band's rows; splits off what lies left of column 0.
    @inline(__always)
    private mutating func addClippedLeft(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Float) {
        if x0 >= 0 && x1 >= 0 { return addClippedRight(x0, y0, x1, y1, dir) }
        if x0 <= 0 && x1 <= 0 { return accumulate(0, y0, 0, y1, dir) }
        let ym = min(max(y0 + (y1 - y0) * (0 - x0) / (x1 - x0), y0), y1)
        if x0 < 0 {
            accumulate(0, y0, 0, ym, dir)
            addClippedRight(0, ym, x1, y1, dir)
        } else {
            addClippedRight(x0, y0, 0, ym, dir)
            accumulate(0, ym, 0, y1, dir)
        }
    }

    /// A downward line with x ≥ 0; drops what lies right of the band, which cannot change any visible pixel.
    @inline(__always)
    private mutating func addClippedRight(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Float) {
        let right = Double(width)
        if x0 <= right && x1 <= right { return accumulate(x0, y0, x1, y1, dir) }
        if x0 >= right && x1 >= right { return }
        let ym = min(max(y0 + (y1 - y0) * (right - x0) / (x1 - x0), y0), y1)
        if x0 < right {
            accumulate(x0, y0, right, ym, dir)
        } else {
            accumulate(right, ym, x1, y1, dir)
        }
    }

    /// The signed-area accumulation of a downward line lying inside [0, width] × [0, height].
    @inline(__always)
    private mutating func accumulate(_ xTop: Double, _ yTop: Double, _ xBottom: Double, _ yBottom: Double,
                                     _ dir: Float) {
        let y0 = Float(yTop), y1 = Float(yBottom)
        if !(y1 > y0) { return }
        let x0 = Float(xTop), x1 = Float(xBottom)
        let dxdy: Float = (x1 - x0) / (y1 - y0)
        let limit = Float(width)
        var x = x0
        let firstRow = Int(y0)
        let endRow = min(height, Int(y1.rounded(.up)))
        var row = firstRow
        while row < endRow {
            let rowTop = Float(row)
            let dy: Float = min(rowTop + 1, y1) - max(rowTop, y0)
            var xNext: Float = x + dxdy * dy
            xNext = min(max(xNext, 0), limit)
            let d: Float = dy * dir
            let lo = min(x, xNext), hi = max(x, xNext)
            let loFloor = lo.rounded(.down), hiCeil = hi.rounded(.up)
            let i0 = Int(loFloor), i1 = Int(hiCeil)
            let cell = cells + row &* cellStride
            if i1 <= i0 &+ 1 {
                // The line stays in one pixel of this row: trapezoid area to its right, the rest carried on.
                let xmf: Float = 0.5 * (x + xNext) - loFloor
                cell[i0] += d - d * xmf
                cell[i0 &+ 1] += d * xmf
                mark(row, i0, i0 &+ 1)
            } else {
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
                mark(row, i0, i1)
            }
            x = xNext
            row &+= 1
        }
    }

    /// Sets the mark bits of cells first...last (inclusive) of `row`.
    @inline(__always)
    private func mark(_ row: Int, _ first: Int, _ last: Int) {
        let words = marks + row &* markStride
        let w0 = first &>> 6, w1 = last &>> 6
        let head = ~UInt64(0) &<< UInt64(first & 63)
        let tail = ~UInt64(0) &>> UInt64(63 &- (last & 63))
        if w0 == w1 {
            words[w0] |= head & tail
        } else {
            words[w0] |= head
            var w = w0 &+ 1
            while w < w1 {
                words[w] = ~0
                w &+= 1
            }
            words[w1] |= tail
        }
    }
}
