import Testing
@testable import Touch

@Suite struct PanRecognizerTests {
    @Test func beginsPastTheSlopWithoutAJump() {
        var pan = PanRecognizer(axis: .horizontal)
        let events = stroke([Point(x: 100, y: 100), Point(x: 110, y: 101), Point(x: 120, y: 102), Point(x: 135, y: 102)])
        pan.handle(events[0])
        pan.handle(events[1])
        #expect(pan.state == .possible && pan.translation == .zero)
        pan.handle(events[2])
        #expect(pan.state == .began)
        #expect(pan.translation == Point(x: 2, y: 0))   // 20 moved, 18 of slop
        #expect(pan.delta == Point(x: 2, y: 0))
        pan.handle(events[3])
        #expect(pan.state == .changed && pan.translation == Point(x: 17, y: 0) && pan.delta == Point(x: 15, y: 0))
        pan.handle(events[4])
        #expect(pan.state == .ended)
        #expect(pan.velocity.y == 0)
    }

    @Test func horizontalGivesUpWhenVerticalPassesSlopFirst() {
        var pan = PanRecognizer(axis: .horizontal)
        pan.handle(stroke([Point(x: 0, y: 0), Point(x: 5, y: 10), Point(x: 8, y: 20), Point(x: 60, y: 22)]))
        #expect(pan.state == .failed)
        #expect(pan.translation == .zero)
    }

    @Test func releaseVelocityIsFlingLimited() {
        // 20 pt per 8 ms = 2500 pt/s, then a 1 pt/8 ms crawl (125 pt/s... then below 50).
        var fast = PanRecognizer(axis: .horizontal)
        fast.handle(stroke((0..<10).map { Point(x: Double($0) * 20, y: 0) }, step: 0.008))
        #expect(abs(fast.velocity.x - 2500) < 1e-6)
        var slow = PanRecognizer(axis: .horizontal, slop: 2)
        slow.handle(stroke((0..<10).map { Point(x: Double($0) * 0.3, y: 0) }, step: 0.008))
        #expect(slow.state == .ended && slow.velocity == .zero)  // 37.5 pt/s is below 50
        var wild = PanRecognizer(axis: .horizontal)
        wild.handle(stroke((0..<10).map { Point(x: Double($0) * 100, y: 0) }, step: 0.008))
        #expect(abs(wild.velocity.x - 8000) < 1e-6)
    }

    @Test func aSecondFingerDoesNotMoveThePan() throws {
        var pan = PanRecognizer(axis: .vertical)
        var lastTranslation = 0.0
        for event in try trace(Traces.twoFingers) {
            pan.handle(event)
            if pan.state.isActive {
                // Slot 0 moves 4 pt per frame; whatever slot 1 does, no step is larger.
                #expect(abs(pan.translation.y - lastTranslation) <= 4 + 1e-9)
                lastTranslation = pan.translation.y
            }
        }
        #expect(pan.state == .ended)
        #expect(abs(pan.translation.y - (24 * 4 - 18)) < 1e-9)
        #expect(pan.translation.x == 0)
    }

    @Test func liftingTheFollowedFingerHandsOverWithoutAJump() {
        var pan = PanRecognizer(axis: .vertical)
        let t0 = 1.0
        pan.handle(TouchEvent(slot: 0, phase: .down, x: 100, y: 100, time: t0))
        pan.handle(TouchEvent(slot: 0, phase: .move, x: 100, y: 140, time: t0 + 0.008))
        pan.handle(TouchEvent(slot: 3, phase: .down, x: 400, y: 600, time: t0 + 0.012))
        #expect(pan.translation.y == 22)
        pan.handle(TouchEvent(slot: 0, phase: .up, x: 100, y: 140, time: t0 + 0.016))
        #expect(pan.state.isActive && pan.slot == 3 && pan.translation.y == 22)
        pan.handle(TouchEvent(slot: 3, phase: .move, x: 400, y: 610, time: t0 + 0.024))
        #expect(pan.translation.y == 32 && pan.delta.y == 10)
        pan.handle(TouchEvent(slot: 3, phase: .up, x: 400, y: 610, time: t0 + 0.032))
        #expect(pan.state == .ended)
    }

    @Test func cancelEndsCleanly() throws {
        var pan = PanRecognizer(axis: .vertical)
        let events = try trace(Traces.cancelMidDrag)
        pan.handle(Array(events.dropLast()))
        #expect(pan.state == .changed)
        pan.handle(events.last!)
        #expect(pan.state == .cancelled && pan.velocity == .zero && pan.delta == .zero)
        // Not yet begun: a cancel is a failure, and the next touch starts afresh.
        var early = PanRecognizer(axis: .vertical)
        early.handle(TouchEvent(slot: 0, phase: .down, x: 0, y: 0, time: 0.0))
        early.handle(TouchEvent(slot: 0, phase: .cancel, x: 0, y: 0, time: 0.000005))
        #expect(early.state == .failed)
        early.handle(stroke([Point(x: 0, y: 0), Point(x: 0, y: 30)]))
        #expect(early.state == .ended && early.translation.y == 12)
    }

    @Test func tapDoesNotPan() throws {
        var pan = PanRecognizer(axis: .free)
        pan.handle(try trace(Traces.tap))
        #expect(pan.state == .failed)
    }
}
