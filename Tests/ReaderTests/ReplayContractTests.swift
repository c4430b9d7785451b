import Feeds
import Platform
import Raster
import Testing
import Text
@testable import Reader
import Touch
@testable import Widgets

/// The demo scenes through `lectern replay`'s virtual clock, checked on the fields the inspection contract
/// names, frame by frame.
struct Played {
    var frames: [(t: Double, fields: [(String, JSONValue)], damage: DamageRegion)] = []

    func values(_ key: String) -> [JSONValue] { frames.map { frame in frame.fields.first { $0.0 == key }!.1 } }
    func numbers(_ key: String) -> [Double] {
        values(key).map { if case .number(let d) = $0 { d } else { .nan } }
    }
    func strings(_ key: String) -> [String] {
        values(key).map { if case .string(let s) = $0 { s } else { "" } }
    }
    /// The values in order with repeats collapsed: the state sequence.
    func sequence(_ key: String) -> [String] {
        strings(key).reduce(into: []) { if $0.last != $1 { $0.append($1) } }
    }
}

func makeSetting(width: Double = 800, height: Double = 480, scale: Double = 1, actionSeconds: Double = 1) throws -> HostSetting {
    HostSetting(size: Size(width: width, height: height),
                typography: Typography(typesetter: Typesetter(library: try FontLibrary()), scale: Scale(scale)),
                actionSeconds: actionSeconds)
}

func replay(_ name: String, _ write: (inout GestureScript) -> Void, setting: HostSetting? = nil,
            refreshAt: Double? = nil) throws -> (Played, any DemoScene) {
    let host = try HeadlessHost(setting: try setting ?? makeSetting()) { try DemoCatalog.scene(named: name, setting: $0) }
    let scene = host.scene
    var script = GestureScript(start: 3.0)
    write(&script)
    var played = Played()
    try host.play(script.trace, refreshAt: refreshAt, startAction: scene.startAction) {
        played.frames.append(($0.t, scene.inspection(), $0.damage))
    }
    return (played, scene)
}

@Suite struct ReplayClockTests {
    @Test func framesEverySixtiethFromTheFirstEventUntilASecondAtRest() throws {
        let (played, _) = try replay("pull-menu") { $0.tap(at: Point(x: 400, y: 240)) }
        let times = played.frames.map(\.t)
        #expect(times.first == 0)
        for (k, t) in times.enumerated() { #expect(t == Double(k) / 60) }
        // Nothing moves after a tap on the page: at rest from the first frame, so it ends a second after the lift.
        #expect(abs(times.last! - (0.08 + 1)) < 1.0 / 60 + 1e-9)
    }
}

@Suite struct PullMenuSceneTests {
    @Test func theContractsFieldsFrameByFrame() throws {
        let (played, _) = try replay("pull-menu") { script in
            script.drag(from: Point(x: 740, y: 240), to: Point(x: 420, y: 240), seconds: 0.6, hold: 0.5)
            script.wait(1.5)
            script.tap(at: Point(x: 400, y: 240))
        }
        for frame in played.frames {
            let fields = Dictionary(frame.fields, uniquingKeysWith: { a, _ in a })
            guard case .number(let progress)? = fields["progress"], case .number(let offset)? = fields["offsetX"],
                  case .array(let dots)? = fields["dots"] else { Issue.record("fields missing at \(frame.t)"); return }
            #expect(offset >= 0 && dots.count == 3)
            if progress != 0 { #expect(abs(progress - offset / 50) < 1e-9, "t \(frame.t)") }
            // Every frame, the dots are what the progress says: strictly past their thirds, red from 1.
            for (i, dot) in dots.enumerated() {
                let expanded = Double(i + 1) / 3 < progress
                let color = progress >= 1 ? "red" : expanded ? "black" : "gray"
                #expect(dot["expanded"] == .bool(expanded) && dot["color"] == .string(color), "t \(frame.t) dot \(i)")
            }
        }
        #expect(played.sequence("menu") == ["closed", "opening", "open", "closing", "closed"])
        // The overlay rises to 0.9 and the opening takes half a second.
        let overlay = played.numbers("overlay")
        #expect(overlay.max() == 0.9)
        let opening = played.strings("menu").filter { $0 == "opening" }.count
        #expect((29...31).contains(opening))
    }

    @Test func whileTheFingerHoldsStillOnlyTheDotsAreRedrawn() throws {
        let (played, _) = try replay("pull-menu") { script in
            script.drag(from: Point(x: 740, y: 240), to: Point(x: 420, y: 240), seconds: 0.6, hold: 0.6)
        }
        let small = played.frames.filter { !$0.damage.isEmpty && $0.damage.area < 800 * 480 / 20 }
        #expect(small.count > 10)
        // The dots' 50 pt box wide and, as the spring overshoots (damping 0.4: about a quarter), up to 64 pt
        // tall, with a pixel of anti-aliasing around: never more.
        for frame in small { #expect(frame.damage.bounds.width <= 53 && frame.damage.bounds.height <= 67) }
    }
}

@Suite struct ArticlePagerSceneTests {
    @Test(arguments: [(800.0, 480.0, 1.0), (960, 540, 2)])
    func theFirstAndLastFitTheScreenAndTheMiddleOneTakesThree(width: Double, height: Double, scale: Double) throws {
        let setting = try makeSetting(width: width, height: height, scale: scale)
        let heights = SampleArticles.pagerArticles.map {
            $0.page(width: width, typography: setting.typography).contentHeight
        }
        #expect(heights[0] <= height && heights[2] <= height)
        #expect(heights[1] >= 3 * height)
    }

    @Test func pullingPastTheFooterGoesToTheNextArticle() throws {
        let (played, _) = try replay("article-pager") { script in
            script.drag(from: Point(x: 400, y: 420), to: Point(x: 400, y: 100), seconds: 0.5, hold: 0.2)
        }
        let articles = played.values("article")
        #expect(articles.first == .integer(0) && articles.last == .integer(1))
        #expect(played.values("header").allSatisfy { $0["visible"] == .bool(false) })   // the first has no header
        #expect(played.values("footer").contains { $0["loaded"] == .bool(true) && $0["visible"] == .bool(true) })
        let transitions = played.values("transition").filter { $0 != .null }
        #expect(transitions.allSatisfy { $0["to"] == .integer(1) } && (12...13).contains(transitions.count))
        // The arrows report degrees, not wrapped: the footer's turns from 0 towards 180.
        let arrows = played.values("footer").compactMap { if case .number(let a)? = $0["arrow"] { a } else { nil } }
        #expect(arrows.max()! <= 180 && arrows.contains { $0 > 0 && $0 < 180 })
    }

    @Test func withNoArticlesItSaysSoInsteadOfFailing() throws {
        let host = HeadlessHost(setting: try makeSetting(width: 400, height: 300)) {
            ArticlePagerScene(setting: $0, articles: [])
        }
        let pager = host.scene.pager
        #expect(pager.source.count == 1 && pager.source.title(at: 0) == SampleArticlePages.nothingToRead.title)
        #expect(!pager.header.exists && !pager.footer.exists)
        var script = GestureScript(start: 1.0)
        script.drag(from: Point(x: 200, y: 280), to: Point(x: 200, y: 20), seconds: 0.4, hold: 0.1)
        try host.play(script.trace) { _ in }
        #expect(pager.current == 0 && pager.transition == nil)
    }

    @Test func scrollYIsTheContentOffsetNegativeWhenPulledDown() throws {
        let (played, _) = try replay("article-pager") { script in
            script.drag(from: Point(x: 400, y: 100), to: Point(x: 400, y: 400), seconds: 0.5, hold: 0.2)
        }
        #expect(played.numbers("scrollY").min()! < -40)
        #expect(played.values("article").allSatisfy { $0 == .integer(0) })
        #expect(played.numbers("scrollY").last == 0)
    }
}

@Suite struct PullToActionSceneTests {
    @Test func theFiveStatesInOrderAndTheHeldHeight() throws {
        let (played, _) = try replay("pull-to-action") { script in
            script.drag(from: Point(x: 400, y: 60), to: Point(x: 400, y: 400), seconds: 0.7, hold: 0.2)
        }
        #expect(played.sequence("state") == ["idle", "pulling", "triggered", "executing", "retracting", "idle"])
        let states = played.strings("state"), heights = played.numbers("height")
        // Executing lasts the action's second (plus at most the quarter turn the arrow finishes) at 50 pt once settled.
        let executing = states.indices.filter { states[$0] == "executing" }
        #expect(Double(executing.count) / 60 >= 1 && Double(executing.count) / 60 <= 1.27)
        #expect(heights[executing.last!] == 50)
        for i in states.indices where states[i] == "pulling" {
            let pulled = played.numbers("pulled")[i]
            #expect(abs(played.numbers("arrowRotation")[i] - 3.6 * pulled) < 1e-9)
            #expect(abs(played.numbers("arrowScale")[i] - min(1, pulled / 100)) < 1e-9)
        }
    }

    @Test func anActionFromCodeRunsTheSameCycle() throws {
        let (played, _) = try replay("pull-to-action", { $0.tap(at: Point(x: 400, y: 300)) }, refreshAt: 0.5)
        #expect(played.sequence("state") == ["idle", "pulling", "triggered", "executing", "retracting", "idle"]
            || played.sequence("state") == ["idle", "executing", "retracting", "idle"])
        #expect(played.numbers("height").max() == 50)
    }
}

@Suite struct CircularRefreshSceneTests {
    @Test func stoppedTriggeredLoadingStopped() throws {
        let (played, _) = try replay("circular-refresh") { script in
            script.drag(from: Point(x: 400, y: 60), to: Point(x: 400, y: 360), seconds: 0.6, hold: 0.3)
        }
        #expect(played.sequence("state") == ["stopped", "triggered", "loading", "stopped"])
        #expect(played.numbers("inset").max() == 60 && played.numbers("spinnerAlpha").max() == 1)
        #expect(played.numbers("inset").last == 0 && played.numbers("progress").last == 0)
        for (p, logo) in zip(played.numbers("progress"), played.numbers("logoAlpha")) { #expect(p == logo) }
    }

    @Test func aRefreshFromCodeLooksLikeAPulledOne() throws {
        let (coded, _) = try replay("circular-refresh", { $0.tap(at: Point(x: 400, y: 300)) }, refreshAt: 0.2)
        #expect(coded.sequence("state") == ["stopped", "loading", "stopped"])
        // The spinner shows and the list comes down to reveal the control, as after a pull.
        #expect(coded.numbers("spinnerAlpha").max() == 1)
        #expect(coded.numbers("scrollY").min() == -60 && coded.numbers("inset").max() == 60)
    }
}

@Suite struct SwipeRowsSceneTests {
    @Test func rowsOpenOneAtATimeAndTheOutsideTapSelectsNothing() throws {
        let (played, _) = try replay("swipe-rows") { script in
            script.drag(from: Point(x: 700, y: 120), to: Point(x: 500, y: 120), seconds: 0.3, hold: 0.1)
            script.wait(0.7)
            script.drag(from: Point(x: 700, y: 280), to: Point(x: 500, y: 280), seconds: 0.3, hold: 0.1)
            script.wait(0.7)
            script.tap(at: Point(x: 300, y: 440))
        }
        let opens = played.values("open")
        #expect(opens.contains(.integer(1)) && opens.contains(.integer(3)) && opens.last == .null)
        // Never two rows slid open at rest at once.
        for rows in played.values("rows") {
            guard case .array(let offsets) = rows else { continue }
            #expect(offsets.count == 20)
            #expect(offsets.filter { $0 == .number(148) }.count <= 1)
        }
        #expect(played.values("selected").last == .array([]))
        #expect(played.values("catchWidth").allSatisfy { $0 == .number(148) })
    }

    @Test func deleteRemovesAndMoreOpensTheSheet() throws {
        let (played, _) = try replay("swipe-rows") { script in
            script.drag(from: Point(x: 700, y: 200), to: Point(x: 500, y: 200), seconds: 0.3, hold: 0.1)
            script.wait(0.7)
            script.tap(at: Point(x: 690, y: 200))                // More
            script.wait(0.6)
            script.tap(at: Point(x: 400, y: 30))                 // outside the sheet: cancel
            script.wait(0.6)
            script.drag(from: Point(x: 700, y: 200), to: Point(x: 500, y: 200), seconds: 0.3, hold: 0.1)
            script.wait(0.7)
            script.tap(at: Point(x: 760, y: 200))                // Delete
        }
        #expect(played.sequence("sheet") == ["closed", "open", "closed"])
        #expect(played.values("removed").last == .array([.integer(2)]))
        guard case .array(let rows)? = played.values("rows").last else { Issue.record("no rows"); return }
        #expect(rows[2] == .null && rows[1] == .number(0))
        #expect(played.values("selected").last == .array([]))
    }
}
