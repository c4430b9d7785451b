import Platform
import Raster
import Testing
@testable import Reader
import Touch

/// A touchscreen unplugged mid-gesture, through the same path the panel uses: raw device input → TouchAssembler
/// → the scene on a virtual clock.
@Suite struct TouchRemovalTests {
    @Test func aTouchscreenUnpluggedMidPullLetsThePageSpringBackAndANewOneWorks() throws {
        let host = try HeadlessHost(setting: try makeSetting()) {
            try #require(DemoCatalog.make("pull-menu", setting: $0) as? PullMenuScene)
        }
        let scene = host.scene
        var assembler = TouchAssembler(logicalWidth: 800, logicalHeight: 480)
        var frames: [TouchFrame] = []
        func feed(_ input: RawInput) { frames += assembler.handle(input) }
        // Half a pull: the page follows the finger left, then the device vanishes with the finger still down.
        feed(.touchDown(device: 1, seatSlot: 0, x: 740, y: 240, timeUsec: 1_000_000))
        feed(.touchFrame(timeUsec: 1_000_000))
        for k in 1...10 {
            let t = Int64(1_000_000 + k * 16_000)
            feed(.touchMotion(device: 1, seatSlot: 0, x: 740 - Double(k) * 3, y: 240, timeUsec: t))
            feed(.touchFrame(timeUsec: t))
        }
        feed(.deviceRemoved(device: 1, timeUsec: 1_200_000))
        #expect(frames.last?.events.map(\.phase) == [.cancel])
        var pulled = 0.0
        try host.play(TouchTrace(frames: frames)) { frame in
            pulled = max(pulled, scene.menu.offsetX)
        }
        #expect(pulled > 5)                       // the page was pulled…
        #expect(scene.menu.offsetX == 0)          // …and sprang back: no stuck finger holds it
        #expect(!scene.menu.isPulling)

        // A touchscreen plugged in afterwards (a new device id, the same seat slot) drives the scene again.
        frames = []
        feed(.touchDown(device: 2, seatSlot: 0, x: 740, y: 240, timeUsec: 5_000_000))
        feed(.touchFrame(timeUsec: 5_000_000))
        feed(.touchMotion(device: 2, seatSlot: 0, x: 700, y: 240, timeUsec: 5_016_000))
        feed(.touchFrame(timeUsec: 5_016_000))
        #expect(frames.map { $0.events.map(\.phase) } == [[.down], [.move]])
        for frame in frames { scene.handle(frame) }
        _ = scene.advance(to: 5.02)
        #expect(scene.menu.isPulling && scene.menu.offsetX > 0)
    }
}
