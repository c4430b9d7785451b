import Testing
import Platform
import Raster
import Touch

@Suite struct TouchAssemblerTests {
    @Test func eventsWaitForTheirFrameAndFingersMovingTogetherArriveTogether() {
        var assembler = TouchAssembler(logicalWidth: 1280, logicalHeight: 800)
        #expect(assembler.handle(.touchDown(device: 1, seatSlot: 0, x: 10, y: 20, timeUsec: 100)).isEmpty)
        #expect(assembler.handle(.touchDown(device: 1, seatSlot: 1, x: 30, y: 40, timeUsec: 100)).isEmpty)
        let frames = assembler.handle(.touchFrame(timeUsec: 100))
        #expect(frames == [TouchFrame(time: 0.0001, events: [
            TouchEvent(slot: 0, phase: .down, x: 10, y: 20, time: 0.0001),
            TouchEvent(slot: 1, phase: .down, x: 30, y: 40, time: 0.0001),
        ])])
        #expect(assembler.handle(.touchFrame(timeUsec: 200)).isEmpty)
        _ = assembler.handle(.touchMotion(device: 1, seatSlot: 1, x: 35, y: 40, timeUsec: 300))
        _ = assembler.handle(.touchUp(device: 1, seatSlot: 0, timeUsec: 300))
        let next = assembler.handle(.touchFrame(timeUsec: 300))
        #expect(next.first?.events == [
            TouchEvent(slot: 1, phase: .move, x: 35, y: 40, time: 0.0003),
            TouchEvent(slot: 0, phase: .up, x: 10, y: 20, time: 0.0003),
        ])
    }

    @Test(arguments: [
        (QuarterTurn.none, 100.0, 200.0, 100.0, 200.0),
        (.clockwise90, 100, 200, 200, 1180),
        (.clockwise180, 100, 200, 1180, 600),
        (.clockwise270, 100, 200, 600, 100),
    ])
    func thePanelsMountingIsUndone(turn: QuarterTurn, px: Double, py: Double, x: Double, y: Double) {
        // A 1280x800 panel; turned a quarter, the logical picture is 800x1280.
        let logical = turn.swapsAxes ? (800, 1280) : (1280, 800)
        let assembler = TouchAssembler(logicalWidth: logical.0, logicalHeight: logical.1, turn: turn)
        #expect(assembler.panelSize == (1280, 800))
        #expect(assembler.logical(px, py) == Point(x: x, y: y))
    }

    @Test func logicalTouchAgreesWithWhereTheScanoutPutsThatPixel() {
        // The pixel the finger is on, taken through the display's mapping, must come back to the same place.
        for turn in QuarterTurn.allCases {
            let (w, h) = turn.swapsAxes ? (800, 1280) : (1280, 800)
            let assembler = TouchAssembler(logicalWidth: w, logicalHeight: h, turn: turn)
            let pixel = PixelRect(x: 37, y: 501, width: 1, height: 1)
            let onPanel = turn.apply(to: pixel, logicalWidth: w, logicalHeight: h)
            // The centre of the panel pixel maps to the centre of the logical pixel.
            let back = assembler.logical(Double(onPanel.x) + 0.5, Double(onPanel.y) + 0.5)
            #expect(back == Point(x: 37.5, y: 501.5), "\(turn)")
        }
    }

    @Test func scaleTurnsPixelsIntoPoints() {
        let assembler = TouchAssembler(logicalWidth: 1920, logicalHeight: 1080, scale: Scale(2))
        #expect(assembler.logical(300, 100) == Point(x: 150, y: 50))
    }

    @Test func aPressedPointerIsOneMoreFinger() {
        var assembler = TouchAssembler(logicalWidth: 1280, logicalHeight: 800)
        #expect(assembler.handle(.pointerMotion(device: 2, x: 5, y: 6, timeUsec: 10)).isEmpty)
        let down = assembler.handle(.pointerButton(device: 2, pressed: true, timeUsec: 20))
        #expect(down.first?.events == [TouchEvent(slot: TouchAssembler.pointerSlot, phase: .down, x: 5, y: 6, time: 0.00002)])
        let move = assembler.handle(.pointerMotion(device: 2, x: 9, y: 6, timeUsec: 30))
        #expect(move.first?.events.first?.phase == .move)
        let up = assembler.handle(.pointerButton(device: 2, pressed: false, timeUsec: 40))
        #expect(up.first?.events == [TouchEvent(slot: TouchAssembler.pointerSlot, phase: .up, x: 9, y: 6, time: 0.00004)])
        // A second release is not a second lift.
        #expect(assembler.handle(.pointerButton(device: 2, pressed: false, timeUsec: 50)).isEmpty)
    }

    @Test func aVanishedDeviceCancelsOnlyItsOwnFingers() {
        var assembler = TouchAssembler(logicalWidth: 1280, logicalHeight: 800)
        _ = assembler.handle(.touchDown(device: 1, seatSlot: 0, x: 1, y: 1, timeUsec: 0))
        _ = assembler.handle(.touchDown(device: 3, seatSlot: 1, x: 2, y: 2, timeUsec: 0))
        _ = assembler.handle(.touchFrame(timeUsec: 0))
        _ = assembler.handle(.touchMotion(device: 1, seatSlot: 0, x: 4, y: 1, timeUsec: 10))
        let frames = assembler.handle(.deviceRemoved(device: 1, timeUsec: 20))
        #expect(frames.first?.events == [TouchEvent(slot: 0, phase: .cancel, x: 4, y: 1, time: 0.00002)])
        // The half-assembled motion of the vanished finger is not delivered afterwards; the other finger lives on.
        _ = assembler.handle(.touchMotion(device: 3, seatSlot: 1, x: 3, y: 2, timeUsec: 30))
        #expect(assembler.handle(.touchFrame(timeUsec: 30)).first?.events == [TouchEvent(slot: 1, phase: .move, x: 3, y: 2, time: 0.00003)])
        #expect(assembler.handle(.touchUp(device: 1, seatSlot: 0, timeUsec: 40)).isEmpty)
        #expect(assembler.handle(.touchFrame(timeUsec: 40)).isEmpty)
    }

    /// The kernel may hand a new touchscreen the address libinput gave the old one: after the removal, the same
    /// device id and slot start a fresh finger, with no stale cancel in front of it.
    @Test func aDeviceAddedAfterARemovalStartsClean() {
        var assembler = TouchAssembler(logicalWidth: 100, logicalHeight: 100)
        _ = assembler.handle(.touchDown(device: 1, seatSlot: 0, x: 1, y: 1, timeUsec: 0))
        _ = assembler.handle(.touchFrame(timeUsec: 0))
        #expect(assembler.handle(.deviceRemoved(device: 1, timeUsec: 10)).first?.events.map(\.phase) == [.cancel])
        #expect(assembler.handle(.deviceRemoved(device: 1, timeUsec: 11)).isEmpty)   // told twice: cancelled once
        _ = assembler.handle(.touchDown(device: 1, seatSlot: 0, x: 5, y: 5, timeUsec: 20))
        #expect(assembler.handle(.touchFrame(timeUsec: 20)).first?.events == [TouchEvent(slot: 0, phase: .down, x: 5, y: 5, time: 0.00002)])
    }

    /// Found in review: a finger whose down no frame had delivered got a cancel for a touch never seen, and a
    /// press taken over by another mouse's motion stayed stuck when the pressing mouse went away.
    @Test func removalCancelsOnlyWhatWasSeenAndThePressStaysWithItsDevice() {
        var assembler = TouchAssembler(logicalWidth: 100, logicalHeight: 100)
        _ = assembler.handle(.touchDown(device: 1, seatSlot: 0, x: 1, y: 1, timeUsec: 0))
        #expect(assembler.handle(.deviceRemoved(device: 1, timeUsec: 5)).isEmpty)
        #expect(assembler.handle(.touchFrame(timeUsec: 6)).isEmpty)

        _ = assembler.handle(.pointerButton(device: 2, pressed: true, timeUsec: 10))
        _ = assembler.handle(.pointerMotion(device: 3, x: 7, y: 7, timeUsec: 20))
        #expect(assembler.handle(.deviceRemoved(device: 2, timeUsec: 30)).first?.events.map(\.phase) == [.cancel])
        #expect(assembler.handle(.pointerMotion(device: 3, x: 8, y: 8, timeUsec: 40)).isEmpty)
    }

    @Test func failedInputCancelsEveryFingerAndThePointer() {
        var assembler = TouchAssembler(logicalWidth: 100, logicalHeight: 100)
        #expect(assembler.cancelAll(at: 0).isEmpty)
        _ = assembler.handle(.touchDown(device: 1, seatSlot: 3, x: 1, y: 1, timeUsec: 0))
        _ = assembler.handle(.touchDown(device: 2, seatSlot: 0, x: 2, y: 2, timeUsec: 0))
        _ = assembler.handle(.touchFrame(timeUsec: 0))
        _ = assembler.handle(.pointerMotion(device: 4, x: 7, y: 7, timeUsec: 1))
        _ = assembler.handle(.pointerButton(device: 4, pressed: true, timeUsec: 2))
        _ = assembler.handle(.touchMotion(device: 1, seatSlot: 3, x: 9, y: 1, timeUsec: 3))
        let frames = assembler.cancelAll(at: 0.000005)
        #expect(frames.first?.events == [TouchEvent(slot: 0, phase: .cancel, x: 2, y: 2, time: 0.000005),
                                         TouchEvent(slot: 3, phase: .cancel, x: 9, y: 1, time: 0.000005),
                                         TouchEvent(slot: TouchAssembler.pointerSlot, phase: .cancel, x: 7, y: 7, time: 0.000005)])
        #expect(assembler.handle(.touchFrame(timeUsec: 6)).isEmpty)
        #expect(assembler.cancelAll(at: 0.000007).isEmpty)
    }

    @Test func motionOfAnUnknownFingerAndARepeatedDownAreHandled() {
        var assembler = TouchAssembler(logicalWidth: 100, logicalHeight: 100)
        _ = assembler.handle(.touchMotion(device: 1, seatSlot: 4, x: 1, y: 1, timeUsec: 0))
        #expect(assembler.handle(.touchFrame(timeUsec: 0)).isEmpty)
        _ = assembler.handle(.touchDown(device: 1, seatSlot: 0, x: 1, y: 1, timeUsec: 10))
        _ = assembler.handle(.touchDown(device: 1, seatSlot: 0, x: 9, y: 9, timeUsec: 20))
        let events = assembler.handle(.touchFrame(timeUsec: 20)).first?.events.map(\.phase)
        #expect(events == [.down, .cancel, .down])
    }
}
