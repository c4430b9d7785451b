import Platform
import Raster
import Testing
import Text
@testable import Reader
import Touch
import Widgets

/// Drawing only what changed must give the same picture as drawing everything: at every frame of every demo's
/// gestures, the screen built up from damaged rectangles equals a fresh full drawing of the same moment. A
/// rectangle too small leaves stale pixels on the glass, which comparing two runs of the same damage logic
/// (headless against the panel) cannot see.
@Suite struct DamageTrackingTests {
    @Test(arguments: DemoCatalog.names)
    func everyFrameEqualsAFullRedraw(scene name: String) throws {
        let setting = try makeSetting(width: 400, height: 300)
        try expectEveryFrameEqualsAFullRedraw(name, trace: try #require(DemoTraces.trace(for: name, size: setting.size)),
                                             setting: setting)
    }

    /// The finger stops just past the third dot's threshold and holds: the dots spring, overshooting taller than
    /// their box, with nothing else moving.
    @Test(arguments: [124.0, 126, 128, 131])
    func dotsSpringingWhileTheFingerHoldsStill(pull: Double) throws {
        var script = GestureScript(start: 1.0)
        script.drag(from: Point(x: 380, y: 150), to: Point(x: 380 - pull, y: 150), seconds: 0.3, hold: 0.8)
        try expectEveryFrameEqualsAFullRedraw("pull-menu", trace: script.trace, setting: try makeSetting(width: 400, height: 300))
    }

    private func expectEveryFrameEqualsAFullRedraw(_ name: String, trace: TouchTrace, setting: HostSetting) throws {
        let host = try HeadlessHost(setting: setting) { try DemoCatalog.scene(named: name, setting: $0) }
        let scene = host.scene
        let full = Surface(width: 400, height: 300)
        var checked = 0
        try host.play(trace) { frame in
            scene.invalidateDrawing()
            _ = scene.draw(into: Canvas(surface: full, scale: .one, glyphs: setting.glyphs))
            let stale = host.picture.differingPixels(from: full, tolerance: 0) ?? -1
            #expect(stale == 0, "\(name) at t \(frame.t): \(stale) pixels differ from a full redraw")
            checked += 1
        }
        #expect(checked > 60)
    }
}
