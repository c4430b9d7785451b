import Platform
import Raster
import Testing
@testable import Reader
import Touch
import Widgets

/// A display whose flips take their time, as KMS's do: a present starts one, `flip(at:)` completes it.
final class SlowFlipDisplay: Display {
    let shadow = Surface(width: 64, height: 48)
    let refreshPeriod = 1.0 / 60
    private(set) var presents: [DamageRegion] = []
    private(set) var isFlipPending = false
    var name: String { "flipping 64x48" }

    func present(_ damage: DamageRegion) throws -> Bool {
        if isFlipPending { return false }
        presents.append(damage)
        isFlipPending = true
        return true
    }

    func flipDone() { isFlipPending = false }
}

/// A scene that moves for `movingUntil` seconds after a touch, draws a pixel whenever it moved, and may have a
/// deadline; it records the times it was advanced to.
final class CountingScene: Scene {
    var movingUntil = 0.0
    var advancedTo: [Double] = []
    var changed = true
    var drawsNothing = false
    var deadline: Double?

    func handle(_ frame: TouchFrame) {
        movingUntil = frame.time + 0.05
        changed = true
    }

    func advance(to time: Double) -> Bool {
        advancedTo.append(time)
        if let due = deadline, due <= time { deadline = nil }
        let moving = time < movingUntil
        changed = changed || moving
        return moving
    }

    func draw(into canvas: Canvas) -> DamageRegion {
        defer { changed = false }
        guard changed, !drawsNothing else { return DamageRegion() }
        return DamageRegion(PixelRect(x: 0, y: 0, width: 1, height: 1))
    }

    func invalidateDrawing() { changed = true }
}

@Suite struct FrameLoopTests {
    func touch(at seconds: Double) -> TouchFrame {
        TouchFrame([TouchEvent(slot: 0, phase: .down, x: 1, y: 1, time: seconds)])
    }

    @Test func framesArePacedByFlipsAndStopWhenNothingMoves() throws {
        let display = SlowFlipDisplay()
        let scene = CountingScene()
        let loop = FrameLoop(scene: scene, display: display, scale: .one)
        try loop.tick(now: 0)                                   // the first frame draws everything
        #expect(display.presents.count == 1 && display.isFlipPending)
        #expect(loop.wakeTime == nil)                          // the flip's completion will wake the loop
        // A touch while the flip is pending is handled at once, but its frame waits for the flip.
        try loop.handle(touch(at: 1.0), now: 1.0)
        #expect(display.presents.count == 1 && loop.needsFrame)
        display.flipDone()
        try loop.flipCompleted(at: 1.004, now: 1.005)
        // Advanced to the moment it will be on the glass: a refresh after the flip that just completed.
        #expect(display.presents.count == 2 && abs(scene.advancedTo.last! - (1.004 + 1.0 / 60)) < 1e-12)
        var t = 1.004
        while display.isFlipPending, t < 2 {
            t += 1.0 / 60
            display.flipDone()
            try loop.flipCompleted(at: t, now: t + 0.001)
        }
        // Moving for 50 ms after the touch: two or three frames after the first, then nothing; no timer, the
        // panel sleeps.
        #expect((3...4).contains(display.presents.count))
        #expect(!loop.needsFrame && loop.wakeTime == nil && !display.isFlipPending)
    }

    @Test func aDeadlineWakesTheLoopWithoutInput() throws {
        let display = HeadlessDisplay(width: 8, height: 8)
        let scene = CountingScene()
        let loop = FrameLoop(scene: scene, display: display, scale: .one)
        try loop.tick(now: 0)
        #expect(loop.wakeTime == nil)
        scene.deadline = 5
        #expect(loop.wakeTime == 5)
        try loop.wake(now: 5)
        #expect(scene.advancedTo.last == 5 && loop.wakeTime == nil)
    }

    @Test func movingWithoutDrawingWakesOneRefreshLaterInsteadOfSpinning() throws {
        let display = HeadlessDisplay(width: 8, height: 8)
        let scene = CountingScene()
        scene.drawsNothing = true
        let loop = FrameLoop(scene: scene, display: display, scale: .one)
        try loop.handle(touch(at: 2), now: 2)
        #expect(loop.needsFrame)
        let wake = try #require(loop.wakeTime)
        #expect(abs(wake - (2 + 1.0 / 60)) < 1e-12)
    }

    @Test func idleFramesPresentNothing() throws {
        let display = HeadlessDisplay(width: 8, height: 8)
        let loop = FrameLoop(scene: CountingScene(), display: display, scale: .one)
        try loop.frame(at: 0)
        let presented = display.presentedFrames
        for k in 1...10 { try loop.frame(at: Double(k)) }
        #expect(display.presentedFrames == presented)
    }
}

/// A display that refuses or fails presents on demand.
final class StubbornDisplay: Display {
    struct Gone: Error {}
    let shadow = Surface(width: 8, height: 8)
    let refreshPeriod = 1.0 / 60
    var isFlipPending = false
    var refuse = 0
    var fail = 0
    private(set) var shown: [DamageRegion] = []
    var name: String { "stubborn" }

    func present(_ damage: DamageRegion) throws -> Bool {
        if fail > 0 { fail -= 1; throw Gone() }
        if refuse > 0 { refuse -= 1; return false }
        shown.append(damage)
        return true
    }
}

@Suite struct FrameLoopPresentFailureTests {
    @Test func pixelsTheDisplayDidNotTakeGoOutWithTheNextFrame() throws {
        let display = StubbornDisplay()
        display.refuse = 1
        let scene = CountingScene()
        let loop = FrameLoop(scene: scene, display: display, scale: .one)
        try loop.frame(at: 0)
        #expect(display.shown.isEmpty && loop.unpresented && loop.needsFrame)
        // Nothing new is drawn, but what was drawn is presented now.
        try loop.frame(at: 1.0 / 60)
        #expect(display.shown.count == 1 && !loop.unpresented && !loop.needsFrame)
    }

    @Test func aFailingDisplayIsRetriedLessAndLessOften() throws {
        let display = StubbornDisplay()
        display.fail = 10
        let loop = FrameLoop(scene: CountingScene(), display: display, scale: .one)
        var gaps: [Double] = []
        var t = 0.0
        for _ in 0..<8 {
            #expect(throws: StubbornDisplay.Gone.self) { try loop.frame(at: t) }
            let wake = try #require(loop.wakeTime)
            gaps.append(wake - t)
            t = wake
        }
        for (a, b) in zip(gaps, gaps.dropFirst()) { #expect(b >= a) }
        #expect(gaps.last! >= 1)                              // a second between tries at the most
        #expect(gaps.last! < 1.1)
    }
}
