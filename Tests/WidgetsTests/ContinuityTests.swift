import Motion
import Testing
@testable import Touch
@testable import Widgets

/// No jump in position or velocity at any hand-off: when the finger lets go and a spring takes over, when a
/// refresh control's new inset retargets a moving list, when a row snaps. The motion after the hand-off starts
/// exactly where the drag left the content, with the speed the content had; and no frame moves it further
/// than that speed allows.
@Suite struct ContinuityTests {
    /// The offset and content velocity the finger gave the content at the lift, and what the motion that took
    /// over says for that same instant.
    struct HandOff {
        var draggedOffset: Double
        var fingerContentVelocity: Double
        var motionOffset: Double
        var motionVelocity: Double
    }

    private func expectSeamless(_ handOff: HandOff, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(handOff.motionOffset == handOff.draggedOffset, sourceLocation: sourceLocation)
        #expect(abs(handOff.motionVelocity - handOff.fingerContentVelocity) < 1e-9, sourceLocation: sourceLocation)
        #expect(abs(handOff.fingerContentVelocity) > 100, "the test must let go moving", sourceLocation: sourceLocation)
    }

    /// The fastest a spring of the scroll physics can move content let go `displacement` from where it rests at
    /// `velocity`: |v0| + ω0·|x0| bounds an overdamped spring's speed (ω0 = √(k/m)).
    private func springSpeedLimit(_ handOff: HandOff, restingAt rest: Double, spring: Spring = .scrollBounce) -> Double {
        abs(handOff.fingerContentVelocity) + spring.undampedFrequency * abs(handOff.draggedOffset - rest)
    }

    /// Frames 1/60 s apart never move further than `speed` allows.
    private func expectBounded(_ positions: [Double], speed: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        for (a, b) in zip(positions, positions.dropFirst()) {
            #expect(abs(b - a) <= speed / 60 + 1e-9, "frame step \(b - a)", sourceLocation: sourceLocation)
        }
    }

    @Test func thePullMenusPageSpringsBackFromTheLift() {
        var menu = PullMenu(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        var pan = PanRecognizer(axis: .horizontal)
        var script = GestureScript(startUsec: 1_000_000)
        script.drag(from: Point(x: 700, y: 240), to: Point(x: 400, y: 240), seconds: 0.3)
        var handOff: HandOff?
        var after: [Double] = []
        play(script.events) { event in
            pan.handle(event)
            if pan.state == .ended {
                let dragged = menu.pull.offset
                let velocity = menu.pull.physics.contentVelocity(forFingerVelocity: pan.velocity.x, at: dragged,
                                                                 in: menu.pull.bounds)
                menu.follow(pan, at: event.seconds)
                let motion = menu.pull.state(at: event.seconds)
                handOff = HandOff(draggedOffset: dragged, fingerContentVelocity: velocity, motionOffset: motion.offset,
                                  motionVelocity: motion.velocity)
            } else {
                menu.follow(pan, at: event.seconds)
            }
        } frame: { t in
            menu.advance(to: t)
            if handOff != nil { after.append(menu.offsetX) }
        }
        expectSeamless(handOff!)
        expectBounded(after, speed: springSpeedLimit(handOff!, restingAt: 0))
    }

    @Test func aPagerBounceStartsFromTheLift() throws {
        var scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 800, height: 480), contentHeight: 300)
        var pan = PanRecognizer(axis: .vertical, dominance: 0)
        var script = GestureScript(startUsec: 1_000_000)
        script.drag(from: Point(x: 400, y: 400), to: Point(x: 400, y: 250), seconds: 0.15)
        var handOff: HandOff?
        var after: [Double] = []
        play(script.events) { event in
            pan.handle(event)
            if pan.state == .ended {
                let dragged = scroll.offset
                let velocity = scroll.position.physics.contentVelocity(forFingerVelocity: pan.velocity.y, at: dragged,
                                                                       in: scroll.position.bounds)
                scroll.follow(pan, at: event.seconds)
                let motion = scroll.position.state(at: event.seconds)
                handOff = HandOff(draggedOffset: dragged, fingerContentVelocity: velocity, motionOffset: motion.offset,
                                  motionVelocity: motion.velocity)
            } else {
                scroll.follow(pan, at: event.seconds)
            }
        } frame: { t in
            scroll.advance(to: t)
            if handOff != nil { after.append(scroll.offset) }
        }
        expectSeamless(handOff!)
        expectBounded(after, speed: springSpeedLimit(handOff!, restingAt: 0))
        #expect(after.last == 0)
    }

    /// Let go past the threshold, the list springs to the executing height (Pull to Action) or the loading inset
    /// (Beamly): the new inset retargets the motion at the lift, from where the content is, at its speed.
    @Test func controlsThatHoldThemselvesOpenRetargetWithoutAJump() {
        let frame = Rect(x: 0, y: 0, width: 800, height: 480)
        let arrow = ArrowStatusView()
        let action = PullToAction(scroll: ScrollView(frame: frame, contentHeight: 2000), statusView: arrow,
                                  visualizer: ArrowVisualizer(arrow: arrow))
        let refresh = CircularRefresh(scroll: ScrollView(frame: frame, contentHeight: 2000))
        for control in ["action", "refresh"] {
            var pan = PanRecognizer(axis: .vertical, dominance: 0)
            var script = GestureScript(startUsec: 1_000_000)
            script.drag(from: Point(x: 400, y: 50), to: Point(x: 400, y: 420), seconds: 0.35)
            var handOff: HandOff?
            var after: [Double] = []
            func scroll() -> ScrollView { control == "action" ? action.scroll : refresh.scroll }
            play(script.events, after: 1.2) { event in
                pan.handle(event)
                let lifting = pan.state == .ended
                let dragged = scroll().offset
                let velocity = scroll().position.physics.contentVelocity(forFingerVelocity: pan.velocity.y, at: dragged,
                                                                         in: scroll().position.bounds)
                if control == "action" { action.follow(pan, at: event.seconds) } else { refresh.follow(pan, at: event.seconds) }
                if lifting {
                    let motion = scroll().position.state(at: event.seconds)
                    handOff = HandOff(draggedOffset: dragged, fingerContentVelocity: velocity,
                                      motionOffset: motion.offset, motionVelocity: motion.velocity)
                }
            } frame: { t in
                if control == "action" { action.advance(to: t) } else { refresh.advance(to: t) }
                if handOff != nil { after.append(scroll().offset) }
            }
            let rest = control == "action" ? -50.0 : -60.0
            expectSeamless(handOff!)
            expectBounded(after, speed: springSpeedLimit(handOff!, restingAt: rest))
            #expect(after.last == rest)
        }
    }
}
