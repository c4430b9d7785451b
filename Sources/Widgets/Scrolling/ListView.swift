import Touch

/// A vertical list of rows in a frame, given the scroll offset by whoever scrolls it. Only rows in view hold
/// a cell (their laid-out text, their per-row state); a cell whose row scrolls out is handed to the next row
/// that scrolls in, as UITableView reuses its cells, so a list of thousands of articles costs what fits on
/// the screen.
public final class ListView<Cell: AnyObject> {
    public var frame: Rect
    public private(set) var layout: RowLayout
    private let makeCell: () -> Cell
    private let configure: (Cell, Int) -> Void
    private var cells: [Int: Cell] = [:]
    private var spare: [Cell] = []
    /// How many cells were ever made: bounded by the rows that fit on screen, not by the list's length.
    private(set) var cellsMade = 0

    /// `configure` fills a cell for the row with the given id.
    public init(frame: Rect, ids: [Int], rowHeight: Double, makeCell: @escaping () -> Cell,
                configure: @escaping (Cell, Int) -> Void) {
        self.frame = frame
        layout = RowLayout(ids: ids, rowHeight: rowHeight)
        self.makeCell = makeCell
        self.configure = configure
    }

    public var contentHeight: Double { layout.contentHeight }

    /// Row `id`'s frame on screen when the content is scrolled to `offset`.
    public func frame(ofRow id: Int, offset: Double) -> Rect? {
        guard let span = layout.span(of: id) else { return nil }
        return Rect(x: frame.minX, y: frame.minY + span.top - offset, width: frame.width, height: span.height)
    }

    /// The id of the row under `point` (screen points) at scroll `offset`; nil between or past the rows.
    public func row(at point: Point, offset: Double) -> Int? {
        guard frame.contains(point), let index = layout.index(atContentY: point.y - frame.minY + offset) else {
            return nil
        }
        return layout.ids[index]
    }

    /// The rows in view at `offset`, each with its frame on screen and a cell configured for it. Cells of rows
    /// that left the view go back to the spare pile first and are configured afresh for the rows that came in.
    public func visibleRows(offset: Double) -> [(id: Int, frame: Rect, cell: Cell)] {
        let rows = layout.rows(from: offset, to: offset + frame.height)
        let inView = Set(rows.map(\.id))
        for (id, cell) in cells where !inView.contains(id) {
            cells[id] = nil
            spare.append(cell)
        }
        return rows.map { row in
            let cell: Cell
            if let kept = cells[row.id] {
                cell = kept
            } else {
                if let reused = spare.popLast() {
                    cell = reused
                } else {
                    cell = makeCell()
                    cellsMade += 1
                }
                configure(cell, row.id)
                cells[row.id] = cell
            }
            return (row.id, Rect(x: frame.minX, y: frame.minY + row.top - offset, width: frame.width,
                                 height: row.height), cell)
        }
    }

    /// Row `id`'s data changed: its cell, if it holds one, is filled again now.
    public func reconfigure(_ id: Int) {
        if let cell = cells[id] { configure(cell, id) }
    }

    /// Removes row `id` with its collapse; true if it was there.
    @discardableResult
    public func remove(_ id: Int, at time: Double) -> Bool {
        guard layout.contains(id), !layout.isLeaving(id) else { return false }
        layout.remove(id, at: time)
        return true
    }

    public func insert(_ id: Int, at index: Int, height: Double, time: Double) {
        layout.insert(id, at: index, height: height, time: time)
    }

    @discardableResult
    public func advance(to time: Double) -> Bool { layout.advance(to: time) }
}
