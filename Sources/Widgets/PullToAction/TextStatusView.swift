import Raster
import Text
import Touch

/// A plain status view: words for the state, as ShinobiEssentials' default ("Pull to update", "Release to
/// update", "Loading..."), centred in its frame.
final class TextStatusView: PullToActionStatusView {
    static let pullText = "Pull to update"
    static let releaseText = "Release to update"
    static let loadingText = "Loading..."

    private let layouts: [String: TextLayout]
    private let typography: Typography
    public private(set) var text = TextStatusView.pullText

    public init(typography: Typography, style: TextStyle = TextStyle(family: .sans, size: 15, color: Palette.faint)) {
        self.typography = typography
        var layouts: [String: TextLayout] = [:]
        for text in [Self.pullText, Self.releaseText, Self.loadingText] {
            layouts[text] = typography.layout(text, style: style, width: 400)
        }
        self.layouts = layouts
    }

    public func update(pulledAmount: Double, pullThreshold: Double, at time: Double) {}

    public func stateChanged(to state: PullToActionState, at time: Double) {
        switch state {
        case .idle, .pulling: text = Self.pullText
        case .triggered: text = Self.releaseText
        case .executing: text = Self.loadingText
        case .retracting: break
        }
    }

    public var appearance: AnyHashable { text }

    public func draw(into canvas: Canvas, frame: Rect) {
        guard let layout = layouts[text] else { return }
        let x = frame.midX - typography.width(of: layout) / 2
        let y = frame.midY - typography.height(of: layout) / 2
        canvas.draw(layout, at: Point(x: x, y: y))
    }
}

/// Lays a status view out across the gap the pull opens and hands control straight back: no visuals of its
/// own between the states (the seed's first, empty visualizer, with the status view placed).
final class PlainVisualizer: PullToActionVisualizer {
    let statusHeight: Double

    public init(statusHeight: Double = 50) { self.statusHeight = statusHeight }

    public func frame(ofStatusViewIn visibleArea: Rect, control: PullToAction) -> Rect {
        // Its bottom rides on the content's top edge.
        Rect(x: visibleArea.minX, y: visibleArea.maxY - statusHeight, width: visibleArea.width, height: statusHeight)
    }

    public func stateChanged(_ control: PullToAction, from old: PullToActionState, to new: PullToActionState,
                             at time: Double) {}

    public func pulledAmountChanged(_ control: PullToAction, at time: Double) {
        control.statusView.update(pulledAmount: control.pulledAmount, pullThreshold: control.pullThreshold, at: time)
    }

    public func triggeredAction(_ control: PullToAction, at time: Double) { control.executeAction(at: time) }

    public func actionCompleted(_ control: PullToAction, at time: Double) { control.resetToIdle(at: time) }

    public func advance(_ control: PullToAction, to time: Double) -> Bool { false }
}
