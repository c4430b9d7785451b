import Testing
@testable import Touch

@Suite struct TapRecognizerTests {
    @Test func recordedTap() throws {
        var tap = TapRecognizer()
        for event in try trace(Traces.tap) { tap.handle(event) }
        #expect(tap.state == .ended && tap.location == Point(x: 400, y: 300))
        #expect(tap.maxMovement == 18 && tap.maxDuration == 0.5)
    }

    @Test func tooFarTooLongOrTwoFingersIsNoTap() {
        var far = TapRecognizer()
        for event in stroke([Point(x: 0, y: 0), Point(x: 0, y: 19)]) { far.handle(event) }
        #expect(far.state == .failed)

        var long = TapRecognizer()
        for event in stroke([Point(x: 0, y: 0)], liftDelay: 0.500_001) { long.handle(event) }
        #expect(long.state == .failed)

        var held = TapRecognizer()
        held.handle(TouchEvent(slot: 0, phase: .down, x: 0, y: 0, time: 0.0))
        held.advance(to: 0.6)
        #expect(held.state == .failed)

        var two = TapRecognizer()
        two.handle(TouchEvent(slot: 0, phase: .down, x: 0, y: 0, time: 0.0))
        two.handle(TouchEvent(slot: 1, phase: .down, x: 50, y: 0, time: 0.00001))
        two.handle(TouchEvent(slot: 1, phase: .up, x: 50, y: 0, time: 0.00002))
        two.handle(TouchEvent(slot: 0, phase: .up, x: 0, y: 0, time: 0.00003))
        #expect(two.state == .failed)

        var cancelled = TapRecognizer()
        cancelled.handle(TouchEvent(slot: 0, phase: .down, x: 0, y: 0, time: 0.0))
        cancelled.handle(TouchEvent(slot: 0, phase: .cancel, x: 0, y: 0, time: 0.00001))
        #expect(cancelled.state == .failed)
        // The next touch is judged on its own.
        for event in stroke([Point(x: 5, y: 5)]) { cancelled.handle(event) }
        #expect(cancelled.state == .ended)
    }
}

@Suite struct LongPressRecognizerTests {
    @Test func heldStillForHalfASecond() {
        var press = LongPressRecognizer()
        #expect(press.minimumDuration == 0.5 && press.allowableMovement == 10)
        press.handle(TouchEvent(slot: 0, phase: .down, x: 10, y: 10, time: 1.0))
        #expect(press.deadline == 1.5)
        press.handle(TouchEvent(slot: 0, phase: .move, x: 16, y: 18, time: 1.1))  // 10 pt: allowed
        press.advance(to: 1.499_999)
        #expect(press.state == .possible)
        press.advance(to: 1.5)
        #expect(press.state == .began && press.deadline == nil)
        press.handle(TouchEvent(slot: 0, phase: .move, x: 80, y: 18, time: 1.6))
        #expect(press.state == .changed && press.location == Point(x: 80, y: 18))
        press.handle(TouchEvent(slot: 0, phase: .up, x: 80, y: 18, time: 1.7))
        #expect(press.state == .ended)
    }

    @Test func anEventAfterTheDeadlineRecognizesFirst() {
        var press = LongPressRecognizer()
        press.handle(TouchEvent(slot: 0, phase: .down, x: 0, y: 0, time: 0.0))
        press.handle(TouchEvent(slot: 0, phase: .move, x: 1, y: 0, time: 0.7))
        #expect(press.state == .began)
    }

    @Test func movingOrLiftingEarlyFails() {
        var moved = LongPressRecognizer()
        moved.handle(TouchEvent(slot: 0, phase: .down, x: 0, y: 0, time: 0.0))
        moved.handle(TouchEvent(slot: 0, phase: .move, x: 10.1, y: 0, time: 0.1))
        moved.advance(to: 0.9)
        #expect(moved.state == .failed)
        var lifted = LongPressRecognizer()
        for event in stroke([Point(x: 0, y: 0)], liftDelay: 0.3) { lifted.handle(event) }
        #expect(lifted.state == .failed)
    }

    @Test func cancelAfterBeginningIsCancelled() {
        var press = LongPressRecognizer()
        press.handle(TouchEvent(slot: 0, phase: .down, x: 0, y: 0, time: 0.0))
        press.advance(to: 0.5)
        press.handle(TouchEvent(slot: 0, phase: .cancel, x: 0, y: 0, time: 0.51))
        #expect(press.state == .cancelled)
    }
}
