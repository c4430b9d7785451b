/// The range a scroll offset rests in, and the size of the view along the scroll axis.
/// Offsets grow as content moves towards the start of the axis (up or left), as UIScrollView's contentOffset.
public struct ScrollBounds: Sendable, Hashable {
    public var minOffset: Double
    public var maxOffset: Double
    /// The view's size along the axis: the rubber band's d.
    public var viewport: Double

    /// `maxOffset` below `minOffset` is raised to it (content shorter than the view rests at the start).
    public init(minOffset: Double = 0, maxOffset: Double, viewport: Double) {
        let low = minOffset.isFinite ? minOffset : 0
        self.minOffset = low
        self.maxOffset = maxOffset.isFinite ? max(maxOffset, low) : low
        self.viewport = viewport.isFinite && viewport > 0 ? viewport : 1
    }

    /// Content of `length` shown in a view of `viewport`: offsets 0 … length − viewport.
    public init(contentLength: Double, viewport: Double) {
        self.init(minOffset: 0, maxOffset: contentLength - viewport, viewport: viewport)
    }

    public func contains(_ offset: Double) -> Bool { offset >= minOffset && offset <= maxOffset }

    public func clamp(_ offset: Double) -> Double { min(max(offset, minOffset), maxOffset) }

    /// How far `offset` lies past the edges: negative before `minOffset`, positive after `maxOffset`, else 0.
    public func overscroll(_ offset: Double) -> Double {
        if offset < minOffset { return offset - minOffset }
        if offset > maxOffset { return offset - maxOffset }
        return 0
    }
}
