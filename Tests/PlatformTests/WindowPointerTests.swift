import Testing
@testable import Platform
import Raster
import Touch

@Suite struct WindowPointerTests {
    /// SDL's clock read at 5000 ms while CLOCK_MONOTONIC reads 90 s.
    let now = WindowPointer.Reading(ticks: 5_000, monotonicMicroseconds: 90_000_000)

    @Test func anEventIsAsOldOnTheMonotonicClockAsSDLCountsIt() {
        var pointer = WindowPointer()
        #expect(pointer.time(ticks: 4_988, now: now) == 89_988_000)
        #expect(pointer.time(ticks: 5_000, now: now) == 90_000_000)
    }

    @Test func sdlsTickCountWrappingAroundChangesNothing() {
        var pointer = WindowPointer()
        let wrapped = WindowPointer.Reading(ticks: 3, monotonicMicroseconds: 90_000_000)
        #expect(pointer.time(ticks: UInt32.max - 6, now: wrapped) == 89_990_000)
    }

    @Test func anEventStampedJustAfterTheReadingHappenedAtIt() {
        // SDL takes in the X server's events inside SDL_PollEvent, after the clocks were read.
        var pointer = WindowPointer()
        #expect(pointer.time(ticks: 5_001, now: now) == 90_000_000)
        #expect(pointer.time(ticks: 5_003, now: now) == 90_000_000)
        let down = pointer.button(pressed: true, x: 300, y: 115, ticks: 5_004, now: now)
        #expect(down.count == 2)
        for input in down {
            guard case .pointerButton(_, _, let time) = input else { continue }
            #expect(time == 90_000_000)
        }
    }

    @Test func aLaterEventNeverGoesBackInTime() {
        var pointer = WindowPointer()
        let first = pointer.time(ticks: 5_000, now: now)
        // The next reading of the two clocks lands a little differently: the same millisecond, a hair earlier.
        let again = WindowPointer.Reading(ticks: 5_001, monotonicMicroseconds: 90_000_400)
        #expect(pointer.time(ticks: 5_000, now: again) == first)
    }

    @Test func theLeftButtonIsAFingerDownWhereTheMouseIsAndUpWhereItLetGo() {
        var pointer = WindowPointer()
        var assembler = TouchAssembler(logicalWidth: 800, logicalHeight: 480)
        var frames: [TouchFrame] = []
        func feed(_ inputs: [RawInput]) { for input in inputs { frames += assembler.handle(input) } }
        feed(pointer.moved(x: 10, y: 10, ticks: 4_900, now: now))
        #expect(frames.isEmpty, "a mouse moving with no button down touches nothing")
        feed(pointer.button(pressed: true, x: 300, y: 115, ticks: 4_950, now: now))
        feed(pointer.moved(x: 310, y: 115, ticks: 4_960, now: now))
        feed(pointer.button(pressed: false, x: 310, y: 115, ticks: 4_970, now: now))
        let slot = TouchAssembler.pointerSlot
        #expect(frames.flatMap(\.events) == [
            TouchEvent(slot: slot, phase: .down, x: 300, y: 115, time: 89.95),
            TouchEvent(slot: slot, phase: .move, x: 310, y: 115, time: 89.96),
            TouchEvent(slot: slot, phase: .up, x: 310, y: 115, time: 89.97),
        ])
    }

    @Test func aButtonAlreadyDownIsNoSecondTouch() {
        var pointer = WindowPointer()
        #expect(pointer.button(pressed: true, x: 1, y: 2, ticks: 4_990, now: now).count == 2)
        #expect(pointer.button(pressed: true, x: 1, y: 2, ticks: 4_991, now: now).isEmpty)
    }
}
