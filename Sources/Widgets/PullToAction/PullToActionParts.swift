/// Where a pull to action is in its cycle (ShinobiEssentials' five states).
public enum PullToActionState: String, Sendable {
    /// At rest, nothing pulled.
    case idle
    /// A finger pulls the content down, not yet past the threshold.
    case pulling
    /// Pulled past the threshold with the finger still down: letting go now acts.
    case triggered
    /// The action runs; the control holds itself open at its executing height.
    case executing
    /// Going back to idle: the content springs home.
    case retracting
}

/// What the control shows (an arrow, words): told how far it is pulled, and of each state change. Nothing
/// else drives it, so any status view fits any visualizer.
public protocol PullToActionStatusView: AnyObject {
    /// The content is pulled `pulledAmount` points down; `pullThreshold` is where the action triggers.
    func update(pulledAmount: Double, pullThreshold: Double, at time: Double)
    /// The control moved to `state` at `time`.
    func stateChanged(to state: PullToActionState, at time: Double)
    /// Moves its own animations to `time`; true while they move.
    func advance(to time: Double) -> Bool
    /// Paints itself in `frame` (points), which may be partly hidden above the content's top.
    func draw(into canvas: Canvas, frame: Rect)
    /// What decides its pixels besides its frame: two equal values paint alike (the control's damage).
    var appearance: AnyHashable { get }
}

extension PullToActionStatusView {
    func stateChanged(to state: PullToActionState, at time: Double) {}
    public func advance(to time: Double) -> Bool { false }
}

/// Lays out the status view and animates it through the states. It must hand control back: after its
/// Triggered visuals it calls `executeAction(at:)`, after its completion visuals `resetToIdle(at:)`; until it
/// does, the control stays where it is.
public protocol PullToActionVisualizer: AnyObject {
    /// The status view's frame, points, given the control's visible area at the top of the content.
    func frame(ofStatusViewIn visibleArea: Rect, control: PullToAction) -> Rect
    func stateChanged(_ control: PullToAction, from old: PullToActionState, to new: PullToActionState, at time: Double)
    func pulledAmountChanged(_ control: PullToAction, at time: Double)
    /// The finger let go past the threshold; call `control.executeAction(at:)` when ready.
    func triggeredAction(_ control: PullToAction, at time: Double)
    /// The delegate reported the action done; call `control.resetToIdle(at:)` when ready.
    func actionCompleted(_ control: PullToAction, at time: Double)
    /// Moves the visualizer's own animations to `time` (it may hand control back from here); true while moving.
    func advance(_ control: PullToAction, to time: Double) -> Bool
}

