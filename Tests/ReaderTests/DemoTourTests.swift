import Platform
import Raster
import Testing
@testable import Reader
import Touch
import Widgets

@Suite struct DemoTourTests {
    /// A tour taps every demo's name in turn and plays its gestures there; two tours in a row keep the clock
    /// moving forward.
    @Test func aTourVisitsEveryDemoAndPlaysItsGestures() throws {
        let host = HeadlessHost(setting: try makeSetting()) { DemoShell(setting: $0) }
        let shell = host.scene
        var visited: [String] = []
        shell.onSceneChange = { visited.append($0) }
        let first = DemoTour.trace(size: Size(width: 800, height: 480), start: 1)
        var drawn = 0
        var last = 0.0
        try host.play(first) { frame in
            if !frame.damage.isEmpty { drawn += 1 }
            last = frame.t
        }
        // The first demo is on show already: its tap changes nothing.
        #expect(visited == Array(DemoCatalog.names.dropFirst()))
        #expect(last > 20)
        #expect(drawn > 300)
        let pager = try #require(shell.demo("article-pager") as? ArticlePagerScene)
        #expect(pager.pager.current == 0)   // pulled to the essay and back
        let second = DemoTour.trace(size: Size(width: 800, height: 480),
                                    start: try #require(first.frames.last?.time) + 2)
        visited = []
        try host.play(second) { _ in }
        #expect(visited == DemoCatalog.names)
    }
}
