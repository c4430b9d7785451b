import Feeds
import Platform
import Raster
import Testing
@testable import Reader
import Touch
@testable import Widgets

@Suite struct DemoShellTests {
    @Test func aTapOnANameShowsThatDemoAndKeepsTheOthersState() throws {
        let host = HeadlessHost(setting: try makeSetting()) { DemoShell(setting: $0) }
        let shell = host.scene
        #expect(shell.current == "pull-menu")
        var changes: [String] = []
        shell.onSceneChange = { changes.append($0) }
        var script = GestureScript(start: 1.0)
        script.tap(at: Point(x: 240, y: 470))                   // the second of five names: article-pager
        script.wait(0.5)
        script.drag(from: Point(x: 400, y: 300), to: Point(x: 400, y: 50), seconds: 0.5, hold: 0.2)
        script.wait(1)
        script.tap(at: Point(x: 80, y: 470))                    // back to pull-menu
        try host.play(script.trace) { _ in }
        #expect(shell.current == "pull-menu")
        let pager = try #require(shell.demo("article-pager") as? ArticlePagerScene)
        #expect(pager.pager.current == 1)                       // the pull happened in the pager, and stayed
        #expect(changes == ["article-pager", "pull-menu"])      // each switch told once, for the state file
    }

    @Test func aTouchThatStartsInTheBarNeverReachesTheDemo() throws {
        let host = HeadlessHost(setting: try makeSetting()) { DemoShell(setting: $0, first: "pull-to-action") }
        let shell = host.scene
        var script = GestureScript(start: 1.0)
        script.drag(from: Point(x: 400, y: 460), to: Point(x: 400, y: 100), seconds: 0.4, hold: 0.1)
        var states: Set<String> = []
        try host.play(script.trace) { _ in
            states.insert((shell.scene as! PullToActionScene).control.state.rawValue)
        }
        #expect(states == ["idle"])
    }
}

@Suite struct JSONValueTests {
    @Test func numbersAndStringsAreWrittenAsJSON() {
        let value: JSONValue = .object([("a", 1), ("b", 0.5), ("c", .number(2.0)), ("d", .number(-0.0)), ("e", .number(.nan)),
                                        ("f", "q\"\\\n\u{1}é"), ("g", .array([true, nil]))])
        #expect(value.text == #"{"a":1,"b":0.5,"c":2,"d":0,"e":null,"f":"q\"\\\n\u0001é","g":[true,null]}"#)
        #expect(JSONValue.number(0.1 + 0.2).text == "0.30000000000000004")
        #expect(value["b"] == .number(0.5) && value["zz"] == nil)
    }
}

@Suite struct DemoShellHintTests {
    @Test func theRowsPeekOpenTheFirstTimeTheyShow() throws {
        let shell = DemoShell(setting: try makeSetting(), first: "swipe-rows")
        let rows = try #require(shell.scene as? SwipeRowsScene)
        _ = shell.advance(to: 1)
        _ = shell.advance(to: 1.2)
        #expect((rows.rows.offset(ofRow: 0) ?? 0) > 10)
        _ = shell.advance(to: 3)
        #expect(rows.rows.offset(ofRow: 0) == 0)
    }
}
