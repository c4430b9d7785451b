import Testing
@testable import Motion

@Suite struct AnimatorTests {
    enum Part: Hashable, Sendable { case dot, fade }

    @Test func advancesEveryMotionAndReportsWhenAllRest() {
        var animator = Animator<Part>()
        #expect(!animator.isMoving)
        animator.run(.dot, SimulationSample.dot, startingAt: 10)
        animator.run(.fade, Tween(from: 0, to: 0.9, duration: 0.5), startingAt: 10.2)
        var moving = animator.advance(to: 10.1)
        #expect(moving)
        #expect(animator.value(.dot)! > 0 && animator.value(.fade) == 0)
        moving = animator.advance(to: 10.6)
        #expect(moving)
        #expect(!animator.isRunning(.fade) || animator.value(.fade)! > 0.8)
        var frames = 0
        var time = 10.6
        while animator.advance(to: time) { time += 1.0 / 60; frames += 1; if frames > 600 { break } }
        #expect(frames < 600)
        #expect(animator.value(.dot) == 1 && animator.value(.fade) == 0.9)
        #expect(animator.velocity(.dot) == 0)
    }

    @Test func retargetingFromAnyMotionHasNoJump() {
        var animator = Animator<Part>()
        animator.set(.dot, to: 0)
        animator.animate(.dot, to: 1, with: Spring(duration: 0.5, dampingRatio: 0.4, initialVelocity: 0.5), at: 0)
        let before = animator.state(.dot, at: 0.13)
        animator.animate(.dot, to: 0, with: Spring(duration: 0.5, dampingRatio: 0.4, initialVelocity: 0.5), at: 0.13)
        let after = animator.state(.dot, at: 0.13)
        #expect(before.x == after.x && before.dx == after.dx)
        #expect(before.dx != 0)
        #expect(animator.target(.dot) == 0)
        // A tween taking over keeps the position (a tween starts at rest by definition).
        animator.animate(.dot, to: 5, duration: 0.3, at: 0.2)
        #expect(animator.value(.dot) == animator.state(.dot, at: 0.2).x)
    }

    @Test func aFutureStartDelaysTheMotion() {
        var animator = Animator<Part>()
        animator.run(.fade, Tween(from: 0.9, to: 0, duration: 0.5), startingAt: 2)
        let waiting = animator.advance(to: 1.5)
        #expect(waiting && animator.value(.fade) == 0.9)
        animator.advance(to: 2.25)
        #expect(abs(animator.value(.fade)! - 0.45) < 1e-9)
        let done = animator.advance(to: 2.5)
        #expect(!done && animator.value(.fade) == 0)
    }

    @Test func stopFreezesAndTimeMayGoBackwards() {
        var animator = Animator<Part>()
        animator.run(.dot, Tween(from: 0, to: 10, duration: 1, curve: .linear), startingAt: 0)
        animator.advance(to: 0.5)
        animator.advance(to: 0.2)
        #expect(abs(animator.value(.dot)! - 2) < 1e-12)
        animator.stop(.dot, at: 0.3)
        #expect(!animator.isMoving && abs(animator.value(.dot)! - 3) < 1e-12)
        let moving = animator.advance(to: 5)
        #expect(!moving)
        #expect(animator.value(.fade, default: 7) == 7)
    }
}
