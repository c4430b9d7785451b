import Raster
import Testing
import Text
@testable import Touch
@testable import Widgets

/// Pictures of the components at fixed moments, at scale 2 (a 10" 1080p panel) unless the text needs the 7"
/// panel's scale 1. Each golden was looked at before it was committed.
@Suite struct ComponentGoldenTests {
    /// Panels side by side on the backdrop, `size` points square each, 10 pt apart.
    private func strip(_ count: Int, size: Double, scale: Double = 2, draw: (Canvas, Int, Rect) -> Void) -> Surface {
        let pt = size + 10
        let canvas = makeCanvas(width: Int(Double(count) * pt * scale + 10 * scale), height: Int((size + 20) * scale),
                                scale: scale, background: Palette.backdrop)
        for i in 0..<count {
            let box = Rect(x: 10 + Double(i) * pt, y: 10, width: size, height: size)
            canvas.fill(box, with: Palette.paper)
            draw(canvas, i, box)
        }
        return canvas.surface
    }

    @Test func pullMenuDots() throws {
        // Progress 0, 0.34, 0.67 and 1.0 once settled; then 0.1 s into expanding all three from rest.
        let picture = strip(5, size: 60) { canvas, i, box in
            var affordance = DragAffordance()
            if i < 4 {
                affordance.setProgress([0, 0.34, 0.67, 1.0][i], at: 0)
                affordance.advance(to: 5)
            } else {
                affordance.setProgress(1.2, at: 0)
                affordance.advance(to: 0.1)
            }
            affordance.draw(into: canvas, x: box.minX + 5, y: box.minY + 5)
        }
        try expectMatchesGolden(picture, named: "pull-menu-dots")
    }

    @Test func circularProgressPie() throws {
        // The pie at 0, 25, 50 and 100 %, then the spinner that replaces it while loading.
        let picture = strip(5, size: 40) { canvas, i, box in
            let center = Point(x: box.midX, y: box.midY)
            if i < 4 {
                CircularProgressView.draw(into: canvas, center: center, progress: [0, 0.25, 0.5, 1][i])
            } else {
                Spinner.draw(into: canvas, center: center, diameter: CircularProgressView.diameter, time: 0.2, opacity: 1)
            }
        }
        try expectMatchesGolden(picture, named: "circular-refresh-pie")
    }

    @Test func pagerArrows() throws {
        // Every angle the arrows take: 0 (header loaded, footer unloaded), 180 (the other way), and the turn between.
        let picture = strip(5, size: 50) { canvas, i, box in
            let arrow = PagerArrow(angle: [0, 45, 90, 135, 180][i])
            arrow.draw(into: canvas, barX: box.minX, barY: box.minY, color: i == 0 || i == 4 ? Palette.accent : Palette.faint)
        }
        try expectMatchesGolden(picture, named: "article-pager-arrows")
    }

    @Test func pullToActionArrow() throws {
        // Pulled a quarter, half and all of the threshold, and spinning (a quarter turn and a half in).
        let picture = strip(4, size: 50) { canvas, i, box in
            let arrow = ArrowStatusView()
            arrow.update(pulledAmount: [25, 50, 100, 100][i], pullThreshold: 100, at: 0)
            if i == 3 {
                arrow.startSpinning(at: 0)
                arrow.advance(to: 0.375)
            }
            arrow.draw(into: canvas, frame: box)
        }
        try expectMatchesGolden(picture, named: "pull-to-action-arrow")
    }

    @Test func menuOverlayMidFade() throws {
        let typography = try makeTypography()
        let canvas = makeCanvas(width: 400, height: 240)
        let bounds = Rect(x: 0, y: 0, width: 400, height: 240)
        // The page shows through the sheet while it fades in, and stays where it was: the menu is over it.
        SketchPage(width: 400, lines: 4, scale: typography.scale).draw(into: canvas, frame: bounds, offset: 0)
        var overlay = MenuOverlay()
        overlay.present(at: 0)
        overlay.advance(to: 0.25)                            // half way: 0.45
        let title = typography.layout("Menu", style: TextStyle(family: .sans, size: 20, weight: .bold, color: Palette.ink),
                                      width: 300)
        overlay.draw(into: canvas, frame: bounds, title: title, hint: nil, typography: typography)
        try expectMatchesGolden(canvas.surface, named: "menu-overlay-mid-fade")
    }

    @Test func pageMidSlide() throws {
        let typography = try makeTypography()
        let frame = Rect(x: 0, y: 0, width: 400, height: 300)
        // The page leaving goes up and away with its footer; the one arriving was rendered before the pull began.
        let pages = SketchPages([("The page leaving", 2), ("The page arriving", 2)], scale: typography.scale)
        let pager = ArticlePager(frame: frame, source: pages, typography: typography, glyphs: GlyphCache())
        var script = GestureScript(start: 1.0)
        script.drag(from: Point(x: 200, y: 280), to: Point(x: 200, y: 20), seconds: 0.5, hold: 0.2)
        var picture: Surface?
        play(script.events) { pager.handle(TouchFrame([$0])) } frame: { t in
            pager.advance(to: t)
            if picture == nil, let p = pager.transitionProgress, p >= 0.45 {
                let canvas = makeCanvas(width: 400, height: 300)
                pager.draw(into: canvas)
                picture = canvas.surface
            }
        }
        try expectMatchesGolden(try #require(picture), named: "article-pager-mid-slide")
    }

    final class Cell {}

    private func rows(_ write: (inout GestureScript) -> Void, drawWhile holding: Bool) throws -> Surface {
        let typography = try makeTypography()
        let list = SwipeList<Cell>(frame: Rect(x: 0, y: 0, width: 400, height: 160), ids: [0, 1], rowHeight: 80,
                                   sheetOptions: [], typography: typography, makeCell: { Cell() }, configure: { _, _ in },
                                   drawCell: { _, canvas, frame in
                                       canvas.fill(Rect(x: frame.minX + 20, y: frame.minY + 30, width: 160, height: 20),
                                                   with: Palette.ink)
                                   })
        var script = GestureScript(start: 1.0)
        write(&script)
        var events = script.events
        if holding { events.removeLast() }                   // the finger is still down when the picture is taken
        play(events, after: holding ? 0 : 1) { list.handle(TouchFrame([$0])) } frame: { list.advance(to: $0) }
        let canvas = makeCanvas(width: 400, height: 160)
        list.draw(into: canvas)
        return canvas.surface
    }

    @Test func rowHalfOpen() throws {
        // Dragged 92 pt left, held: 18 of slop, 74 open, half of More and Delete's 148.
        let picture = try rows({ $0.drag(from: Point(x: 300, y: 40), to: Point(x: 208, y: 40), seconds: 0.3, hold: 0.1) },
                               drawWhile: true)
        try expectMatchesGolden(picture, named: "swipe-row-half-open")
    }

    @Test func rowFullyOpen() throws {
        let picture = try rows({ $0.drag(from: Point(x: 300, y: 120), to: Point(x: 120, y: 120), seconds: 0.3, hold: 0.1) },
                               drawWhile: false)
        try expectMatchesGolden(picture, named: "swipe-row-open")
    }
}
