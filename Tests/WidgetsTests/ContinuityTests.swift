import Motion
import Testing
@testable import Touch
@testable import Widgets

/// No jump in position or velocity at any hand-off: when the finger lets go and a spring takes over, when a
/// refresh control's new inset retargets a moving list. The motion after the hand-off starts exactly where the
/// drag left the content, with the speed the content had; and no frame after it moves the content further than
/// the spring allows.
@Suite struct ContinuityTests {
    /// What the finger left at the lift, what the motion taking over says for that instant, and every frame's
    /// offset after it.
    struct HandOff {
        var draggedOffset = 0.0
        var fingerContentVelocity = 0.0
        var motionOffset = 0.0
        var motionVelocity = 0.0
        var after: [Double] = []
    }

    /// Plays `script` onto a component whose content is `position()`, capturing the hand-off at the lift.
    private func handOff(_ script: GestureScript, axis: PanAxis, position: () -> ScrollPosition,
                         follow: (PanRecognizer, Double) -> Void, advance: (Double) -> Void) -> HandOff? {
        var captured: HandOff?
        playPan(script, axis: axis, after: 1.2) { pan, time in
            guard pan.state == .ended else { return follow(pan, time) }
            let before = position()
            let velocity = before.physics.contentVelocity(
                forFingerVelocity: axis == .horizontal ? pan.velocity.x : pan.velocity.y, at: before.offset,
                in: before.bounds)
            follow(pan, time)
            let motion = position().state(at: time)
            captured = HandOff(draggedOffset: before.offset, fingerContentVelocity: velocity,
                               motionOffset: motion.offset, motionVelocity: motion.velocity)
        } frame: { t in
            advance(t)
            captured?.after.append(position().offset)
        }
        return captured
    }

    /// The same position and velocity on both sides of the lift; per frame no faster than the spring allows:
    /// |v0| + ω0·|x0| bounds an overdamped spring's speed (ω0 = √(k/m)) let go x0 from `rest` at v0.
    private func expectSeamless(_ handOff: HandOff?, restingAt rest: Double, spring: Spring = .scrollBounce,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        guard let h = handOff else {
            Issue.record("the finger never lifted", sourceLocation: sourceLocation)
            return
        }
        #expect(h.motionOffset == h.draggedOffset, sourceLocation: sourceLocation)
        #expect(abs(h.motionVelocity - h.fingerContentVelocity) < 1e-9, sourceLocation: sourceLocation)
        #expect(abs(h.fingerContentVelocity) > 100, "the test must let go moving", sourceLocation: sourceLocation)
        let limit = abs(h.fingerContentVelocity) + spring.undampedFrequency * abs(h.draggedOffset - rest)
        for (a, b) in zip(h.after, h.after.dropFirst()) {
            #expect(abs(b - a) <= limit / 60 + 1e-9, "frame step \(b - a)", sourceLocation: sourceLocation)
        }
        #expect(h.after.last == rest, sourceLocation: sourceLocation)
    }

    private func stroke(from: Point, to: Point, seconds: Double) -> GestureScript {
        var script = GestureScript(start: 1.0)
        script.drag(from: from, to: to, seconds: seconds)
        return script
    }

    @Test func thePullMenusPageSpringsBackFromTheLift() {
        var menu = PullMenu(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        let h = handOff(stroke(from: Point(x: 700, y: 240), to: Point(x: 400, y: 240), seconds: 0.3), axis: .horizontal,
                        position: { menu.pull }, follow: { menu.follow($0, at: $1) }, advance: { menu.advance(to: $0) })
        expectSeamless(h, restingAt: 0)
    }

    @Test func aShortPagesBounceStartsFromTheLift() {
        var scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 800, height: 480), contentHeight: 300)
        let h = handOff(stroke(from: Point(x: 400, y: 400), to: Point(x: 400, y: 250), seconds: 0.15), axis: .vertical,
                        position: { scroll.position }, follow: { scroll.follow($0, at: $1) },
                        advance: { scroll.advance(to: $0) })
        expectSeamless(h, restingAt: 0)
    }

    /// Let go past the threshold, the list springs to the executing height (Pull to Action) or the loading inset
    /// (Beamly): the new inset retargets the motion at the lift, from where the content is, at its speed.
    @Test func controlsThatHoldThemselvesOpenRetargetWithoutAJump() {
        let frame = Rect(x: 0, y: 0, width: 800, height: 480)
        let pull = stroke(from: Point(x: 400, y: 50), to: Point(x: 400, y: 420), seconds: 0.35)
        let arrow = ArrowStatusView()
        let action = PullToAction(scroll: ScrollView(frame: frame, contentHeight: 2000), statusView: arrow,
                                  visualizer: ArrowVisualizer(arrow: arrow))
        expectSeamless(handOff(pull, axis: .vertical, position: { action.scroll.position },
                               follow: { action.follow($0, at: $1) }, advance: { action.advance(to: $0) }),
                       restingAt: -50)
        let refresh = CircularRefresh(scroll: ScrollView(frame: frame, contentHeight: 2000))
        expectSeamless(handOff(pull, axis: .vertical, position: { refresh.scroll.position },
                               follow: { refresh.follow($0, at: $1) }, advance: { refresh.advance(to: $0) }),
                       restingAt: -60)
    }
}
