/// The parts of the screen that changed since they were last shown: a short list of rectangles.
///
/// The count is bounded so presenting stays cheap: past `maxRects` the two rectangles whose union wastes
/// the least area are merged. Rectangles that overlap are merged on insertion.
public struct DamageRegion: Sendable, Equatable {
    public static let maxRects = 8
    public private(set) var rects: [PixelRect] = []

    public init() {}
    public init(_ rect: PixelRect) { add(rect) }

    public var isEmpty: Bool { rects.isEmpty }
    public var bounds: PixelRect { rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) } }
    /// Pixels covered, counting each at most once.
    public var area: Int { rects.reduce(0) { $0 + $1.area } }

    public mutating func add(_ rect: PixelRect) {
        if rect.isEmpty { return }
        var incoming = rect
        // Absorb anything the new rectangle overlaps or contains, repeating while the union grows.
        var merged = true
        while merged {
            merged = false
            if rects.contains(where: { $0.contains(incoming) }) { return }
            if let i = rects.firstIndex(where: { !$0.intersection(incoming).isEmpty || incoming.contains($0) }) {
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
