import Motion
import Raster
import Testing
@testable import Touch
@testable import Widgets

/// Unread's pull for the menu: the dots' strict thresholds and colours, their UIKit spring, the overlay's fade,
/// and the pull itself, finger by finger.
@Suite struct DragAffordanceTests {
    @Test func dotsExpandStrictlyPastTheirThirds() {
        var affordance = DragAffordance()
        func expanded(at progress: Double) -> [Bool] {
            affordance.setProgress(progress, at: 0)
            return affordance.dots.map(\.isExpanded)
        }
        #expect(expanded(at: 0) == [false, false, false])
        #expect(expanded(at: 1.0 / 3) == [false, false, false])       // exactly a third: not past it
        #expect(expanded(at: 0.34) == [true, false, false])
        #expect(expanded(at: 2.0 / 3) == [true, false, false])
        #expect(expanded(at: 0.67) == [true, true, false])
        #expect(expanded(at: 1) == [true, true, false])               // exactly 1: the third is still collapsed
        #expect(expanded(at: 1.0000001) == [true, true, true])
        #expect(expanded(at: -0.5) == [false, false, false])          // a pull the other way does nothing
        #expect(expanded(at: .nan) == [false, false, false])
    }

    @Test func coloursFollowProgress() {
        var affordance = DragAffordance()
        func tints(at progress: Double) -> [SpringDot.Tint] {
            affordance.setProgress(progress, at: 0)
            return affordance.dots.map(\.tint)
        }
        #expect(tints(at: 0) == [.gray, .gray, .gray])
        #expect(tints(at: 0.5) == [.black, .gray, .gray])
        #expect(tints(at: 0.9) == [.black, .black, .gray])
        #expect(tints(at: 0.999999) == [.black, .black, .gray])
        #expect(tints(at: 1) == [.red, .red, .red])                   // ≥ 1, not strict: let go now opens the menu
        #expect(tints(at: 3) == [.red, .red, .red])
        #expect(SpringDot.Tint.gray.color == Color(red: 0.5, green: 0.5, blue: 0.5))
        #expect(SpringDot.Tint.red.color == Color(red: 1, green: 0, blue: 0))
    }

    @Test func slotsAreAThirdOfTheBoxApart() {
        #expect(DragAffordance.slotX(0) == 0)
        #expect(abs(DragAffordance.slotX(1) - 16.666666666666668) < epsilon)
        #expect(abs(DragAffordance.slotX(2) - 33.333333333333336) < epsilon)
    }
}

@Suite struct SpringDotTests {
    /// UIKit's spring of the original: 0.5 s, damping 0.4, relative velocity 0.5 (k ≈ 911, c ≈ 24.2).
    let uikit = Spring(duration: 0.5, dampingRatio: 0.4, initialVelocity: 0.5)

    @Test func expandingFollowsUIKitsSpringFromRest() {
        var dot = SpringDot()
        dot.setExpanded(true, at: 2)
        let expected = SpringSimulation(spring: uikit, start: 0, end: 1, velocity: 0.5)
        var thinnest = 4.0, tallest = 0.0
        for t in stride(from: 0.0, through: 0.6, by: 1.0 / 60) {
            dot.advance(to: 2 + t)
            #expect(abs(dot.expansion - (expected.isDone(at: t) ? 1 : expected.x(at: t))) < 1e-9, "t \(t)")
            thinnest = min(thinnest, dot.width)
            tallest = max(tallest, dot.height)
        }
        // The frame follows the spring from 4x4 to 2x50, overshooting thinner and taller (damping 0.4: about a
        // quarter of the way again) before it settles.
        #expect(thinnest < 1.6 && tallest > 60)
        #expect(dot.advance(to: 3) == false)
        #expect(dot.width == 2 && dot.height == 50)
    }

    @Test func aChangeSpringsFromWhereTheDotIsNowWithUIKitsKick() {
        var dot = SpringDot()
        dot.setExpanded(true, at: 0)
        dot.advance(to: 0.05)
        let now = dot.expansion
        #expect(now > 0.3 && now < 1)
        dot.setExpanded(false, at: 0.05)
        // beginFromCurrentState: position from where it is; velocity UIKit's 0.5 × the distance left to go.
        let collapse = SpringSimulation.uikit(from: now, to: 0, duration: 0.5, dampingRatio: 0.4, initialVelocity: 0.5)
        dot.advance(to: 0.05)
        #expect(abs(dot.expansion - now) < 1e-12)
        dot.advance(to: 0.15)
        #expect(abs(dot.expansion - collapse.x(at: 0.1)) < 1e-9)
    }

    @Test func onlyAChangeStartsASpring() {
        var dot = SpringDot()
        dot.setExpanded(true, at: 0)
        dot.advance(to: 0.1)
        let mid = dot.expansion
        dot.setExpanded(true, at: 0.1)                        // the same state again: the spring goes on
        dot.advance(to: 0.2)
        let expected = SpringSimulation(spring: uikit, start: 0, end: 1, velocity: 0.5)
        #expect(abs(dot.expansion - expected.x(at: 0.2)) < 1e-9 && dot.expansion != mid)
        dot.advance(to: 5)
        #expect(dot.expansion == 1 && !dot.isMoving && dot.width == 2 && dot.height == 50)
    }
}

@Suite struct MenuOverlayTests {
    @Test func fadesInToNineTenthsOverHalfASecondEaseInOut() {
        var overlay = MenuOverlay()
        #expect(overlay.phase == .closed && !overlay.isShowing)
        overlay.present(at: 10)
        #expect(overlay.phase == .opening && overlay.isShowing)
        for (t, expected) in [(10.0, 0.0), (10.125, 0.9 * TimingCurve.easeInOut.value(at: 0.25)), (10.25, 0.45),
                              (10.4, 0.9 * TimingCurve.easeInOut.value(at: 0.8))] {
            overlay.advance(to: t)
            #expect(abs(overlay.alpha - expected) < 1e-9, "t \(t)")
        }
        #expect(overlay.advance(to: 10.5) == false)
        #expect(overlay.alpha == 0.9 && overlay.phase == .open)
        overlay.dismiss(at: 11)
        #expect(overlay.phase == .closing)
        overlay.advance(to: 11.25)
        #expect(abs(overlay.alpha - 0.45) < 1e-9)
        overlay.advance(to: 11.5)
        #expect(overlay.alpha == 0 && overlay.phase == .closed && !overlay.isShowing)
    }

    @Test func aDismissWhileOpeningFadesOutFromWhereItIs() {
        var overlay = MenuOverlay()
        overlay.present(at: 0)
        overlay.advance(to: 0.25)
        overlay.dismiss(at: 0.25)
        overlay.advance(to: 0.25)
        #expect(abs(overlay.alpha - 0.45) < 1e-9 && overlay.phase == .closing)
        overlay.advance(to: 0.75)
        #expect(overlay.phase == .closed)
    }
}

/// The pull itself, played finger by finger through a pan as `handle` and `share` feed it.
@Suite struct PullMenuTests {
    let frame = Rect(x: 0, y: 0, width: 800, height: 480)

    /// Pulls left from x 700 by `distance` over `seconds`, optionally holding, and records every frame.
    private func pull(_ distance: Double, seconds: Double = 0.5, hold: Double = 0.3, also: (inout GestureScript) -> Void = { _ in })
        -> (menu: PullMenu, frames: [(t: Double, offsetX: Double, progress: Double, box: Rect, phase: MenuOverlay.Phase)])
    {
        var script = GestureScript(start: 1.0)
        script.drag(from: Point(x: 700, y: 240), to: Point(x: 700 - distance, y: 240), seconds: seconds, hold: hold)
        also(&script)
        var menu = PullMenu(frame: frame)
        var frames: [(Double, Double, Double, Rect, MenuOverlay.Phase)] = []
        playPan(script, axis: .horizontal) { pan, time in menu.follow(pan, at: time) } frame: { t in
            menu.advance(to: t)
            frames.append((t, menu.offsetX, menu.progress, menu.affordanceFrame, menu.overlay.phase))
        }
        return (menu, frames)
    }

    @Test func progressIsThePullOverFiftyWhileTheFingerIsDown() {
        let (_, frames) = pull(300)
        let down = frames.filter { $0.t < 1.8 }
        #expect(down.contains { $0.progress > 1 })
        for f in down { #expect(abs(f.progress - f.offsetX / 50) < epsilon, "t \(f.t)") }
    }

    @Test func lettingGoPastOneOpensTheMenuAndResetsProgress() {
        let (menu, frames) = pull(300)
        let release = 1.8
        let after = frames.filter { $0.t >= release }
        #expect(after.first?.phase == .opening)
        // Reset at the release (the original left the dots red behind the menu), while the page springs back.
        #expect(after.allSatisfy { $0.progress == 0 })
        #expect(after.first!.offsetX > 50)
        #expect(menu.overlay.phase == .open && menu.offsetX == 0)
        #expect(menu.affordance.dots.allSatisfy { !$0.isExpanded && $0.tint == .gray })
    }

    @Test func lettingGoUnderOneSpringsBackWithoutTheMenu() {
        // 30 pt of finger travel past the slop is rubber-banded to under 30 pt: progress stays below 1.
        let (menu, frames) = pull(48)
        #expect(frames.map(\.progress).max()! < 1 && frames.map(\.progress).max()! > 0.2)
        #expect(frames.allSatisfy { $0.phase == .closed })
        #expect(menu.offsetX == 0 && menu.progress == 0)
    }

    @Test func aFlickBelowOneDoesNotOpenTheMenu() {
        // Fast but short: the menu opens on where the pull is at the lift, not where a flick would carry it.
        let (menu, frames) = pull(45, seconds: 0.06, hold: 0)
        #expect(frames.allSatisfy { $0.phase == .closed })
        #expect(menu.overlay.phase == .closed)
    }

    @Test func pullingTheOtherWayDoesNothingAndBreaksNothing() {
        let (menu, frames) = pull(-200) { script in
            script.wait(0.5)
            script.drag(from: Point(x: 700, y: 240), to: Point(x: 350, y: 240), seconds: 0.5, hold: 0.3)
        }
        // Rightwards: nothing moves.
        #expect(frames.filter { $0.t < 1.7 }.allSatisfy { $0.offsetX == 0 && $0.progress == 0 })
        // Then an ordinary pull still opens the menu.
        #expect(frames.contains { $0.phase == .opening })
        #expect(menu.overlay.phase == .open)
    }

    @Test func changingDirectionBackUnderOneCollapsesTheDotsAndDoesNotOpen() {
        var script = GestureScript(start: 1.0)
        script.down(at: Point(x: 700, y: 240))
        script.move(to: Point(x: 450, y: 240), seconds: 0.4)
        script.move(to: Point(x: 660, y: 240), seconds: 0.4)
        script.wait(0.2)
        script.up()
        var menu = PullMenu(frame: frame)
        var peak = 0.0
        playPan(script, axis: .horizontal) { pan, time in
            menu.follow(pan, at: time)
            peak = max(peak, menu.progress)
        } frame: { menu.advance(to: $0) }
        #expect(peak > 1)
        #expect(menu.overlay.phase == .closed)
    }

    @Test func theAffordanceFollowsThePageEvenAsItSpringsBack() {
        let (_, frames) = pull(300)
        for f in frames {
            #expect(abs(f.box.minX - (frame.maxX - f.offsetX + 10)) < epsilon)
            #expect(f.box.midY == frame.midY && f.box.width == 50 && f.box.height == 50)
        }
    }

    @Test func aCancelledTouchNeverOpensTheMenu() {
        var script = GestureScript(start: 1.0)
        script.down(at: Point(x: 700, y: 240))
        script.move(to: Point(x: 400, y: 240), seconds: 0.5)
        script.cancel()
        var menu = PullMenu(frame: frame)
        playPan(script, axis: .horizontal) { pan, time in menu.follow(pan, at: time) } frame: { menu.advance(to: $0) }
        #expect(menu.overlay.phase == .closed && menu.progress == 0 && menu.offsetX == 0)
    }
}
