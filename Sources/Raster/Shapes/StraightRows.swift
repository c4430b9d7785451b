import CPrefetch

extension Surface {
    /// Rows of a shape whose sides run straight down at x = left and x = right (an upright box, or the middle of
    /// a capsule or rounded rectangle): every such row is alike, a fractional pixel each side (or one pixel
    /// holding both) and full pixels between, so the side pixels are worked out once. The sides are clamped to
    /// the columns minX..<maxX.
    func paintStraightRows(_ rows: Range<Int>, left: Double, right: Double, minX: Double, maxX: Double,
                           painter: PixelPainter) {
        let l = min(max(left, minX), maxX), r = min(max(right, minX), maxX)
        if !(l < r) || rows.isEmpty { return }
        let leftPixel = Int(l), rightPixel = Int(r)
        let single = leftPixel == rightPixel
        let leftAlpha = painter.alpha(Float(single ? r - l : Double(leftPixel + 1) - l))
        let rightAlpha = single || rightPixel >= Int(maxX) ? 0 : painter.alpha(Float(r - Double(rightPixel)))
        let middle = single ? 0 : rightPixel - leftPixel - 1
        let first = row(rows.lowerBound) + leftPixel
        guard painter.premultiplied else {
            // Colours with a channel above alpha need pixman's saturating add: the general painter's path.
            let leftTint = painter.tinted(leftAlpha), rightTint = painter.tinted(rightAlpha)
            var p = first
            for _ in rows {
                if leftAlpha != 0 { p[0] = painter.over(leftTint, p[0]) }
                painter.span(p + 1, count: middle, coverage: 1)
                if rightAlpha != 0 { p[middle &+ 1] = painter.over(rightTint, p[middle &+ 1]) }
                p += stride
            }
            return
        }
        StraightRowLoop.paint(first, stride: stride, rows: rows.count, middle: middle, src: painter.src,
                              leftAlpha: leftAlpha, rightAlpha: rightAlpha)
    }
}

/// The hot loop of straight rows, over raw pointers with everything about a row decided before it: per row one
/// blend for each side pixel and one run of the colour between. Compiled alone (no strips, painter or clip in
/// reach) it keeps its few values in registers; the loop it replaces spilled them and took twice a plain fill's
/// time per row on the straight middle of a capsule 40 px wide.
enum StraightRowLoop {
    /// `rows` rows from `first` (the left side pixel of the first row), rows `stride` pixels apart: the left side
    /// pixel at alpha `leftAlpha`, `middle` full pixels, then the right side pixel at `rightAlpha` (0: not
    /// touched, as when a clip cuts it). `src` is a premultiplied colour.
    @inline(never)
    static func paint(_ first: UnsafeMutablePointer<UInt32>, stride: Int, rows: Int, middle: Int, src: UInt32,
                      leftAlpha: UInt32, rightAlpha: UInt32) {
        let leftTint = PixelMath.mulChannels(src, leftAlpha), rightTint = PixelMath.mulChannels(src, rightAlpha)
        let leftKeep = 255 &- (leftTint &>> 24), rightKeep = 255 &- (rightTint &>> 24)
        let right = middle &+ 1
        // Each row's side pixels are read for their blends, and rows lie a surface row apart, so each read waits on
        // memory unless its line was asked for earlier: both sides' lines are asked for `ahead` rows before. Six to
        // ten rows measured best (about 6 % off a capsule 40x300); sixteen gained nothing, the lines asked for that
        // early being pushed out again by the rows between.
        let ahead = 8
        let asked = max(rows &- ahead, 0)
        var p = first
        @inline(__always) func askAhead(_ k: Int) {
            if k < asked {
                lectern_prefetch_for_write(p + ahead &* stride)
                lectern_prefetch_for_write(p + (ahead &* stride &+ right))
            }
        }
        if src &>> 24 == 255 {
            for k in 0..<rows {
                askAhead(k)
                if leftAlpha != 0 { p[0] = leftTint &+ PixelMath.mulChannels(p[0], leftKeep) }
                OpaqueRun.fill(p + 1, count: middle, with: src)
                if rightAlpha != 0 { p[right] = rightTint &+ PixelMath.mulChannels(p[right], rightKeep) }
                p += stride
            }
            return
        }
        let keep = 255 &- (src &>> 24)
        for k in 0..<rows {
            askAhead(k)
            if leftAlpha != 0 { p[0] = leftTint &+ PixelMath.mulChannels(p[0], leftKeep) }
            for i in 1..<right { p[i] = src &+ PixelMath.mulChannels(p[i], keep) }
            if rightAlpha != 0 { p[right] = rightTint &+ PixelMath.mulChannels(p[right], rightKeep) }
            p += stride
        }
    }
}
