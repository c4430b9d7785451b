import Motion
import Raster
import Testing
@testable import Touch
@testable import Widgets

/// Beamly's circular pull to refresh: the trigger at 80 pt (not strict), the 0.3 s inset and cross-fade, and a
/// refresh from code that looks exactly like a pulled one.
@Suite struct CircularRefreshTests {
    let frame = Rect(x: 0, y: 0, width: 800, height: 480)

    @Test func triggersAtEightyOrMore() {
        #expect(CircularRefresh.state(.stopped, dragged: 79.999999) == .stopped)
        #expect(CircularRefresh.state(.stopped, dragged: 80) == .triggered)
        #expect(CircularRefresh.state(.triggered, dragged: 80) == .triggered)
        #expect(CircularRefresh.state(.triggered, dragged: 79.999999) == .stopped)
        #expect(CircularRefresh.state(.loading, dragged: 0) == .loading)
    }

    private func makeRefresh() -> CircularRefresh {
        CircularRefresh(scroll: ScrollView(frame: frame, contentHeight: 1500))
    }

    /// Pulls down by `distance` (finger travel), holds, lets go; frames until `after`; `each` sees every frame.
    private func pull(_ refresh: CircularRefresh, _ distance: Double, seconds: Double = 0.6, hold: Double = 0.2,
                      after: Double = 2, each: (Double) -> Void = { _ in }) {
        var script = GestureScript(start: 1.0)
        script.drag(from: Point(x: 400, y: 60), to: Point(x: 400, y: 60 + distance), seconds: seconds, hold: hold)
        playPan(script, axis: .vertical, after: after) { pan, time in refresh.follow(pan, at: time) } frame: { t in
            refresh.advance(to: t)
            each(t)
        }
    }

    @Test func thePieAndLogoFollowThePullClamped() {
        let refresh = makeRefresh()
        var seen: [(pulled: Double, progress: Double, logo: Double)] = []
        pull(refresh, 300, hold: 0, after: 0) { _ in seen.append((refresh.pulled, refresh.progress, refresh.logoAlpha)) }
        #expect(seen.contains { $0.pulled > 80 })
        for s in seen {
            #expect(abs(s.progress - min(1, s.pulled / 80)) < epsilon)
            #expect(s.logo == s.progress)
        }
    }

    @Test func lettingGoTriggeredLoadsHoldsTheControlOpenAndGoesBack() {
        let refresh = makeRefresh()
        var states: [CircularRefresh.State] = [.stopped]
        var insets: [(t: Double, inset: Double, spinner: Double, circle: Double)] = []
        pull(refresh, 260) { t in
            if states.last != refresh.state { states.append(refresh.state) }
            insets.append((t, refresh.inset, refresh.spinnerAlpha, refresh.circleAlpha))
        }
        #expect(states == [.stopped, .triggered, .loading])
        let start = try! #require(refresh.loadingSince)
        // The inset grows by 60 over 0.3 s ease-in-out while the spinner fades in and the circle out.
        for entry in insets where entry.t >= start {
            let p = TimingCurve.easeInOut.value(at: min(1, (entry.t - start) / 0.3))
            #expect(abs(entry.inset - 60 * p) < 1e-9 && abs(entry.spinner - p) < 1e-9 && abs(entry.circle - (1 - p)) < 1e-9)
        }
        #expect(refresh.scroll.offset == -60 && refresh.pulled == 60)
        refresh.endRefreshing(at: 5)
        #expect(refresh.state == .stopped)
        refresh.advance(to: 5.15)
        #expect(abs(refresh.inset - 30) < 1e-9 && abs(refresh.scroll.offset - -30) < 1e-9)
        #expect(refresh.advance(to: 5.301) == false)
        #expect(refresh.inset == 0 && refresh.scroll.offset == 0 && refresh.progress == 0 && refresh.spinnerAlpha == 0)
    }

    @Test func aReleaseUnderTheTriggerOrAFlickDoesNotLoad() {
        let slow = makeRefresh()
        pull(slow, 120)                                     // rubber-banded to well under 80
        #expect(slow.state == .stopped && slow.loadingSince == nil)
        let flick = makeRefresh()
        pull(flick, 90, seconds: 0.05, hold: 0)             // fast, but the pull never reached 80
        #expect(flick.state == .stopped && flick.loadingSince == nil)
    }

    @Test func theReleasedListMovesToTheNewInsetWithoutAJump() {
        let refresh = makeRefresh()
        var offsets: [Double] = []
        pull(refresh, 260, hold: 0) { _ in offsets.append(refresh.scroll.offset) }
        // No frame moves the list more than a finger could: 60 Hz frames of a release at flick speed.
        for (a, b) in zip(offsets, offsets.dropFirst()) { #expect(abs(b - a) < 25, "step \(b - a)") }
        #expect(offsets.last == -60)
    }

    @Test func aRefreshFromCodeLooksExactlyLikeAPulledOne() throws {
        let pulled = makeRefresh()
        pull(pulled, 260)
        let coded = makeRefresh()
        coded.beginRefreshing(at: 1)
        coded.advance(to: 3)
        #expect(coded.state == .loading && coded.loadingSince == 1)
        #expect(coded.scroll.offset == pulled.scroll.offset && coded.inset == pulled.inset)
        #expect(coded.spinnerAlpha == 1 && coded.circleAlpha == 0)
        // The same pixels in the control, spinner included (the original showed none from code).
        func picture(_ refresh: CircularRefresh, spinnerTime: Double) -> Surface {
            let canvas = makeCanvas(width: 120, height: 80, scale: 2)
            let center = Point(x: 30, y: 20)
            CircularProgressView.draw(into: canvas, center: center, progress: refresh.progress, opacity: refresh.circleAlpha)
            Spinner.draw(into: canvas, center: center, diameter: CircularProgressView.diameter, time: spinnerTime,
                         opacity: refresh.spinnerAlpha)
            return canvas.surface
        }
        let a = picture(pulled, spinnerTime: 0.3), b = picture(coded, spinnerTime: 0.3)
        #expect(a.differingPixels(from: b, tolerance: 0) == 0)
        #expect(a.differingPixels(from: makeCanvas(width: 120, height: 80, scale: 2).surface, tolerance: 0)! > 100)
    }

    @Test func aCancelledPullGoesBackWithoutLoading() {
        let refresh = makeRefresh()
        var script = GestureScript(start: 1.0)
        script.down(at: Point(x: 400, y: 60))
        script.move(to: Point(x: 400, y: 360), seconds: 0.5)
        script.cancel()
        playPan(script, axis: .vertical) { pan, time in refresh.follow(pan, at: time) } frame: { refresh.advance(to: $0) }
        #expect(refresh.state == .stopped && refresh.scroll.offset == 0)
    }
}

@Suite struct SpinnerClockTests {
    @Test func theSpinnerAsksForItsStepsAndTurnsOnWhileItFades() {
        let refresh = CircularRefresh(scroll: ScrollView(frame: Rect(x: 0, y: 0, width: 800, height: 480), contentHeight: 1500))
        refresh.beginRefreshing(at: 10)
        #expect(refresh.advance(to: 10.2))                   // sliding and fading in
        #expect(refresh.advance(to: 11) == false)            // only the spinner now: no frames at 60 Hz...
        let next = try! #require(refresh.nextSpinnerStep)    // ...but one at its next step
        #expect(abs(next - (10 + 13.0 / 12)) < 1e-9)
        refresh.endRefreshing(at: 11)
        refresh.advance(to: 11.15)
        // Fading out, it keeps its phase: 1.15 s after it started, not back at the first spoke.
        #expect(abs(refresh.spinnerTime - 1.15) < 1e-9 && refresh.spinnerAlpha > 0 && refresh.nextSpinnerStep != nil)
        refresh.advance(to: 11.301)
        #expect(refresh.spinnerAlpha == 0 && refresh.nextSpinnerStep == nil && refresh.spinnerTime == 0)
    }
}
