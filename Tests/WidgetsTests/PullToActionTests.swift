import Testing
@testable import Touch
@testable import Widgets

/// ShinobiEssentials' Pull to Action: its five states, the visualizer's handshake, and the seed's arrow.
@Suite struct PullToActionStateTests {
    @Test func triggeredStrictlyPastTheThreshold() {
        typealias S = PullToActionState
        #expect(PullToAction.state(.idle, dragged: 0, threshold: 100) == .idle)
        #expect(PullToAction.state(.idle, dragged: 0.001, threshold: 100) == .pulling)
        #expect(PullToAction.state(.pulling, dragged: 100, threshold: 100) == .pulling)      // at it: not past it
        #expect(PullToAction.state(.pulling, dragged: 100.000001, threshold: 100) == .triggered)
        #expect(PullToAction.state(.triggered, dragged: 100.000001, threshold: 100) == .triggered)
        #expect(PullToAction.state(.triggered, dragged: 100, threshold: 100) == .pulling)    // back to it: pulling
        // Dragging never moves an executing or retracting control.
        #expect(PullToAction.state(.executing, dragged: 300, threshold: 100) == .executing)
        #expect(PullToAction.state(.retracting, dragged: 300, threshold: 100) == .retracting)
    }
}

/// A visualizer that records what it hears and hands control back only when told: the control must wait.
final class RecordingVisualizer: PullToActionVisualizer {
    var heard: [String] = []
    var executeAtOnce = false
    var resetAtOnce = false

    func frame(ofStatusViewIn visibleArea: Rect, control: PullToAction) -> Rect { visibleArea }
    func stateChanged(_ control: PullToAction, from old: PullToActionState, to new: PullToActionState, at time: Double) {
        heard.append("\(old.rawValue)→\(new.rawValue)")
    }
    func pulledAmountChanged(_ control: PullToAction, at time: Double) {}
    func triggeredAction(_ control: PullToAction, at time: Double) {
        heard.append("triggered")
        if executeAtOnce { control.executeAction(at: time) }
    }
    func actionCompleted(_ control: PullToAction, at time: Double) {
        heard.append("completed")
        if resetAtOnce { control.resetToIdle(at: time) }
    }
    func advance(_ control: PullToAction, to time: Double) -> Bool { false }
}

/// The times the control reported `.triggered`, taken from its events as an owner takes them.
final class TriggerLog {
    let control: PullToAction
    private var seen: [Double] = []
    init(_ control: PullToAction) { self.control = control }
    var triggered: [Double] {
        for case .triggered(let time) in control.takeEvents() { seen.append(time) }
        return seen
    }
}

@Suite struct PullToActionHandshakeTests {
    let frame = Rect(x: 0, y: 0, width: 800, height: 480)

    private func makeControl(_ visualizer: PullToActionVisualizer, status: PullToActionStatusView? = nil)
        -> PullToAction {
        PullToAction(scroll: ScrollView(frame: frame, contentHeight: 2000), statusView: status ?? ArrowStatusView(),
                     visualizer: visualizer)
    }

    /// Pulls down from y 60 by `distance`, holds, lets go; then frames until `after`.
    private func pull(_ control: PullToAction, _ distance: Double, after: Double = 1.5,
                      each: (Double) -> Void = { _ in }) {
        var script = GestureScript(start: 1.0)
        script.drag(from: Point(x: 400, y: 60), to: Point(x: 400, y: 60 + distance), seconds: 0.6, hold: 0.2)
        playPan(script, axis: .vertical, after: after) { pan, time in control.follow(pan, at: time) } frame: { t in
            control.advance(to: t)
            each(t)
        }
    }

    @Test func theControlWaitsForTheVisualizerAtEachHandOver() {
        let visualizer = RecordingVisualizer()
        let control = makeControl(visualizer)
        let actions = TriggerLog(control)
        pull(control, 320)
        // Let go past the threshold: the visualizer hears it, but until it calls executeAction nothing runs.
        #expect(visualizer.heard == ["idle→pulling", "pulling→triggered", "triggered"])
        #expect(control.state == .triggered && actions.triggered.isEmpty)
        control.executeAction(at: 3)
        #expect(control.state == .executing && actions.triggered == [3])
        // Held open at the executing height, whatever the pull was.
        control.advance(to: 5)
        #expect(control.visibleHeight == 50 && control.scroll.offset == -50)
        control.actionCompleted(at: 5)
        #expect(control.state == .executing)                 // the visualizer has not reset yet
        control.resetToIdle(at: 6)
        #expect(control.state == .retracting)
        control.advance(to: 8)
        #expect(control.state == .idle && control.visibleHeight == 0)
        #expect(visualizer.heard.suffix(4) == ["triggered→executing", "completed", "executing→retracting", "retracting→idle"])
    }

    @Test func lettingGoBeforeTheThresholdRetractsWithoutActing() {
        let visualizer = RecordingVisualizer()
        visualizer.executeAtOnce = true
        let control = makeControl(visualizer)
        let actions = TriggerLog(control)
        var states: [PullToActionState] = [.idle]
        pull(control, 120) { _ in if states.last != control.state { states.append(control.state) } }
        #expect(actions.triggered.isEmpty)
        #expect(states == [.idle, .pulling, .retracting, .idle])
    }

    @Test func aDirectionChangeBackUnderTheThresholdDoesNotAct() {
        let visualizer = RecordingVisualizer()
        visualizer.executeAtOnce = true
        let control = makeControl(visualizer)
        let actions = TriggerLog(control)
        var script = GestureScript(start: 1.0)
        script.down(at: Point(x: 400, y: 60))
        script.move(to: Point(x: 400, y: 400), seconds: 0.6)
        script.move(to: Point(x: 400, y: 120), seconds: 0.4)
        script.wait(0.2)
        script.up()
        var seen: [PullToActionState] = []
        playPan(script, axis: .vertical) { pan, time in
            control.follow(pan, at: time)
            if seen.last != control.state { seen.append(control.state) }
        } frame: { control.advance(to: $0) }
        #expect(seen.contains(.triggered))
        #expect(actions.triggered.isEmpty && control.state == .idle)
    }

    @Test func pullsWhileExecutingNeverTriggerAgain() {
        let arrow = ArrowStatusView()
        let control = makeControl(ArrowVisualizer(arrow: arrow), status: arrow)
        let actions = TriggerLog(control)
        pull(control, 320)
        #expect(control.state == .executing && actions.triggered.count == 1)
        pull(control, 320)
        #expect(control.state == .executing && actions.triggered.count == 1)
    }

    @Test func aCodeTriggeredActionExecutesAndRevealsTheControl() {
        let arrow = ArrowStatusView()
        let control = makeControl(ArrowVisualizer(arrow: arrow), status: arrow)
        let actions = TriggerLog(control)
        control.trigger(at: 1)
        #expect(control.state == .executing && actions.triggered == [1])
        #expect(arrow.isSpinning && arrow.scale == 1)
        control.advance(to: 3)
        #expect(control.visibleHeight == 50)
    }
}

@Suite struct ArrowStatusViewTests {
    @Test func turnsTwoPiRAndScalesMinOneR() {
        let arrow = ArrowStatusView()
        for (pulled, rotation, scale) in [(0.0, 0.0, 0.0), (25, 90, 0.25), (50, 180, 0.5), (100, 360, 1), (150, 540, 1)] {
            arrow.update(pulledAmount: pulled, pullThreshold: 100, at: 0)
            #expect(arrow.rotation == rotation && arrow.scale == scale, "pulled \(pulled)")
        }
    }

    @Test func spinsOneTurnASecondIgnoringPullsAndFinishesItsQuarterTurn() {
        let arrow = ArrowStatusView()
        arrow.update(pulledAmount: 120, pullThreshold: 100, at: 0)   // 432°
        arrow.startSpinning(at: 10)
        arrow.update(pulledAmount: 10, pullThreshold: 100, at: 10.1) // ignored while spinning
        #expect(arrow.advance(to: 10.1))
        #expect(abs(arrow.rotation - (432 + 36)) < 1e-9 && arrow.scale == 1.2 / 1.2)
        arrow.stopSpinning(at: 10.6)                                  // inside the third quarter turn
        #expect(arrow.stopsAt == 10.75)
        arrow.advance(to: 10.7)
        #expect(abs(arrow.rotation - (432 + 252)) < 1e-9 && arrow.isSpinning)
        #expect(arrow.advance(to: 10.9) == false)
        #expect(abs(arrow.rotation - (432 + 270)) < 1e-9 && !arrow.isSpinning)   // exactly three quarters
        // After a spin it holds its pose while the control retracts; idle puts it back at rest.
        arrow.update(pulledAmount: 30, pullThreshold: 100, at: 11)
        #expect(abs(arrow.rotation - 702) < 1e-9)
        arrow.stateChanged(to: .idle, at: 12)
        #expect(arrow.rotation == 0 && arrow.scale == 0)
        arrow.update(pulledAmount: 30, pullThreshold: 100, at: 13)
        #expect(arrow.rotation == 108 && arrow.scale == 0.3)
    }

    @Test func stoppingOnAQuarterTurnStopsThere() {
        let arrow = ArrowStatusView()
        arrow.startSpinning(at: 0)
        arrow.stopSpinning(at: 0.5)
        #expect(arrow.stopsAt == 0.5)
    }

    @Test func theVisualizerResetsOnlyOnceTheQuarterTurnIsDone() {
        let arrow = ArrowStatusView()
        let visualizer = ArrowVisualizer(arrow: arrow)
        let control = PullToAction(scroll: ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400), contentHeight: 900),
                                   statusView: arrow, visualizer: visualizer)
        control.trigger(at: 0)
        control.advance(to: 1.1)
        control.actionCompleted(at: 1.1)                     // the spin's fifth quarter ends at 1.25
        #expect(control.state == .executing)
        control.advance(to: 1.2)
        #expect(control.state == .executing)
        control.advance(to: 1.3)
        #expect(control.state == .retracting)
        #expect(abs(arrow.rotation - (360 + 5 * 90)) < 1e-9)
    }
}

@Suite struct TextStatusViewTests {
    @Test func wordsFollowTheState() throws {
        let view = TextStatusView(typography: try makeTypography())
        #expect(view.text == "Pull to update")
        view.stateChanged(to: .triggered, at: 0)
        #expect(view.text == "Release to update")
        view.stateChanged(to: .executing, at: 0)
        #expect(view.text == "Loading...")
        view.stateChanged(to: .retracting, at: 0)
        #expect(view.text == "Loading...")
        view.stateChanged(to: .idle, at: 0)
        #expect(view.text == "Pull to update")
    }

    @Test func thePlainVisualizerHandsBackAtOnce() throws {
        let status = TextStatusView(typography: try makeTypography())
        let control = PullToAction(scroll: ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400), contentHeight: 900),
                                   statusView: status, visualizer: PlainVisualizer())
        control.trigger(at: 0)
        #expect(control.state == .executing && status.text == "Loading...")
        control.actionCompleted(at: 1)
        #expect(control.state == .retracting)
    }
}

@Suite struct ArrowSecondPullTests {
    @Test func aPullThatCatchesTheRetractingControlTurnsTheArrowAgain() {
        let arrow = ArrowStatusView()
        let control = PullToAction(scroll: ScrollView(frame: Rect(x: 0, y: 0, width: 800, height: 480), contentHeight: 2000),
                                   statusView: arrow, visualizer: ArrowVisualizer(arrow: arrow))
        control.trigger(at: 1)
        control.advance(to: 2)
        control.actionCompleted(at: 2)                        // a quarter-turn boundary: retracts at once
        control.advance(to: 2.05)
        #expect(control.state == .retracting)
        var script = GestureScript(start: 2.1)
        script.down(at: Point(x: 400, y: 100))
        script.move(to: Point(x: 400, y: 300), seconds: 0.4)
        var rotations: [Double] = []
        playPan(script, axis: .vertical, after: 0) { pan, time in
            control.follow(pan, at: time)
            rotations.append(arrow.rotation)
        } frame: { control.advance(to: $0) }
        #expect(control.state == .pulling || control.state == .triggered)
        // The arrow follows this pull: 360° per threshold of pull, as on the first.
        #expect(abs(arrow.rotation - 3.6 * control.pulled) < 1e-9)
        #expect(Set(rotations).count > 5)
    }
}
