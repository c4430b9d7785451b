import Motion
import Raster
import Testing
import Text
@testable import Touch
@testable import Widgets

/// Reeder's pull to the next or previous article.
@Suite struct PagerBarTests {
    @Test func loadsStrictlyPastItsHeightAndUnloadsUnderIt() {
        var header = PagerBar(edge: .header, title: TextLayout(width: 10))
        header.dragged(pull: 55, at: 0)
        #expect(!header.isLoaded)                                // at 55: not past it
        header.dragged(pull: 55.000001, at: 0)
        #expect(header.isLoaded)
        header.dragged(pull: 55, at: 0)
        #expect(header.isLoaded)                                 // back at 55: not under it
        header.dragged(pull: 54.999999, at: 1)
        #expect(!header.isLoaded)
        // No neighbour on that side: no bar, nothing loads.
        var none = PagerBar(edge: .footer, title: nil)
        none.dragged(pull: 500, at: 0)
        #expect(!none.exists && !none.isLoaded)
    }

    @Test func theArrowsTurnOverAFifthOfASecondEaseInOut() {
        var header = PagerBar(edge: .header, title: TextLayout(width: 10))
        var footer = PagerBar(edge: .footer, title: TextLayout(width: 10))
        #expect(header.arrow.angle == 180 && footer.arrow.angle == 0)
        header.dragged(pull: 60, at: 1)
        footer.dragged(pull: 60, at: 1)
        for t in [1.0, 1.05, 1.1, 1.15] {
            header.advance(to: t)
            footer.advance(to: t)
            let p = TimingCurve.easeInOut.value(at: (t - 1) / 0.2)
            #expect(abs(header.arrow.angle - 180 * (1 - p)) < 1e-9 && abs(footer.arrow.angle - 180 * p) < 1e-9)
        }
        #expect(header.advance(to: 1.2001) == false && header.arrow.angle == 0)
        // Unloading mid-turn turns back from where it is.
        footer.dragged(pull: 10, at: 1.1)
        footer.advance(to: 1.1)
        #expect(abs(footer.arrow.angle - 90) < 1e-9)
        footer.advance(to: 1.3)
        #expect(footer.arrow.angle == 0)
    }
}

@Suite struct ArticlePagerTests {
    let frame = Rect(x: 0, y: 0, width: 800, height: 480)
    /// One article that fits the screen, a long one (over two screens more to scroll), and another that fits.
    static let articles: [(title: String, lines: Int)] = [("One", 1), ("Two", 60), ("Three", 1)]

    private func makePager(startingAt index: Int = 0) throws -> ArticlePager {
        let typography = try makeTypography()
        return ArticlePager(frame: frame, source: SketchPages(Self.articles, scale: typography.scale), startingAt: index,
                            typography: typography, glyphs: GlyphCache())
    }

    private func run(_ pager: ArticlePager, after: Double = 1, _ write: (inout GestureScript) -> Void,
                     each: (Double) -> Void = { _ in }) {
        var script = GestureScript(start: 1.0)
        write(&script)
        play(script.events, after: after) { pager.handle(TouchFrame([$0])) } frame: { t in
            pager.advance(to: t)
            each(t)
        }
    }

    @Test func pullingPastTheFooterSlidesInTheNextArticle() throws {
        let pager = try makePager()
        // Opening renders no neighbour (the first frame must not wait); the panel renders them at rest.
        #expect(!pager.neighboursReady)
        pager.prepareNeighbours()
        #expect(pager.neighboursReady)
        var slide: [(t: Double, progress: Double)] = []
        run(pager, { $0.drag(from: Point(x: 400, y: 420), to: Point(x: 400, y: 120), seconds: 0.5, hold: 0.2) }) { t in
            if let p = pager.transitionProgress { slide.append((t, p)) }
        }
        #expect(pager.current == 1 && pager.scroll.offset == 0 && pager.transition == nil)
        // 0.2 s of slide: twelve or thirteen frames at 60 Hz (as the release falls between frames), progress
        // growing with time.
        #expect((12...13).contains(slide.count) && slide.last!.t - slide.first!.t < 0.2)
        for (a, b) in zip(slide, slide.dropFirst()) { #expect(b.progress > a.progress) }
        #expect(!pager.header.isLoaded && pager.header.arrow.angle == 180 && pager.footer.arrow.angle == 0)
    }

    @Test func theFirstArticleHasNoHeaderAndTheLastNoFooter() throws {
        let first = try makePager()
        run(first, { $0.drag(from: Point(x: 400, y: 60), to: Point(x: 400, y: 400), seconds: 0.5, hold: 0.2) })
        #expect(first.current == 0 && !first.header.exists && !first.headerVisible)
        let last = try makePager(startingAt: 2)
        run(last, { $0.drag(from: Point(x: 400, y: 420), to: Point(x: 400, y: 80), seconds: 0.5, hold: 0.2) })
        #expect(last.current == 2 && !last.footer.exists && !last.footerVisible)
    }

    @Test func aLongArticleScrollsFirstThenThePullActs() throws {
        let pager = try makePager(startingAt: 1)
        #expect(pager.scroll.scrolls)
        var loaded = false
        // A drag up in the middle of the article scrolls it; no bar comes into play.
        run(pager, { $0.drag(from: Point(x: 400, y: 400), to: Point(x: 400, y: 100), seconds: 0.5, hold: 0.2) }) { _ in
            loaded = loaded || pager.footer.isLoaded || pager.header.isLoaded
        }
        #expect(!loaded && pager.current == 1 && pager.scroll.offset > 200)
        // Scrolled on to the end, the same drag pulls the footer: the next article.
        // (A flick from the middle coasts there; bars only load under a finger.)
        run(pager, after: 3, { $0.drag(from: Point(x: 400, y: 420), to: Point(x: 400, y: 60), seconds: 0.08) })
        #expect(pager.current == 1 && pager.scroll.isAtBottom && pager.scroll.maxOffset > 500)
        run(pager, { $0.drag(from: Point(x: 400, y: 420), to: Point(x: 400, y: 100), seconds: 0.5, hold: 0.2) })
        #expect(pager.current == 2)
    }

    @Test func aFastFlickPastTheEdgeCountsAndASlowShortPullDoesNot() throws {
        let slow = try makePager()
        run(slow, { $0.drag(from: Point(x: 400, y: 300), to: Point(x: 400, y: 200), seconds: 0.5, hold: 0.2) })
        #expect(slow.current == 0)
        var maxPull = 0.0
        let flick = try makePager()
        // 100 pt in 50 ms (2000 pt/s): let go with the footer still under 55 pt, but projected far past it.
        run(flick, { $0.drag(from: Point(x: 400, y: 300), to: Point(x: 400, y: 200), seconds: 0.05) }) { _ in
            if flick.transition == nil, flick.current == 0 { maxPull = max(maxPull, flick.scroll.overscrollBottom) }
        }
        #expect(maxPull < 55)
        #expect(flick.current == 1)
    }

    @Test func touchesDuringTheSlideChangeNothing() throws {
        let pager = try makePager()
        run(pager, after: 1.5, { script in
            script.drag(from: Point(x: 400, y: 420), to: Point(x: 400, y: 120), seconds: 0.5, hold: 0.2)
            // A second gesture starts 50 ms into the slide and keeps going after it ends.
            script.wait(0.05)
            script.drag(from: Point(x: 400, y: 100), to: Point(x: 400, y: 450), seconds: 0.6, hold: 0.1)
        })
        #expect(pager.current == 1 && pager.scroll.offset == 0 && pager.transition == nil)
        #expect(!pager.header.isLoaded)
    }

    @Test func theSlideMovesEverythingSmoothlyOffAndOn() throws {
        let pager = try makePager()
        var arriving: [Double] = []
        run(pager, { $0.drag(from: Point(x: 400, y: 420), to: Point(x: 400, y: 120), seconds: 0.5, hold: 0.2) }) { t in
            guard let transition = pager.transition else { return }
            arriving.append(480 * (1 - TimingCurve.easeInOut.value(at: transition.progress(at: t))))
        }
        // From just below the screen to its top, never back.
        #expect(arriving.first! > 400 && arriving.last! < 20)
        for (a, b) in zip(arriving, arriving.dropFirst()) { #expect(b < a) }
    }
}
