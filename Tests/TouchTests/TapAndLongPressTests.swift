import Testing
@testable import Touch

@Suite struct TapRecognizerTests {
    @Test func recordedTap() throws {
        var tap = TapRecognizer()
        for event in try trace(Traces.tap) { tap.handle(event) }
        #expect(tap.state == .ended && tap.location == Point(x: 400, y: 300))
        #expect(tap.maxMovement == 18 && tap.maxDurationUsec == 500_000)
    }

    @Test func tooFarTooLongOrTwoFingersIsNoTap() {
        var far = TapRecognizer()
        for event in stroke([Point(x: 0, y: 0), Point(x: 0, y: 19)]) { far.handle(event) }
        #expect(far.state == .failed)

        var long = TapRecognizer()
        for event in stroke([Point(x: 0, y: 0)], liftDelayUsec: 500_001) { long.handle(event) }
        #expect(long.state == .failed)

        var held = TapRecognizer()
        held.handle(TouchEvent(slot: 0, phase: .down, x: 0, y: 0, timeUsec: 0))
        held.advance(toUsec: 600_000)
        #expect(held.state == .failed)

        var two = TapRecognizer()
        two.handle(TouchEvent(slot: 0, phase: .down, x: 0, y: 0, timeUsec: 0))
        two.handle(TouchEvent(slot: 1, phase: .down, x: 50, y: 0, timeUsec: 10))
        two.handle(TouchEvent(slot: 1, phase: .up, x: 50, y: 0, timeUsec: 20))
        two.handle(TouchEvent(slot: 0, phase: .up, x: 0, y: 0, timeUsec: 30))
        #expect(two.state == .failed)

        var cancelled = TapRecognizer()
        cancelled.handle(TouchEvent(slot: 0, phase: .down, x: 0, y: 0, timeUsec: 0))
        cancelled.handle(TouchEvent(slot: 0, phase: .cancel, x: 0, y: 0, timeUsec: 10))
        #expect(cancelled.state == .failed)
        // The next touch is judged on its own.
        for event in stroke([Point(x: 5, y: 5)]) { cancelled.handle(event) }
        #expect(cancelled.state == .ended)
    }
}

@Suite struct LongPressRecognizerTests {
    @Test func heldStillForHalfASecond() {
        var press = LongPressRecognizer()
        #expect(press.minimumDurationUsec == 500_000 && press.allowableMovement == 10)
        press.handle(TouchEvent(slot: 0, phase: .down, x: 10, y: 10, timeUsec: 1_000_000))
        #expect(press.deadlineUsec == 1_500_000)
        press.handle(TouchEvent(slot: 0, phase: .move, x: 16, y: 18, timeUsec: 1_100_000))  // 10 pt: allowed
        press.advance(toUsec: 1_499_999)
        #expect(press.state == .possible)
        press.advance(toUsec: 1_500_000)
        #expect(press.state == .began && press.deadlineUsec == nil)
        press.handle(TouchEvent(slot: 0, phase: .move, x: 80, y: 18, timeUsec: 1_600_000))
        #expect(press.state == .changed && press.location == Point(x: 80, y: 18))
        press.handle(TouchEvent(slot: 0, phase: .up, x: 80, y: 18, timeUsec: 1_700_000))
        #expect(press.state == .ended)
    }

    @Test func anEventAfterTheDeadlineRecognizesFirst() {
        var press = LongPressRecognizer()
        press.handle(TouchEvent(slot: 0, phase: .down, x: 0, y: 0, timeUsec: 0))
        press.handle(TouchEvent(slot: 0, phase: .move, x: 1, y: 0, timeUsec: 700_000))
        #expect(press.state == .began)
    }

    @Test func movingOrLiftingEarlyFails() {
        var moved = LongPressRecognizer()
        moved.handle(TouchEvent(slot: 0, phase: .down, x: 0, y: 0, timeUsec: 0))
        moved.handle(TouchEvent(slot: 0, phase: .move, x: 10.1, y: 0, timeUsec: 100_000))
        moved.advance(toUsec: 900_000)
        #expect(moved.state == .failed)
        var lifted = LongPressRecognizer()
        for event in stroke([Point(x: 0, y: 0)], liftDelayUsec: 300_000) { lifted.handle(event) }
        #expect(lifted.state == .failed)
    }

    @Test func cancelAfterBeginningIsCancelled() {
        var press = LongPressRecognizer()
        press.handle(TouchEvent(slot: 0, phase: .down, x: 0, y: 0, timeUsec: 0))
        press.advance(toUsec: 500_000)
        press.handle(TouchEvent(slot: 0, phase: .cancel, x: 0, y: 0, timeUsec: 510_000))
        #expect(press.state == .cancelled)
    }
}
