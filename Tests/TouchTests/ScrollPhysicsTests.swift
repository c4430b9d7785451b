import Testing
import Motion
@testable import Touch

@Suite struct ScrollPhysicsTests {
    let bounds = ScrollBounds(contentLength: 2000, viewport: 320)   // offsets 0…1680

    @Test func defaults() {
        let physics = ScrollPhysics()
        #expect(physics.rubberBandCoefficient == 0.55)
        #expect(physics.decelerationRate == .normal && physics.decelerationRate.perMillisecond == 0.998)
        #expect(physics.spring == Spring(mass: 0.5, stiffness: 100, dampingRatio: 1.1))
        #expect(physics.pageLength == nil)
        #expect(ScrollPhysics.paging(pageLength: 320).decelerationRate.perMillisecond == 0.99)
    }

    @Test func dragIsOneToOneInsideAndRubberBandedPastTheEdge() {
        let physics = ScrollPhysics()
        #expect(physics.offset(afterDragging: -30, from: 100, in: bounds) == 130)
        // Finger down by 108 pt at the top: about 50 pt revealed on a 320 pt view.
        let pulled = physics.offset(afterDragging: 108, from: 0, in: bounds)
        #expect(abs(pulled - -50) < 0.15)
        // Crossing the edge in one move: 20 pt one to one, the rest resisted.
        let crossed = physics.offset(afterDragging: 128, from: 20, in: bounds)
        #expect(abs(crossed - pulled) < 1e-9)
        // The bottom edge mirrors the top.
        #expect(abs(physics.offset(afterDragging: -108, from: 1680, in: bounds) - 1730) < 0.15)
    }

    @Test func dragIsPathIndependentAndReversible() {
        let physics = ScrollPhysics()
        var stepped = 10.0
        for _ in 0..<200 { stepped = physics.offset(afterDragging: 1, from: stepped, in: bounds) }
        let once = physics.offset(afterDragging: 200, from: 10, in: bounds)
        #expect(abs(stepped - once) < 1e-9)
        var back = stepped
        for _ in 0..<200 { back = physics.offset(afterDragging: -1, from: back, in: bounds) }
        #expect(abs(back - 10) < 1e-9)
    }

    @Test func coastInsideStopsAtTheProjection() {
        let simulation = ScrollPhysics().ballistic(from: 500, velocity: 1000, in: bounds)
        #expect(simulation.handOffTime == nil)
        #expect(abs(simulation.finalX - 999) < 1e-9)   // 500 + (1000/1000)·0.998/0.002
        #expect(simulation.x(at: 0) == 500 && simulation.dx(at: 0) == 1000)
    }

    /// Samples a motion at 60 Hz; checks per-frame movement and returns the frames.
    func frames(_ simulation: some Simulation, maxSpeed: Double) -> [Double] {
        var positions: [Double] = []
        var t = 0.0
        while !simulation.isDone(at: t), t < 20 {
            positions.append(simulation.x(at: t))
            t += 1.0 / 60
        }
        positions.append(simulation.x(at: t))
        for (a, b) in zip(positions, positions.dropFirst()) {
            #expect(abs(b - a) <= maxSpeed / 60 + 1e-9, "frame step \(b - a)")
        }
        return positions
    }

    @Test func coastHandsOverToTheBounceSpringAtTheEdge() throws {
        let physics = ScrollPhysics()
        let simulation = physics.ballistic(from: 1500, velocity: 3000, in: bounds)
        let handOff = try #require(simulation.handOffTime)
        // Exactly at the edge, with the coast's velocity: no jump in position or velocity.
        let before = handOff - 1e-9, after = handOff + 1e-9
        #expect(abs(simulation.x(at: before) - 1680) < 1e-5 && abs(simulation.x(at: after) - 1680) < 1e-5)
        #expect(abs(simulation.dx(at: before) - simulation.dx(at: after)) < 1e-3)
        guard case .coast(let decay, let edge?) = simulation else { Issue.record("not a coast"); return }
        #expect(edge.spring.start == 1680 && edge.spring.velocity == decay.dx(at: handOff))
        // Overshoots a little, comes back, rests on the edge; never moves more than a frame's worth.
        let positions = frames(simulation, maxSpeed: 3000)
        let peak = try #require(positions.max())
        #expect(peak > 1680 && peak < 1680 + 320)
        #expect(simulation.finalX == 1680)
        #expect(abs(positions.last! - 1680) < 0.5)
        #expect(positions.count < 60 * 5)
    }

    @Test func overscrolledReleaseSpringsHomeWithTheContentsVelocity() {
        let physics = ScrollPhysics()
        // Drag down past the top at a constant 600 pt/s finger speed, 10 pt per 60 Hz frame.
        var offset = 40.0
        var previous = offset
        for _ in 0..<12 { previous = offset; offset = physics.offset(afterDragging: 10, from: offset, in: bounds) }
        #expect(offset < 0)
        let contentSpeedBefore = (offset - previous) * 60
        let velocity = physics.contentVelocity(forFingerVelocity: 600, at: offset, in: bounds)
        #expect(velocity < 0 && velocity > -600 * 0.55)
        #expect(abs(velocity - contentSpeedBefore) < 0.05 * abs(contentSpeedBefore))
        let simulation = physics.ballistic(from: offset, velocity: velocity, in: bounds)
        #expect(simulation.x(at: 0) == offset && simulation.dx(at: 0) == velocity)
        #expect(simulation.finalX == 0)
        let positions = frames(simulation, maxSpeed: 600)
        #expect(positions.min()! >= offset - 40)
    }

    @Test func pagingMovesAtMostOnePage() {
        let physics = ScrollPhysics.paging(pageLength: 320)
        let pages = ScrollBounds(contentLength: 320 * 5, viewport: 320)
        // A short drag that did not pass half a page goes back; past half goes on.
        #expect(physics.pageTarget(from: 100, velocity: 0, in: pages) == 0)
        #expect(physics.pageTarget(from: 170, velocity: 0, in: pages) == 320)
        // A flick goes to the next page even from a short drag; a huge one still only one page.
        #expect(physics.pageTarget(from: 40, velocity: 800, in: pages) == 320)
        #expect(physics.pageTarget(from: 700, velocity: 8000, in: pages) == 960)
        #expect(physics.pageTarget(from: 700, velocity: -8000, in: pages) == 640)
        #expect(physics.pageTarget(from: 1270, velocity: 8000, in: pages) == 1280)
        #expect(physics.pageTarget(from: -30, velocity: -500, in: pages) == 0)
        let simulation = physics.ballistic(from: 700, velocity: 2000, in: pages)
        #expect(simulation.finalX == 960 && simulation.x(at: 0) == 700 && simulation.dx(at: 0) == 2000)
        let positions = frames(simulation, maxSpeed: 2000)
        #expect(positions.max()! <= 960 + 1e-9)   // overdamped: never overshoots the page
    }

    @Test func badInputStaysFinite() {
        let physics = ScrollPhysics()
        #expect(physics.offset(afterDragging: .nan, from: 10, in: bounds) == 10)
        #expect(physics.offset(afterDragging: .infinity, from: 10, in: bounds).isFinite)
        let simulation = physics.ballistic(from: .nan, velocity: .infinity, in: bounds)
        #expect(simulation.x(at: 1).isFinite && simulation.isDone(at: 0))
        #expect(ScrollBounds(minOffset: 0, maxOffset: -50, viewport: 0).maxOffset == 0)
    }
}

@Suite struct ScrollPositionTests {
    @Test func recordedFlickScrollsCoastsAndStopsWithoutJumps() throws {
        var position = ScrollPosition(offset: 0, bounds: ScrollBounds(contentLength: 5000, viewport: 480))
        var pan = PanRecognizer(axis: .vertical)
        var offsets: [Double] = []
        var projected = 0.0
        for event in try trace(Traces.verticalFlick) {
            pan.handle(event)
            switch pan.state {
            case .began:
                position.beginDrag(at: event.time)
                position.drag(fingerDelta: pan.delta.y)
            case .changed:
                position.drag(fingerDelta: pan.delta.y)
            case .ended:
                let atRelease = position.offset
                position.endDrag(fingerVelocity: pan.velocity.y, at: event.time)
                #expect(position.offset == atRelease)
                #expect(abs(atRelease - -pan.translation.y) < 1e-9)   // inside the bounds the drag is 1:1
                projected = DecelerationRate.normal.projectedEnd(from: atRelease, velocity: -pan.velocity.y)
                #expect(abs(position.velocity - -pan.velocity.y) < 1e-9)
                var time = event.time
                while position.advance(to: time), offsets.count < 600 {
                    offsets.append(position.offset)
                    time += 1.0 / 60
                }
            default:
                break
            }
        }
        #expect(position.activity == .idle && !position.isMoving)
        #expect(offsets.count > 60 && offsets.count < 600)
        // The coast ends where the WWDC projection said: about 1500 pt/s × 0.499 s past the release.
        #expect(position.offset == projected)
        #expect(projected - offsets[0] > 650 && projected - offsets[0] < 850)
        for (a, b) in zip(offsets, offsets.dropFirst()) { #expect(b >= a && b - a <= 1600.0 / 60) }
    }

    @Test func touchingAMovingListCatchesIt() {
        var position = ScrollPosition(offset: 100, bounds: ScrollBounds(contentLength: 5000, viewport: 480))
        position.beginDrag(at: 0)
        position.drag(fingerDelta: -50)
        position.endDrag(fingerVelocity: -2000, at: 1)
        position.advance(to: 1.2)
        let moving = position.state(at: 1.25)
        position.beginDrag(at: 1.25)
        #expect(position.offset == moving.offset && position.velocity == 0 && position.activity == .dragging)
        let stillMoving = position.advance(to: 2)
        #expect(!stillMoving)
        #expect(position.offset == moving.offset)
    }

    @Test func shrinkingContentSpringsBackIn() {
        var position = ScrollPosition(offset: 1500, bounds: ScrollBounds(contentLength: 2000, viewport: 480))
        position.setBounds(ScrollBounds(contentLength: 1000, viewport: 480), at: 10)
        #expect(position.isMoving && position.offset == 1500 && position.targetOffset == 520)
        var time = 10.0
        while position.advance(to: time) { time += 1.0 / 60 }
        #expect(position.offset == 520)
    }

    @Test func programmaticScrollKeepsVelocity() {
        var position = ScrollPosition(offset: 0, bounds: ScrollBounds(contentLength: 5000, viewport: 480))
        position.endDrag(fingerVelocity: -1000, at: 0)
        let before = position.state(at: 0.1)
        position.animate(to: 4000, at: 0.1)
        let after = position.state(at: 0.1)
        #expect(before.offset == after.offset && before.velocity == after.velocity)
        #expect(position.targetOffset == 4000)
        position.cancelDrag(at: 0.2)
        #expect(position.isMoving)
    }
}

@Suite struct ScrollEdgeStopAndSlideTests {
    @Test func withoutBounceAtTheStartTheDragStopsDeadAndComesBackAtOnce() {
        var physics = ScrollPhysics()
        physics.bouncesAtStart = false
        let bounds = ScrollBounds(minOffset: 0, maxOffset: 0, viewport: 320)
        // Finger right by 40: the offset stays at the start edge instead of rubber-banding below it.
        let right = physics.offset(afterDragging: 40, from: 0, in: bounds)
        #expect(right == 0)
        // Back left by 10 from there acts at once (no dead zone to unwind), rubber-banded past the end edge.
        let left = physics.offset(afterDragging: -10, from: right, in: bounds)
        #expect(left > 0 && left < 10)
        #expect(abs(left - RubberBand(dimension: 320).offset(forFingerTravel: 10)) < 1e-12)
        // The end edge still bounces.
        #expect(physics.offset(afterDragging: -100, from: 0, in: bounds) > 0)
    }

    @Test func aSlideTakesItsTimeAlongItsCurveAndEndsAtRest() {
        var position = ScrollPosition(offset: 0, bounds: ScrollBounds(minOffset: -60, maxOffset: 400, viewport: 480))
        position.slide(to: -60, duration: 0.3, at: 10)
        #expect(position.isMoving && position.targetOffset == -60)
        position.advance(to: 10.15)
        #expect(abs(position.offset - -30) < 1e-9)   // ease-in-out is half way at half time
        #expect(position.advance(to: 10.299) == true)
        #expect(position.advance(to: 10.3) == false)
        #expect(position.offset == -60 && position.activity == .idle)
        // A slide's target is kept inside the bounds.
        position.slide(to: -500, duration: 0.3, at: 11)
        #expect(position.targetOffset == -60)
    }
}
