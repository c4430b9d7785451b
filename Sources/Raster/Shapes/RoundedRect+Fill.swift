extension Surface {
    /// Paints a rounded rectangle (see `fill(_:color:transform:clip:rule:)`). When the transform keeps it
    /// upright and its corners circular, every row is painted directly (`UprightRoundedBox`). Otherwise, when it
    /// stays axis-aligned (corners stretched into ellipses), the rows between the corners are painted directly,
    /// their coverage being exact at once (a fractional pixel at each side, full in between); only the corner
    /// rows go through the rasterizer. Capsules, buttons and bars are mostly such rows.
    public func fill(_ shape: RoundedRect, color: Color, transform: AffineTransform = .identity,
                     clip: PixelRect? = nil, rule: FillRule = .nonZero) {
        if color.argb == 0 { return }
        guard let region = region(of: shape, transform: transform, clip: clip) else { return }
        guard transform.b == 0, transform.c == 0 else {
            return ShapeRasterizer.fill(shape, transform: transform, region: region, surface: self, color: color,
                                        rule: rule)
        }
        let xa = transform.a * shape.x + transform.tx, xb = transform.a * (shape.x + shape.width) + transform.tx
        let ya = transform.d * shape.y + transform.ty, yb = transform.d * (shape.y + shape.height) + transform.ty
        // Circular corners: painted directly by rows, exactly, whatever their size.
        if abs(transform.a) == abs(transform.d), color.isPremultiplied,
           let box = UprightRoundedBox(
            left: min(xa, xb) + abs(transform.a) * shape.radius, right: max(xa, xb) - abs(transform.a) * shape.radius,
            top: min(ya, yb) + abs(transform.d) * shape.radius, bottom: max(ya, yb) - abs(transform.d) * shape.radius,
            radius: abs(transform.a) * shape.radius) {
            return box.paint(onto: self, region: region, color: color)
        }
        let cornerHeight = abs(transform.d) * shape.radius
        // Whole rows lying between the corners, within the region.
        let straightTop = min(ya, yb) + cornerHeight, straightBottom = max(ya, yb) - cornerHeight
        let firstRow = max(Double(region.minY), straightTop.rounded(.up))
        let endRow = min(Double(region.maxY), straightBottom.rounded(.down))
        guard firstRow < endRow else {
            return ShapeRasterizer.fill(shape, transform: transform, region: region, surface: self, color: color,
                                        rule: rule)
        }
        let middleTop = Int(firstRow), middleBottom = Int(endRow)
        ShapeRasterizer.fill(shape, transform: transform, region: region, skipping: middleTop..<middleBottom,
                             surface: self, color: color, rule: rule)
        paintStraightRows(middleTop..<middleBottom, left: min(xa, xb), right: max(xa, xb),
                          minX: Double(region.minX), maxX: Double(region.maxX),
                          painter: PixelPainter(src: color.argb, evenOdd: false))
    }
}

extension RoundedRect {
    /// The row painter when the transform allows it (see `Surface.fill(_: RoundedRect, …)`), also when reached
    /// through a protocol.
    public func paint(onto surface: Surface, color: Color, transform: AffineTransform, clip: PixelRect?,
                      rule: FillRule) {
        surface.fill(self, color: color, transform: transform, clip: clip, rule: rule)
    }
}
