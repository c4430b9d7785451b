/// How a panel is mounted relative to the picture: the logical picture is turned this far clockwise to land
/// on the scanout. A 720x1280 portrait panel mounted landscape is `.clockwise90` or `.clockwise270`.
public enum QuarterTurn: Int, Sendable, CaseIterable {
    case none = 0
    case clockwise90 = 90
    case clockwise180 = 180
    case clockwise270 = 270

    /// Parses "0", "90", "180", "270".
    public init?(degrees: Int) { self.init(rawValue: degrees) }

    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// Where a logical rectangle lands on a scanout of the rotated size, given the logical picture's size.
    public func apply(to rect: PixelRect, logicalWidth w: Int, logicalHeight h: Int) -> PixelRect {
        switch self {
        case .none: return rect
        case .clockwise90: return PixelRect(x: h - rect.maxY, y: rect.x, width: rect.height, height: rect.width)
        case .clockwise180: return PixelRect(x: w - rect.maxX, y: h - rect.maxY, width: rect.width, height: rect.height)
        case .clockwise270: return PixelRect(x: rect.y, y: w - rect.maxX, width: rect.height, height: rect.width)
        }
    }
}

extension Surface {
    /// Copies `rect` of the logical `source` onto this scanout surface turned by `turn`.
    ///
    /// Only writes to `self`: the scanout may be write-combined memory where reads are very slow.
    public func copyTurned(from source: Surface, rect: PixelRect, turn: QuarterTurn) {
        let r = rect.intersection(source.bounds)
        if r.isEmpty { return }
        let target = turn.apply(to: r, logicalWidth: source.width, logicalHeight: source.height)
        guard bounds.contains(target) else { return }
        if turn == .none { return copy(from: source, sourceRect: r, toX: r.x, y: r.y) }
        let w = source.width, h = source.height
        // Walk destination rows so stores are sequential; each reads one source column (cached memory).
        for ty in target.minY..<target.maxY {
            let out = row(ty)
            for tx in target.minX..<target.maxX {
                let sx: Int, sy: Int
                switch turn {
                case .clockwise90: sx = ty; sy = h - 1 - tx
                case .clockwise180: sx = w - 1 - tx; sy = h - 1 - ty
                case .clockwise270: sx = w - 1 - ty; sy = tx
                case .none: sx = tx; sy = ty
                }
                out[tx] = source.row(sy)[sx]
            }
        }
    }
}
