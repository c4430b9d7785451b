extension Surface {
    /// Rows of a shape whose sides run straight down at x = left and x = right (an upright box, or the middle of
    /// a capsule or rounded rectangle): every such row is alike, a fractional pixel each side (or one pixel
    /// holding both) and full pixels between, so the side pixels are worked out once. The sides are clamped to
    /// the columns minX..<maxX.
    func paintStraightRows(_ rows: Range<Int>, left: Double, right: Double, minX: Double, maxX: Double,
                           painter: PixelPainter, scratch: UnsafeMutablePointer<CoverageScratch>) {
        let l = min(max(left, minX), maxX), r = min(max(right, minX), maxX)
        if !(l < r) { return }
        let leftPixel = Int(l), rightPixel = Int(r)
        let single = leftPixel == rightPixel
        let leftAlpha = painter.alpha(Float(single ? r - l : Double(leftPixel + 1) - l))
        let rightAlpha = single || rightPixel >= Int(maxX) ? 0 : painter.alpha(Float(r - Double(rightPixel)))
        let leftTint = painter.tinted(leftAlpha), rightTint = painter.tinted(rightAlpha)
        let middle = single ? 0 : rightPixel - leftPixel - 1
        // Each row is read 4 rows before it is painted (its first, middle and last pixels; only the first when
        // it spans a cache line or two): the lines its stores and blends need are then on their way while the
        // rows before it are painted, rather than each row waiting for its own. What is read is kept in the
        // scratch only so that the reads stay.
        let ahead = 4, lastPixel = min(rightPixel, Int(maxX) - 1)
        let middlePixel = middle < 16 ? leftPixel : (leftPixel &+ lastPixel) &>> 1
        let endPixel = middle < 16 ? leftPixel : lastPixel
        var readAhead: UInt32 = 0
        for y in rows {
            if y &+ ahead < rows.upperBound {
                let later = self.row(y &+ ahead)
                readAhead ^= later[leftPixel] ^ later[middlePixel] ^ later[endPixel]
            }
            let row = self.row(y)
            if leftAlpha != 0 { row[leftPixel] = painter.over(leftTint, row[leftPixel]) }
            if middle > 0 { painter.span(row + leftPixel + 1, count: middle, coverage: 1) }
            if rightAlpha != 0 { row[rightPixel] = painter.over(rightTint, row[rightPixel]) }
        }
        scratch.pointee.readAhead = readAhead
    }
}
