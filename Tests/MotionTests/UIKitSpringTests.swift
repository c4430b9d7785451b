#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import Motion

@Suite struct UIKitSpringTests {
    /// The envelope the reconstruction drives to 0.1 % at t = duration, written independently of the search.
    func envelope(_ spring: Spring, duration: Double, velocity: Double) -> Double {
        let zeta = spring.dampingRatio, w = spring.undampedFrequency
        if zeta >= 1 - 1e-12 {
            let decay: Double = exp(-w * duration)
            return ((w - velocity) * duration + 1) * decay
        }
        let decay: Double = exp(-zeta * w * duration)
        let damped: Double = w * (1 - zeta * zeta).squareRoot()
        return (zeta * w - velocity) / damped * decay
    }

    @Test func pullMenuDotSpring() {
        // docs/interactions.md: UIKit (0.5 s, damping 0.4, velocity 0.5) → ω0 ≈ 30.2, k ≈ 911, c ≈ 24.2, mass 1.
        let spring = Spring(duration: 0.5, dampingRatio: 0.4, initialVelocity: 0.5)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 911) < 1, "k = \(spring.stiffness)")
        // c = 2ζω0 = 24.15 (24.2 in docs/interactions.md is 2·0.4·30.2 with ω0 rounded first).
        #expect(abs(spring.damping - 24.2) < 0.06, "c = \(spring.damping)")
        #expect(abs(spring.damping - 2 * 0.4 * spring.stiffness.squareRoot()) < 1e-9)
        #expect(abs(spring.undampedFrequency - 30.2) < 0.05)
        #expect(abs(spring.dampingRatio - 0.4) < 1e-12)
        #expect(abs(envelope(spring, duration: 0.5, velocity: 0.5) - 0.001) < 1e-12)
    }

    @Test func secondReferencePoint() {
        // (0.4 s, 0.6, 0.9) → k ≈ 748, c ≈ 32.8.
        let spring = Spring(duration: 0.4, dampingRatio: 0.6, initialVelocity: 0.9)
        #expect(abs(spring.stiffness - 748) < 1, "k = \(spring.stiffness)")
        #expect(abs(spring.damping - 32.8) < 0.05, "c = \(spring.damping)")
        #expect(abs(envelope(spring, duration: 0.4, velocity: 0.9) - 0.001) < 1e-12)
    }

    @Test(arguments: [(0.3, 1.0, 0.0), (1.0, 1.0, 2.0), (0.5, 0.9, -1.0), (2.0, 0.2, 0.0), (0.25, 0.7, 3.0)])
    func envelopeReachesOneThousandthAtDuration(_ duration: Double, _ ratio: Double, _ velocity: Double) {
        let spring = Spring(duration: duration, dampingRatio: ratio, initialVelocity: velocity)
        #expect(abs(envelope(spring, duration: duration, velocity: velocity) - 0.001) < 1e-10)
        #expect(abs(spring.dampingRatio - ratio) < 1e-9)
    }

    @Test func theAnimationHasArrivedByItsDuration() {
        let simulation = SimulationSample.dot
        #expect(abs(simulation.x(at: 0.5) - 1) < 0.003)
        #expect(abs(simulation.x(at: 0.25) - 1) > 0.01)
        #expect(simulation.dx(at: 0) == 0.5)
        // Bouncy: the dot overshoots its target on the way.
        #expect(stride(from: 0.0, to: 0.5, by: 0.005).map(simulation.x(at:)).max()! > 1.1)
    }

    @Test func inputsAreClamped() {
        #expect(Spring(duration: 0, dampingRatio: 0.5, initialVelocity: 0) == Spring(duration: 0.01, dampingRatio: 0.5, initialVelocity: 0))
        #expect(Spring(duration: 60, dampingRatio: 0.5, initialVelocity: 0) == Spring(duration: 10, dampingRatio: 0.5, initialVelocity: 0))
        #expect(Spring(duration: 0.5, dampingRatio: 3, initialVelocity: 0) == Spring(duration: 0.5, dampingRatio: 1, initialVelocity: 0))
        for spring in [Spring(duration: .nan, dampingRatio: .nan, initialVelocity: .nan),
                       Spring(duration: 0.5, dampingRatio: 0, initialVelocity: 0),
                       Spring(duration: 0.5, dampingRatio: 0.5, initialVelocity: 1e9)] {
            #expect(spring.stiffness.isFinite && spring.stiffness > 0)
            #expect(spring.damping.isFinite && spring.damping > 0)
        }
    }
}

enum SimulationSample {
    /// The pull menu's dot: 0 → 1 with UIKit (0.5, 0.4, 0.5).
    static let dot = SpringSimulation.uikit(from: 0, to: 1, duration: 0.5, dampingRatio: 0.4, initialVelocity: 0.5)
}
