import Platform
import Raster
import Testing
@testable import Reader
import Touch
import Widgets

@Suite struct HeadlessHostTests {
    /// Points that do not come out whole (800 px at 1.5 is 533.33 points) still give back the pixels asked for.
    @Test func theDisplayIsThePixelsAskedForAtAnyScale() throws {
        for (width, height, scale) in [(800, 480, 1.5), (1366, 768, 1.75), (1280, 800, 2.0), (333, 201, 0.75)] {
            let host = HeadlessHost(pixelWidth: width, pixelHeight: height, pixelsPerPoint: scale,
                                        typesetter: nil) { DemoShell(setting: $0) }
            #expect(host.display.shadow.width == width && host.display.shadow.height == height)
            #expect(host.setting.scale == Scale(scale))
        }
    }

    /// The frame loop draws with the scene's glyphs, at the virtual clock's rate.
    @Test func theSceneAndTheLoopShareOneSetting() throws {
        let host = try HeadlessHost(pixelWidth: 400, pixelHeight: 300, fps: 30, typesetter: nil) {
            try DemoCatalog.scene(named: "swipe-rows", setting: $0)
        }
        #expect(host.frames.scene === host.scene)
        #expect(host.display.refreshPeriod == 1.0 / 30)
        var script = GestureScript(start: 1.0)
        script.tap(at: Point(x: 100, y: 100))
        var times: [Double] = []
        try host.play(script.trace) { times.append($0.t) }
        #expect(times.prefix(3) == [0, 1.0 / 30, 2.0 / 30])
    }

    @Test func anUnknownDemoIsAnError() {
        #expect(throws: UnknownDemo.self) {
            _ = try HeadlessHost(pixelWidth: 100, pixelHeight: 100, typesetter: nil) {
                try DemoCatalog.scene(named: "nowhere", setting: $0)
            }
        }
    }
}
