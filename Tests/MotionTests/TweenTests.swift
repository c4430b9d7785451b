import Testing
@testable import Motion

@Suite struct TweenTests {
    @Test func menuFadeIn() {
        // The pull menu's overlay: 0 → 0.9 alpha over 0.5 s, ease-in-out.
        let fade = Tween(from: 0, to: 0.9, duration: 0.5)
        #expect(fade.x(at: 0) == 0)
        #expect(abs(fade.x(at: 0.25) - 0.45) < 1e-9)
        #expect(fade.x(at: 0.5) == 0.9)
        #expect(fade.x(at: 9) == 0.9)
        #expect(!fade.isDone(at: 0.49) && fade.isDone(at: 0.5))
        #expect(fade.dx(at: 0) < 1e-6 && fade.dx(at: 0.25) > 1.8 && fade.dx(at: 0.6) == 0)
    }

    @Test func linearQuarterTurn() {
        let turn = Tween(from: 0, to: Double.pi / 2, duration: 0.25, curve: .linear)
        #expect(abs(turn.x(at: 0.125) - Double.pi / 4) < 1e-12)
        #expect(abs(turn.dx(at: 0.1) - 2 * Double.pi) < 1e-9)
    }

    @Test func zeroDurationIsAlreadyThere() {
        let jump = Tween(from: 3, to: 8, duration: 0)
        #expect(jump.x(at: 0) == 8 && jump.isDone(at: 0) && jump.dx(at: 0) == 0)
        #expect(Tween(from: .nan, to: 2, duration: .nan).x(at: 0) == 2)
    }
}
