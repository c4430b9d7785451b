/// The parts of the screen that changed since they were last shown: a short list of rectangles.
///
/// The rectangles never overlap, so `area` counts each pixel once. A rectangle that overlaps others absorbs
/// them (their union replaces them), and one that continues another exactly (same rows, touching columns, or
/// the reverse) is joined to it, since the union costs nothing. The count is bounded so presenting stays cheap:
/// past `maxRects` the two rectangles whose union wastes the least area are merged. Every pixel ever added
/// stays covered; merging only ever adds pixels.
public struct DamageRegion: Sendable, Equatable {
    public static let maxRects = 8
    /// Coordinates are clamped to ±2^30 so unions and areas never overflow; no screen comes near.
    static let coordinateLimit = 1 << 30

    public private(set) var rects: [PixelRect] = []

    public init() {}
    public init(_ rect: PixelRect) { add(rect) }

    public var isEmpty: Bool { rects.isEmpty }
    public var bounds: PixelRect { rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) } }
    /// Pixels covered, counting each once.
    public var area: Int { rects.reduce(0) { $0 + $1.area } }

    /// Whether pixel (x, y) is inside the region.
    public func contains(x: Int, y: Int) -> Bool {
        rects.contains { x >= $0.minX && x < $0.maxX && y >= $0.minY && y < $0.maxY }
    }

    public mutating func add(_ rect: PixelRect) {
        var incoming = Self.clamped(rect)
        if incoming.isEmpty { return }
        // Absorb what the new rectangle overlaps or exactly continues, repeating while the union grows.
        var merged = true
        while merged {
            merged = false
            if rects.contains(where: { $0.contains(incoming) }) { return }
            if let i = rects.firstIndex(where: { Self.joinsFreely($0, incoming) }) {
                incoming = incoming.union(rects.remove(at: i))
                merged = true
            }
        }
        rects.append(incoming)
        while rects.count > Self.maxRects { mergeCheapestPair() }
    }

    public mutating func add(_ other: DamageRegion) {
        for r in other.rects { add(r) }
    }

    public mutating func removeAll() { rects.removeAll(keepingCapacity: true) }

    /// The region clipped to `limit`.
    public func clipped(to limit: PixelRect) -> DamageRegion {
        var out = DamageRegion()
        for r in rects { out.add(r.intersection(limit)) }
        return out
    }

    /// True when `a` and `b` must or may become one rectangle at no cost: they overlap, or their union is
    /// exactly the two of them (stacked with the same columns, or side by side with the same rows).
    static func joinsFreely(_ a: PixelRect, _ b: PixelRect) -> Bool {
        if !a.intersection(b).isEmpty { return true }
        let sameColumns = a.minX == b.minX && a.maxX == b.maxX && (a.maxY == b.minY || b.maxY == a.minY)
        let sameRows = a.minY == b.minY && a.maxY == b.maxY && (a.maxX == b.minX || b.maxX == a.minX)
        return sameColumns || sameRows
    }

    static func clamped(_ r: PixelRect) -> PixelRect {
        if r.isEmpty { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let limit = coordinateLimit
        // maxX/maxY wrap on absurd input; compute the far edges without overflow.
        let x1 = r.x.addingReportingOverflow(r.width), y1 = r.y.addingReportingOverflow(r.height)
        let maxX = x1.overflow ? Int.max : x1.partialValue, maxY = y1.overflow ? Int.max : y1.partialValue
        let x0 = min(max(r.x, -limit), limit), y0 = min(max(r.y, -limit), limit)
        let x2 = min(max(maxX, -limit), limit), y2 = min(max(maxY, -limit), limit)
        return PixelRect(x: x0, y: y0, width: x2 - x0, height: y2 - y0)
    }

    private mutating func mergeCheapestPair() {
        var best = (0, 1), bestWaste = Int.max
        for i in 0..<rects.count {
            for j in (i + 1)..<rects.count {
                let waste = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                if waste < bestWaste { bestWaste = waste; best = (i, j) }
            }
        }
        let u = rects[best.0].union(rects[best.1])
        rects.remove(at: best.1)
        rects.remove(at: best.0)
        add(u)
    }
}
