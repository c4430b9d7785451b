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
        // Each row's pixels are read (the side pixels are blended) 4 rows ahead of painting it: the cache lines
        // its stores need are then on their way while the rows before it are painted, rather than each row
        // waiting for its own. The values read are only kept so the reads stay.
        // A row of up to 16 pixels spans a cache line or two: its first pixel is read alone.
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
