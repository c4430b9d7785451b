import Motion
import Raster
import Touch

/// ShinobiEssentials' Pull to Action: a control above the content of a scroll view. Pulled down past
/// `pullThreshold` and let go, it executes an action, holding itself open at `executingHeight` until the
/// delegate reports the action done, then retracts.
///
///     idle → pulling ↔ triggered (past the threshold, strictly, while dragging) → let go → executing
///          → actionCompleted() → retracting → idle
///
/// Let go before the threshold and it retracts without acting. Its status view and visualizer are
/// replaceable; the visualizer decides when to move on from triggered and from executing (see
/// `PullToActionVisualizer`). Pulls while executing move the content but never trigger again.
///
/// Its owner takes `.triggered` from `takeEvents()`, runs the action and calls `actionCompleted(at:)`. On its
/// own it follows its own vertical pan (`handle`) and paints the content through `content`; under a
/// `SwipeList`, the list's arena hands it the pan (`follow`) and the list paints the rows.
public final class PullToAction: Component {
    public enum Event: Sendable, Equatable {
        /// The action starts (the control now holds itself open): run it.
        case triggered(at: Double)
    }

    public static let defaultPullThreshold = 100.0
    public static let defaultExecutingHeight = 50.0

    let pullThreshold: Double
    let executingHeight: Double
    public private(set) var state: PullToActionState = .idle
    /// The content under the control.
    public private(set) var scroll: ScrollView
    public let statusView: PullToActionStatusView
    public let visualizer: PullToActionVisualizer
    private var events = EventQueue<Event>()
    private var pan = PanRecognizer(axis: .vertical, dominance: 0)
    /// Paints the content under the control, scrolled by `scroll.offset`, when the control stands alone; nil
    /// when an owner paints it (a `SwipeList`'s rows).
    public var content: ((Canvas) -> Void)?
    /// The colour of the gap the pull opens.
    public var backdrop = Palette.backdrop
    private var drawn: Look?
    /// The pulled amount last reported to the visualizer.
    private(set) var pulledAmount = 0.0
    /// Whether the visualizer has been told of a release past the threshold and not yet called `executeAction`.
    private var awaitingExecute = false
    /// Whether the delegate reported completion and the visualizer has not yet called `resetToIdle`.
    private var awaitingReset = false

    public init(scroll: ScrollView, statusView: PullToActionStatusView, visualizer: PullToActionVisualizer,
                pullThreshold: Double = PullToAction.defaultPullThreshold,
                executingHeight: Double = PullToAction.defaultExecutingHeight) {
        self.scroll = scroll
        self.statusView = statusView
        self.visualizer = visualizer
        self.pullThreshold = pullThreshold
        self.executingHeight = executingHeight
    }

    /// How far the content is pulled down from its top, ≥ 0: what status views are told.
    public var pulled: Double { max(0, -scroll.offset) }

    /// The control's visible height: the gap above the content.
    public var visibleHeight: Double { pulled }

    // MARK: The scroll view's finger

    /// Plays the content's vertical pan onto the scroll view and the control.
    func follow(_ pan: PanRecognizer, at time: Double) {
        scroll.follow(pan, at: time)
        switch pan.state {
        case .began, .changed:
            if state == .retracting, pulled > 0 { change(to: .pulling, at: time) }
            reportPull(at: time)
        case .ended:
            reportPull(at: time)
            if state == .triggered {
                awaitingExecute = true
                visualizer.triggeredAction(self, at: time)
            } else if state == .pulling {
                change(to: .retracting, at: time)
            }
        case .cancelled:
            reportPull(at: time)
            if state == .triggered || state == .pulling { change(to: .retracting, at: time) }
        case .possible, .failed:
            break
        }
    }

    /// The state a drag moves the control to, `pulled` points down: pulling from the first point, triggered
    /// strictly past the threshold, back to pulling at or under it. Other states do not change by dragging.
    public static func state(_ state: PullToActionState, dragged pulled: Double, threshold: Double) -> PullToActionState {
        switch state {
        case .idle where pulled > 0: .pulling
        case .pulling where pulled > threshold: .triggered
        case .triggered where pulled <= threshold: .pulling
        default: state
        }
    }

    private func reportPull(at time: Double) {
        let amount = pulled
        if scroll.isDragging {
            change(to: Self.state(state, dragged: amount, threshold: pullThreshold), at: time)
        }
        if amount != pulledAmount {
            pulledAmount = amount
            visualizer.pulledAmountChanged(self, at: time)
        }
    }

    /// The content under the control changed length.
    func setContentHeight(_ height: Double, at time: Double) { scroll.setContentHeight(height, at: time) }

    // MARK: The handshake

    /// The visualizer is done with its Triggered visuals: the action starts, the control holds itself open.
    func executeAction(at time: Double) {
        guard awaitingExecute, state == .triggered else { return }
        awaitingExecute = false
        change(to: .executing, at: time)
        scroll.setTopInset(executingHeight, at: time)
        // Held open while the action runs: content resting above that height (a visualizer that took its time,
        // an action started from code) comes down to show the control.
        if !scroll.isDragging, scroll.offset > -executingHeight { scroll.scroll(to: -executingHeight, at: time) }
        events.append(.triggered(at: time))
    }

    /// The owner's work is done.
    public func actionCompleted(at time: Double) {
        guard state == .executing, !awaitingReset else { return }
        awaitingReset = true
        visualizer.actionCompleted(self, at: time)
    }

    /// The visualizer is done with its completion visuals: the control retracts.
    func resetToIdle(at time: Double) {
        guard awaitingReset, state == .executing else { return }
        awaitingReset = false
        change(to: .retracting, at: time)
        scroll.setTopInset(0, at: time)
    }

    /// Runs an action from code, as a pull would: executing at once (the visualizer's handshake still applies).
    public func trigger(at time: Double) {
        guard state == .idle else { return }
        // The status view looks as it would at the moment a finger let go at the threshold.
        statusView.update(pulledAmount: pullThreshold, pullThreshold: pullThreshold, at: time)
        change(to: .pulling, at: time)
        change(to: .triggered, at: time)
        awaitingExecute = true
        visualizer.triggeredAction(self, at: time)
    }

    // MARK: Time

    @discardableResult
    public func advance(to time: Double) -> Bool {
        var moving = scroll.advance(to: time)
        reportPull(at: time)
        if visualizer.advance(self, to: time) { moving = true }
        if statusView.advance(to: time) { moving = true }
        if state == .retracting, !scroll.isDragging, !scroll.isMoving, pulled <= 0 {
            change(to: .idle, at: time)
        }
        // A visualizer that waits animates (and says so) or is waiting on something that will call back: no
        // frames are owed for the waiting itself.
        return moving
    }

    private func change(to new: PullToActionState, at time: Double) {
        guard new != state else { return }
        let old = state
        state = new
        statusView.stateChanged(to: new, at: time)
        visualizer.stateChanged(self, from: old, to: new, at: time)
    }

    /// The status view's frame in the scroll view's frame: above the content's top, in the gap the pull opened.
    var statusViewFrame: Rect {
        let area = Rect(x: scroll.frame.minX, y: scroll.frame.minY, width: scroll.frame.width, height: visibleHeight)
        return visualizer.frame(ofStatusViewIn: area, control: self)
    }
}

extension PullToAction {
    // MARK: The seam

    public func handle(_ frame: TouchFrame) {
        for event in frame.events {
            pan.handle(event)
            follow(pan, at: event.time)
        }
    }

    public func takeEvents() -> [Event] { events.take() }

    public var deadline: Double? { nil }

    public func invalidateDrawing() { drawn = nil }

    /// Everything that decides the picture; two equal looks paint the same pixels.
    private struct Look: Equatable {
        var offset: Double
        var status: Rect
        var showing: Bool
        var appearance: AnyHashable
    }

    private var look: Look {
        Look(offset: scroll.offset, status: statusViewFrame, showing: state != .idle, appearance: statusView.appearance)
    }

    public func pendingDamage(on canvas: Canvas) -> DamageRegion {
        let now = look
        guard now != drawn else { return DamageRegion() }
        if let before = drawn, before.offset == now.offset {
            // The content rests (held open while the action runs): only the status view changes.
            return DamageRegion(canvas.pixels(covering: before.status.union(now.status)).intersection(canvas.clip))
        }
        return DamageRegion(canvas.pixels(covering: scroll.frame).intersection(canvas.clip))
    }

    public func didDraw() { drawn = look }

    /// The gap the pull opens with the status view in it, and the content when the control stands alone.
    public func paint(_ canvas: Canvas) {
        let frame = scroll.frame
        let gap = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: visibleHeight)
        canvas.fill(gap, with: backdrop)
        content?(canvas)
        if state != .idle, canvas.needsDrawing(gap) {
            statusView.draw(into: canvas.clipped(to: canvas.snapped(gap)), frame: statusViewFrame)
        }
    }
}
