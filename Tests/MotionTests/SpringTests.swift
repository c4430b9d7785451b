#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import Motion

/// Integrates m·x'' + c·x' + k·x = 0 with classic Runge-Kutta: an independent check of the closed forms.
func integrate(_ spring: Spring, x0: Double, v0: Double, until end: Double, step: Double = 1e-4) -> (x: Double, v: Double) {
    var x = x0, v = v0, t = 0.0
    func a(_ x: Double, _ v: Double) -> Double { -(spring.damping * v + spring.stiffness * x) / spring.mass }
    while t < end - step / 2 {
        let k1x = v, k1v = a(x, v)
        let k2x = v + step / 2 * k1v, k2v = a(x + step / 2 * k1x, v + step / 2 * k1v)
        let k3x = v + step / 2 * k2v, k3v = a(x + step / 2 * k2x, v + step / 2 * k2v)
        let k4x = v + step * k3v, k4v = a(x + step * k3x, v + step * k3v)
        x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        t += step
    }
    return (x, v)
}

@Suite struct SpringTests {
    static let springs: [(String, Spring)] = [
        ("under", Spring(mass: 1, stiffness: 200, dampingRatio: 0.3)),
        ("critical", Spring(mass: 1, stiffness: 200, dampingRatio: 1)),
        ("over", Spring(mass: 0.5, stiffness: 100, dampingRatio: 1.1)),
        ("very over", Spring(mass: 2, stiffness: 50, damping: 80)),
    ]

    @Test(arguments: springs)
    func closedFormMatchesIntegration(_ name: String, _ spring: Spring) {
        let simulation = SpringSimulation(spring: spring, start: 100, end: 20, velocity: -300)
        #expect(simulation.x(at: 0) == 100)
        #expect(abs(simulation.dx(at: 0) - -300) < 1e-9)
        for t in [0.05, 0.2, 0.5, 1.3] {
            let reference = integrate(spring, x0: 80, v0: -300, until: t)
            #expect(abs(simulation.x(at: t) - (20 + reference.x)) < 1e-6, "\(name) x at \(t)")
            #expect(abs(simulation.dx(at: t) - reference.v) < 1e-5, "\(name) dx at \(t)")
        }
    }

    @Test func underdampedMatchesTheWrittenFormula() {
        // docs/interactions.md: x = e^(−ζω0t)·(x0·cos ωd·t + ((v0 + ζω0·x0)/ωd)·sin ωd·t)
        let spring = Spring(mass: 1, stiffness: 911, damping: 24.2)
        let zeta = spring.dampingRatio, w0 = spring.undampedFrequency
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        let x0 = -1.0, v0 = 0.5
        let simulation = SpringSimulation(spring: spring, start: 0, end: 1, velocity: v0)
        for t in stride(from: 0.0, through: 0.6, by: 0.05) {
            let written = exp(-zeta * w0 * t) * (x0 * cos(wd * t) + (v0 + zeta * w0 * x0) / wd * sin(wd * t))
            #expect(abs(simulation.x(at: t) - (1 + written)) < 1e-12)
        }
    }

    @Test func criticalMatchesTheWrittenFormula() {
        // x = (x0 + (v0 + ω0·x0)·t)·e^(−ω0·t)
        let spring = Spring(mass: 1, stiffness: 400, dampingRatio: 1)
        let w0 = 20.0, x0 = 5.0, v0 = 7.0
        let simulation = SpringSimulation(spring: spring, start: x0, end: 0, velocity: v0)
        for t in stride(from: 0.0, through: 0.5, by: 0.05) {
            #expect(abs(simulation.x(at: t) - (x0 + (v0 + w0 * x0) * t) * exp(-w0 * t)) < 1e-9)
        }
    }

    @Test func onlyTheUnderdampedSpringOvershoots() {
        func overshoots(_ spring: Spring) -> Bool {
            let simulation = SpringSimulation(spring: spring, start: 0, end: 1)
            return stride(from: 0.0, through: 3, by: 0.001).contains { simulation.x(at: $0) > 1 + 1e-9 }
        }
        #expect(overshoots(Spring(mass: 1, stiffness: 200, dampingRatio: 0.5)))
        #expect(!overshoots(Spring(mass: 1, stiffness: 200, dampingRatio: 1)))
        #expect(!overshoots(Spring.scrollBounce))
    }

    @Test func settles() {
        let simulation = SpringSimulation(spring: Spring(mass: 1, stiffness: 200, dampingRatio: 0.5), start: 0, end: 1)
        #expect(!simulation.isDone(at: 0))
        #expect(!simulation.isDone(at: 0.1))
        let settled = simulation.settlingTime()
        #expect(settled > 0.3 && settled < 2, "settled at \(settled)")
        // Once settled it stays settled, and it is close to the end.
        for t in stride(from: settled, through: settled + 2, by: 0.01) {
            #expect(simulation.isDone(at: t))
            #expect(abs(simulation.x(at: t) - 1) <= 1e-3)
        }
        #expect(simulation.finalX == 1)
    }

    @Test func retargetingMidFlightKeepsPositionAndVelocity() {
        let spring = Spring(duration: 0.5, dampingRatio: 0.4, initialVelocity: 0.5)
        let first = SpringSimulation(spring: spring, start: 0, end: 1, velocity: 0.5)
        for t in [0.03, 0.11, 0.27] {
            let second = first.retargeted(to: -2, at: t)
            #expect(second.x(at: 0) == first.x(at: t))
            #expect(second.dx(at: 0) == first.dx(at: t))
            #expect(second.finalX == -2)
            // One 60 Hz frame later it has moved no more than its speed allows.
            let frame = 1.0 / 60
            #expect(abs(second.x(at: frame) - second.x(at: 0)) < abs(second.dx(at: 0)) * frame + 0.5 * 911 * 3 * frame * frame)
        }
    }

    @Test func responseAndDampingFraction() {
        // k = (2π/response)², c = 4πζ/response, mass 1.
        let spring = Spring(response: 0.5, dampingFraction: 0.8)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - (2 * Double.pi / 0.5) * (2 * Double.pi / 0.5)) < 1e-9)
        #expect(abs(spring.damping - 4 * Double.pi * 0.8 / 0.5) < 1e-9)
        #expect(abs(spring.dampingRatio - 0.8) < 1e-12)
        #expect(abs(spring.undampedFrequency - 4 * Double.pi) < 1e-12)
    }

    @Test func flutterIOSBounceSpring() {
        let spring = Spring.scrollBounce
        #expect(spring.mass == 0.5)
        #expect(spring.stiffness == 100)
        #expect(abs(spring.dampingRatio - 1.1) < 1e-12)
        #expect(abs(spring.damping - 1.1 * 2 * (50.0).squareRoot()) < 1e-12)
    }

    @Test func badInputStillSettles() {
        let spring = Spring(mass: .nan, stiffness: -3, damping: .infinity)
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 0)
        let simulation = SpringSimulation(spring: Spring(mass: 1, stiffness: 100, dampingRatio: 1),
                                          start: .nan, end: 4, velocity: .infinity)
        #expect(simulation.x(at: 0) == 4)
        #expect(simulation.isDone(at: 0))
        #expect(SpringSimulation(spring: .scrollBounce, start: 0, end: 1).x(at: -5) == 0)
    }
}
