/// A pie whose straight sides lie on the axes through its centre (a quarter, half or three-quarter disc starting
/// at a quarter turn) is a circle with some of its quarters left out. Each of its pixel rows keeps one or both
/// halves of the circle's row, so the row painter draws it with the circle's closed-form areas, the area left of
/// x being taken with x held to the kept side of the centre.
extension UprightRoundedBox {
    /// Which sides of the centre's vertical a row keeps.
    struct Halves: OptionSet, Hashable {
        let rawValue: UInt8
        static let left = Halves(rawValue: 1)
        static let right = Halves(rawValue: 2)
        static let both: Halves = [.left, .right]
    }

    /// Which quarters of a circle are painted: the halves kept above the centre's row and below it.
    struct Quarters: Hashable {
        var top: Halves
        var bottom: Halves
    }

    /// The box of the circle's `quarters` (left = right, top = bottom).
    func bounds(of quarters: Quarters) -> ShapeBounds {
        let sides = quarters.top.union(quarters.bottom)
        return ShapeBounds(minX: left - (sides.contains(.left) ? radius : 0),
                           minY: top - (quarters.top.isEmpty ? 0 : radius),
                           maxX: right + (sides.contains(.right) ? radius : 0),
                           maxY: bottom + (quarters.bottom.isEmpty ? 0 : radius))
    }

    /// Paints the `quarters` of the circle (left = right, top = bottom) within `region`, in a premultiplied colour.
    func paintPie(onto surface: Surface, region: PixelRect, color: Color, quarters: Quarters) {
        precondition(left == right && top == bottom, "only a circle is cut into quarters")
        let src = color.argb
        let scratch = CoverageScratch.current(cells: 0, rows: 0)
        let painter = PixelPainter(src: src, evenOdd: false, tints: scratch.pointee.tints(of: src))
        let crossings = Crossings(left: left, right: right, radius: radius, table: scratch.pointee.crossings,
                                  sides: quarters.top.union(quarters.bottom))
        let minX = Double(region.minX), maxX = Double(region.maxX)
        // Rows wholly above the centre keep the top halves, rows wholly below it the bottom ones; the row through
        // the centre holds a strip of each.
        let minY = Double(region.minY), maxY = Double(region.maxY)
        let upperRowsEnd = Int(min(max(top.rounded(.down), minY), maxY))
        let lowerRowsStart = max(upperRowsEnd, Int(min(max(bottom.rounded(.up), minY), maxY)))
        var carried = CarriedWidth()
        @inline(__always) func paintRows(_ rows: Range<Int>, upper: Bool, keeping halves: Halves) {
            // Most rows of a quarter, or of a half beside a whole one, go to the flat loop of whole half rows.
            if halves == .left || halves == .right,
               let whole = wholeHalfRows(rows, upper: upper, side: halves, minX, maxX, painter, crossings) {
                paintHalfRows(rows.lowerBound..<whole.lowerBound, upper: upper, keeping: halves, surface, minX, maxX,
                              painter, crossings, &carried)
                paintWholeHalfRows(whole, upper: upper, side: halves, surface, painter, crossings, &carried)
                paintHalfRows(whole.upperBound..<rows.upperBound, upper: upper, keeping: halves, surface, minX, maxX,
                              painter, crossings, &carried)
            } else {
                paintHalfRows(rows, upper: upper, keeping: halves, surface, minX, maxX, painter, crossings, &carried)
            }
        }
        paintRows(region.minY..<upperRowsEnd, upper: true, keeping: quarters.top)
        if upperRowsEnd < lowerRowsStart {
            let y = upperRowsEnd, y0 = Double(y), y1 = y0 + 1
            let upper = quarters.top.isEmpty ? nil : Strip(above: self, y0, y1, &carried)
            let lower = quarters.bottom.isEmpty ? nil : Strip(below: self, y0, y1, &carried)
            if let upper, let lower {
                paintQuarteredRow(surface.row(y), upper, quarters.top, lower, quarters.bottom, minX, maxX, painter)
            } else if upper != nil {
                paintRows(y..<y + 1, upper: true, keeping: quarters.top)
            } else {
                paintRows(y..<y + 1, upper: false, keeping: quarters.bottom)
            }
        }
        paintRows(lowerRowsStart..<region.maxY, upper: false, keeping: quarters.bottom)
    }

    /// Rows of the circle above its centre (`upper`) or below it, each its part on the kept sides of the centre.
    @inline(never)
    func paintHalfRows(_ rows: Range<Int>, upper: Bool, keeping halves: Halves, _ surface: Surface,
                       _ minX: Double, _ maxX: Double, _ painter: PixelPainter, _ crossings: Crossings?,
                       _ carried: inout CarriedWidth) {
        // One loop for each choice of halves, so that no row asks again which halves it keeps.
        @_transparent func eachRow(_ paint: (UnsafeMutablePointer<UInt32>, Strip) -> Void) {
            for y in rows {
                let y0 = Double(y), y1 = y0 + 1
                if let s = upper ? Strip(above: self, y0, y1, &carried) : Strip(below: self, y0, y1, &carried) {
                    paint(surface.row(y), s)
                }
            }
        }
        switch halves {
        case .right: eachRow { paintHalfRow($0, $1, .right, minX, maxX, painter, crossings) }
        case .left: eachRow { paintHalfRow($0, $1, .left, minX, maxX, painter, crossings) }
        case .both: eachRow { paintRow($0, $1, minX, maxX, painter, crossings) }
        default: return
        }
    }

    /// The part of the circle's row `s` on one side (`.left` or `.right`) of its centre (x = left = right).
    ///
    /// Transparent, not merely `@inline(__always)`: the optimizer judged the body too large to inline under that
    /// hint, and passing it a strip, a painter and a table on every row cost a tenth of a quarter pie's instructions.
    @_transparent
    private func paintHalfRow(_ row: UnsafeMutablePointer<UInt32>, _ s: Strip, _ halves: Halves, _ minX: Double,
                              _ maxX: Double, _ painter: PixelPainter, _ crossings: Crossings?) {
        let h = s.height
        if halves == .right {
            let innerRight = right + s.narrow, outerRight = right + s.wide
            /// Area of the strip right of x, for x ≥ the centre.
            @inline(__always) func areaRight(_ x: Double) -> Double {
                x <= innerRight ? s.corner + (innerRight - x) * h : cornerArea(x - right, s)
            }
            // The pixel the centre's vertical cuts, then whole pixels up to the narrow point, then the corner.
            let cut: Int, spanFirst: Int, rightFirst: Int, rightEnd: Int
            let unclipped = right >= minX && outerRight <= maxX
            if unclipped {
                // The columns need no clamping, and are ≥ 0 so truncation is floor.
                (cut, spanFirst, rightEnd) = (Int(right), Surface.ceiling(right), Surface.ceiling(outerRight))
                rightFirst = max(Int(innerRight), spanFirst)
            } else {
                cut = Self.column(right, minX, maxX, up: false)
                spanFirst = Self.column(right, minX, maxX, up: true)
                rightFirst = max(Self.column(innerRight, minX, maxX, up: false), spanFirst)
                rightEnd = Self.column(outerRight, minX, maxX, up: true)
            }
            if cut < spanFirst {
                // Left of the narrow point the cut pixel's coverage is its width right of the centre times the
                // height: taken so, it waits on neither the square root nor the corner's segment.
                let x = Double(spanFirst)
                put(row, cut, x <= innerRight ? (x - right) * h : s.corner + s.narrow * h - areaRight(x), painter)
            }
            painter.span(row + spanFirst, count: rightFirst - spanFirst, coverage: Float(h))
            if rightFirst >= rightEnd { return }
            if unclipped {
                return rightCorner(row, s, rightFirst, rightEnd, before: areaRight(Double(rightFirst)), painter,
                                   crossings)
            }
            edgePixels(row, rightFirst, rightEnd, painter) { s.corner + s.narrow * h - areaRight($0) }
        } else if halves == .left {
            let innerLeft = left - s.narrow, outerLeft = left - s.wide
            /// Area of the strip left of x, for x ≤ the centre.
            @inline(__always) func areaLeftSide(_ x: Double) -> Double {
                x >= innerLeft ? s.corner + (x - innerLeft) * h : cornerArea(left - x, s)
            }
            // The corner, then whole pixels from the narrow point, then the pixel the centre's vertical cuts.
            let leftFirst: Int, leftEnd: Int, spanEnd: Int, cutEnd: Int
            let unclipped = outerLeft >= minX && left <= maxX
            if unclipped {
                (leftFirst, spanEnd, cutEnd) = (Int(outerLeft), Int(left), Surface.ceiling(left))
                leftEnd = min(Surface.ceiling(innerLeft), spanEnd)
            } else {
                leftFirst = Self.column(outerLeft, minX, maxX, up: false)
                spanEnd = Self.column(left, minX, maxX, up: false)
                cutEnd = Self.column(left, minX, maxX, up: true)
                leftEnd = min(Self.column(innerLeft, minX, maxX, up: true), spanEnd)
            }
            if leftFirst < leftEnd {
                if unclipped {
                    leftCorner(row, s, leftFirst, leftEnd, after: areaLeftSide(Double(leftEnd)), painter, crossings)
                } else {
                    edgePixels(row, leftFirst, leftEnd, painter, areaLeftSide)
                }
            }
            painter.span(row + leftEnd, count: spanEnd - leftEnd, coverage: Float(h))
            if spanEnd < cutEnd {
                let x = Double(spanEnd)
                put(row, spanEnd, x >= innerLeft ? (left - x) * h : s.corner + s.narrow * h - areaLeftSide(x), painter)
            }
        }
    }

    /// The row through a circle's centre, holding a strip above the centre and one below it, each keeping its own
    /// halves (a three-quarter pie keeps one half above and both below): the sum of both strips' areas, each with x
    /// held to its kept side. Pixels where that sum bends (a strip's edge, the centre's column) are worked out one
    /// by one; between them the coverage is constant, painted as a span.
    func paintQuarteredRow(_ row: UnsafeMutablePointer<UInt32>, _ upper: Strip, _ upperHalves: Halves,
                           _ lower: Strip, _ lowerHalves: Halves, _ minX: Double, _ maxX: Double,
                           _ painter: PixelPainter) {
        let centre = left
        @inline(__always) func held(_ x: Double, _ halves: Halves) -> Double {
            switch halves {
            case .both: x
            case .left: min(x, centre)
            case .right: max(x, centre)
            default: centre
            }
        }
        func area(_ x: Double) -> Double {
            areaLeft(of: held(x, upperHalves), upper) + areaLeft(of: held(x, lowerHalves), lower)
        }
        // At most five runs of bending pixels: each kept side of each strip, and the centre's column.
        withUnsafeTemporaryAllocation(of: (start: Int, end: Int).self, capacity: 5) { runs in
            var count = 0
            func add(_ from: Double, _ to: Double) {
                let start = Self.column(from, minX, maxX, up: false), end = Self.column(to, minX, maxX, up: true)
                if start >= end { return }
                // Kept in order of start by insertion: there are only a few.
                var k = count
                while k > 0 && runs[k - 1].start > start {
                    runs[k] = runs[k - 1]
                    k -= 1
                }
                runs[k] = (start, end)
                count += 1
            }
            func addEdges(_ strip: Strip, _ halves: Halves) {
                if halves.contains(.left) { add(left - strip.wide, left - strip.narrow) }
                if halves.contains(.right) { add(right + strip.narrow, right + strip.wide) }
            }
            addEdges(upper, upperHalves)
            addEdges(lower, lowerHalves)
            let cut = centre.rounded(.down)
            add(cut, cut + 1)
            // Between runs, and before the first and after the last where a clip cuts the shape, pixels are
            // painted as spans (of coverage 0, skipped, outside the shape).
            @inline(__always) func span(_ start: Int, _ end: Int) {
                if start >= end { return }
                let coverage = area(Double(start + 1)) - area(Double(start))
                painter.span(row + start, count: end - start, coverage: Float(coverage))
            }
            var painted = Int(minX)
            for k in 0..<count {
                let (start, end) = runs[k]
                if end <= painted { continue }
                span(painted, start)
                edgePixels(row, max(start, painted), end, painter, area)
                painted = end
            }
            span(painted, Int(maxX))
        }
    }
}

extension UprightRoundedBox.Strip {
    typealias CarriedWidth = UprightRoundedBox.CarriedWidth

    /// The part of the pixel row y0...y1 above the circle's centre, nil if there is none.
    @inline(__always)
    init?(above circle: UprightRoundedBox, _ y0: Double, _ y1: Double, _ carried: inout CarriedWidth) {
        let start = max(y0, circle.top - circle.radius), end = min(y1, circle.top)
        if !(start < end) { return nil }
        self = circle.topStrip(start, end, &carried)
    }

    /// The part of the pixel row y0...y1 below the circle's centre, nil if there is none.
    @inline(__always)
    init?(below circle: UprightRoundedBox, _ y0: Double, _ y1: Double, _ carried: inout CarriedWidth) {
        let start = max(y0, circle.bottom), end = min(y1, circle.bottom + circle.radius)
        if !(start < end) { return nil }
        self = circle.bottomStrip(start, end, &carried)
    }
}

extension PieSector {
    /// The quarters of its circle the sector covers, when its start and sweep are whole quarter turns (within
    /// 1e-12 of one, some 1e-7 of a pixel at the largest radius the row painter takes), under a transform that
    /// may mirror either axis; nil otherwise.
    func quarters(mirroredX: Bool, mirroredY: Bool) -> UprightRoundedBox.Quarters? {
        let quarter = Double.pi / 2
        let start = startAngle / quarter, turns = signedSweep / quarter
        let first = start.rounded(), count = turns.rounded()
        guard abs(start - first) <= 1e-12, abs(turns - count) <= 1e-12, abs(first) < 1e6, abs(count) < 4 else {
            return nil
        }
        var quarters = UprightRoundedBox.Quarters(top: [], bottom: [])
        // Quarter k spans angles kπ/2...(k+1)π/2; with y down, 0 is bottom right, then bottom left, top left,
        // top right.
        var k = Int(first)
        for _ in 0..<Int(abs(count)) {
            if count < 0 { k -= 1 }
            let turn = ((k % 4) + 4) % 4
            var side: UprightRoundedBox.Halves = turn == 0 || turn == 3 ? .right : .left
            if mirroredX { side = side == .right ? .left : .right }
            if (turn < 2) != mirroredY {
                quarters.bottom.insert(side)
            } else {
                quarters.top.insert(side)
            }
            if count > 0 { k += 1 }
        }
        return quarters
    }
}
