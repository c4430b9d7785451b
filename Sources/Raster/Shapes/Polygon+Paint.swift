extension Polygon {
    /// Corners placed once, on the stack: small polygons (arrows, chevrons, stars: a few dozen corners) are
    /// drawn by the hundred per frame, and through the general rasterizer each paid for transforming its
    /// corners twice (bounds, then tracing) and for clipping every edge to the band. When the shape lies wholly
    /// inside its region (not cut by the surface or the clip), its edges go straight to the accumulator.
    public func paint(onto surface: Surface, color: Color, transform: AffineTransform, clip: PixelRect?,
                      rule: FillRule) {
        let count = points.count
        guard count >= 3, count <= Self.placedOnStack, color.argb != 0, transform.isFinite else {
            return surface.rasterize(self, color: color, transform: transform, clip: clip, rule: rule)
        }
        withUnsafeTemporaryAllocation(of: PixelPoint.self, capacity: count) { placed in
            // Placed and boxed in one pass; a non-finite corner makes the sum non-finite (as may huge ones,
            // which the general rasterizer then clips).
            var box = ShapeBounds(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
            var sum = 0.0
            points.withUnsafeBufferPointer { p in
                for i in 0..<count {
                    let q = transform.apply(p[i])
                    placed.initializeElement(at: i, to: q)
                    box.minX = min(box.minX, q.x)
                    box.minY = min(box.minY, q.y)
                    box.maxX = max(box.maxX, q.x)
                    box.maxY = max(box.maxY, q.y)
                    sum += q.x + q.y
                }
            }
            guard sum.isFinite else {
                return surface.rasterize(self, color: color, transform: transform, clip: clip, rule: rule)
            }
            guard var region = surface.region(containing: box, clip: clip) else { return }
            let fits = Double(region.minX) <= box.minX && box.maxX <= Double(region.maxX)
                && Double(region.minY) <= box.minY && box.maxY <= Double(region.maxY)
                && CoverageAccumulator.cellsNeeded(width: region.width, height: region.height)
                    <= CoverageScratch.maximumCells
            guard fits else {
                return ShapeRasterizer.fill(self, transform: transform, region: region, surface: surface,
                                            color: color, rule: rule)
            }
            // Up to three more columns on the right, where the surface and clip have them: the painter walks
            // four pixels at a time while four are left in the row (one by one after), and past the shape the
            // coverage is 0, which leaves those pixels as they are.
            let area = clip.map { $0.intersection(surface.bounds) } ?? surface.bounds
            // A narrow shape under the non-zero rule is painted group by group from each row's first edge to
            // its last (`paintNarrow`), which takes four more columns, and only where they are all there.
            let narrow = rule == .nonZero && region.width &+ 4 <= min(Self.narrowWidth, area.maxX &- region.x)
            region.width = narrow ? region.width &+ 4 : min(region.width &+ 3, area.maxX &- region.x)
            let scratch = CoverageScratch.current(
                cells: CoverageAccumulator.cellsNeeded(width: region.width, height: region.height),
                rows: region.height)
            var accumulator = CoverageAccumulator(scratch: scratch, originX: region.minX, originY: region.minY,
                                                  width: region.width, height: region.height)
            // Band coordinates in Float, as the accumulator takes them; edges in tracing order (corner 0 to 1,
            // …, the last back to 0), so the cells sum in the same order and the pixels come out the same.
            let left = Double(region.minX), top = Double(region.minY)
            let first = placed[0]
            var x = Float(first.x - left), y = Float(first.y - top)
            for i in 1..<count {
                let nx = Float(placed[i].x - left), ny = Float(placed[i].y - top)
                accumulator.addInteriorLine(x, y, nx, ny)
                x = nx
                y = ny
            }
            accumulator.addInteriorLine(x, y, Float(first.x - left), Float(first.y - top))
            if narrow {
                accumulator.paintNarrow(onto: surface, color: color)
            } else {
                accumulator.paint(onto: surface, color: color, rule: rule)
            }
        }
    }

    /// Most corners placed on the stack; longer outlines are traced through `Outline`.
    static let placedOnStack = 64

    /// Widest band painted group by group from each row's first edge (`CoverageAccumulator.paintNarrow`).
    static let narrowWidth = 40
}
