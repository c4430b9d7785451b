import Raster

/// The pull menu's affordance (Unread; SCDragAffordanceView): three spring dots in 4x50 slots at x = 0, 16.67
/// and 33.33 of a 50x50 box, telling how far the page has been pulled.
///
/// Dot i is expanded iff (i + 1)/3 < progress, strictly: at exactly 1 all three are red but the third is still
/// collapsed. At progress ≥ 1 every dot is red (let go now and the menu opens); otherwise an expanded dot is
/// black and a collapsed one gray.
public struct DragAffordance: Sendable, Equatable {
    public static let size = 50.0
    static let dotCount = 3

    public private(set) var progress = 0.0
    public private(set) var dots = [SpringDot](repeating: SpringDot(), count: DragAffordance.dotCount)

    public init() {}

    /// The pull's progress (offset / 50) changed at `time`; NaN counts as 0.
    mutating func setProgress(_ value: Double, at time: Double) {
        let progress = value.isNaN ? 0 : value
        self.progress = progress
        for i in dots.indices {
            let expanded = Self.threshold(ofDot: i) < progress
            dots[i].tint = progress >= 1 ? .red : expanded ? .black : .gray
            dots[i].setExpanded(expanded, at: time)
        }
    }

    /// The progress dot `index` must pass (strictly) to expand: (index + 1)/3.
    public static func threshold(ofDot index: Int) -> Double { Double(index + 1) / Double(dotCount) }

    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        var moving = false
        for i in dots.indices where dots[i].advance(to: time) { moving = true }
        return moving
    }

    public var isMoving: Bool { dots.contains { $0.isMoving } }

    /// Left edge of dot `index`'s slot within the box: 0, 16.67, 33.33.
    static func slotX(_ index: Int) -> Double { size / Double(dotCount) * Double(index) }

    /// Where dot `index` is drawn with the box's top-left corner at (x, y): its frame, with a collapse that
    /// bounces past flat drawn at the height's magnitude, centred, as a squashed dot.
    func drawnFrame(of index: Int, x: Double, y: Double) -> Rect {
        let f = dots[index].frame(inSlotAt: x + Self.slotX(index), top: y)
        let width = max(0, f.width), height = abs(f.height)
        return Rect(x: f.x, y: f.y + f.height / 2 - height / 2, width: width, height: height)
    }

    /// Everything the dots cover with the box at (x, y). The spring overshoots: an expanding dot is briefly
    /// taller than the box, so a redraw of the dots must cover this, not the box.
    func drawnBounds(x: Double, y: Double) -> Rect {
        dots.indices.reduce(Rect.zero) { $0.union(drawnFrame(of: $1, x: x, y: y)) }
    }

    /// Paints the dots with the box's top-left corner at (x, y), points. Each dot is a capsule whose corner
    /// radius is half its width, as the original's layer.
    public func draw(into canvas: Canvas, x: Double, y: Double) {
        for (i, dot) in dots.enumerated() {
            let frame = drawnFrame(of: i, x: x, y: y)
            guard !frame.isEmpty else { continue }
            canvas.fill(RoundedRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height,
                                    cornerRadius: frame.width / 2), color: dot.tint.color)
        }
    }
}
