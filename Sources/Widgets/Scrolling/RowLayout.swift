import Motion

/// Where each row of a list sits: rows by stable id, each its full height, or collapsing to nothing while it is
/// being removed (and growing from nothing when inserted), so the rows below glide rather than jump.
public struct RowLayout: Sendable {
    static let changeSeconds = 0.3

    private struct Row: Sendable {
        var id: Int
        var height: Double
        /// A height change under way: from, to, start time.
        var change: Tween?
        var changeStart: Double
        /// Removed: gone from the list once collapsed.
        var leaving: Bool
    }

    private var rows: [Row]
    /// Each row's top, kept in step with the heights.
    private var tops: [Double] = []
    public private(set) var contentHeight = 0.0

    public init(ids: [Int], rowHeight: Double) {
        rows = ids.map { Row(id: $0, height: rowHeight, change: nil, changeStart: 0, leaving: false) }
        restack()
    }

    /// The rows' ids in order, leaving ones included until they have collapsed.
    public var ids: [Int] { rows.map(\.id) }
    public var count: Int { rows.count }

    public func contains(_ id: Int) -> Bool { rows.contains { $0.id == id } }

    /// Whether the row is being removed (it still takes room while it collapses).
    public func isLeaving(_ id: Int) -> Bool { rows.first { $0.id == id }?.leaving ?? false }

    /// Top and height of row `id` in content coordinates.
    public func span(of id: Int) -> (top: Double, height: Double)? {
        guard let i = rows.firstIndex(where: { $0.id == id }) else { return nil }
        return (tops[i], rows[i].height)
    }

    /// The index (in `ids`) of the row at content y, or nil past the ends.
    public func index(atContentY y: Double) -> Int? {
        guard y >= 0, y < contentHeight else { return nil }
        var low = 0, high = rows.count
        while low < high {
            let mid = (low + high) / 2
            if tops[mid] + rows[mid].height <= y { low = mid + 1 } else { high = mid }
        }
        return low < rows.count ? low : nil
    }

    /// Rows (index, id, top, height) that reach into content y from `top` to `bottom`.
    public func rows(from top: Double, to bottom: Double) -> [(id: Int, top: Double, height: Double)] {
        var out: [(Int, Double, Double)] = []
        var i = index(atContentY: max(0, top)) ?? (top < 0 ? 0 : rows.count)
        while i < rows.count, tops[i] < bottom {
            if rows[i].height > 0 { out.append((rows[i].id, tops[i], rows[i].height)) }
            i += 1
        }
        return out
    }

    /// Starts removing row `id` at `time`: it collapses over 0.3 s, then is gone.
    public mutating func remove(_ id: Int, at time: Double) {
        guard let i = rows.firstIndex(where: { $0.id == id }), !rows[i].leaving else { return }
        rows[i].leaving = true
        rows[i].change = Tween(from: rows[i].height, to: 0, duration: Self.changeSeconds, curve: .easeInOut)
        rows[i].changeStart = time
    }

    /// Inserts row `id` at position `index` at `time`, growing to `height` over 0.3 s.
    public mutating func insert(_ id: Int, at index: Int, height: Double, time: Double) {
        guard !contains(id) else { return }
        let position = min(max(index, 0), rows.count)
        rows.insert(Row(id: id, height: 0, change: Tween(from: 0, to: height, duration: Self.changeSeconds,
                                                         curve: .easeInOut),
                        changeStart: time, leaving: false), at: position)
        restack()
    }

    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        var moving = false
        var changed = false
        for i in rows.indices {
            guard let change = rows[i].change else { continue }
            let t = time - rows[i].changeStart
            rows[i].height = change.x(at: t)
            changed = true
            if change.isDone(at: t) { rows[i].change = nil } else { moving = true }
        }
        let before = rows.count
        rows.removeAll { $0.leaving && $0.change == nil }
        if changed || rows.count != before { restack() }
        return moving
    }

    public var isMoving: Bool { rows.contains { $0.change != nil } }

    private mutating func restack() {
        tops.removeAll(keepingCapacity: true)
        var y = 0.0
        for row in rows {
            tops.append(y)
            y += row.height
        }
        contentHeight = y
    }
}
