#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import Motion

@Suite struct DecayTests {
    @Test func decelerationRates() {
        #expect(DecelerationRate.normal.perMillisecond == 0.998)
        #expect(DecelerationRate.fast.perMillisecond == 0.99)
    }

    @Test func projectionFollowsWWDCFormula() {
        // Δ = (v0/1000)·r/(1 − r)
        #expect(abs(DecelerationRate.normal.projectedDistance(velocity: 1000) - 499) < 1e-9)
        #expect(abs(DecelerationRate.fast.projectedDistance(velocity: 1000) - 99) < 1e-9)
        #expect(abs(DecelerationRate.normal.projectedEnd(from: 10, velocity: -2000) - (10 - 998)) < 1e-9)
    }

    @Test func coastStopsAtItsProjection() {
        let decay = Decay(start: 100, velocity: 1500)
        #expect(decay.x(at: 0) == 100)
        #expect(decay.dx(at: 0) == 1500)
        #expect(decay.finalX == DecelerationRate.normal.projectedEnd(from: 100, velocity: 1500))
        #expect(abs(decay.x(at: 30) - decay.finalX) < 1e-6)
    }

    @Test func velocityDecaysByRatePerMillisecond() {
        for rate in [DecelerationRate.normal, .fast] {
            let decay = Decay(start: 0, velocity: 1000, rate: rate)
            for t in [0.01, 0.05, 0.1, 0.2, 0.5, 1.0] {
                let expected = 1000 * pow(rate.perMillisecond, t * 1000)
                #expect(abs(decay.dx(at: t) - expected) < 0.002 * 1000, "rate \(rate.perMillisecond) at \(t)")
            }
        }
    }

    @Test func positionIsTheIntegralOfVelocity() {
        let decay = Decay(start: -50, velocity: -800, rate: .fast)
        let h = 1e-6
        for t in [0.0, 0.05, 0.2, 0.6] {
            let numeric = (decay.x(at: t + h) - decay.x(at: max(0, t - h))) / (t > 0 ? 2 * h : h)
            #expect(abs(numeric - decay.dx(at: t)) < 1e-2)
        }
    }

    @Test func timeAtPositionInvertsPosition() throws {
        let decay = Decay(start: 0, velocity: 2000)
        for t in [0.01, 0.3, 1.2] {
            let found = try #require(decay.time(atX: decay.x(at: t)))
            #expect(abs(found - t) < 1e-9)
        }
        #expect(decay.time(atX: -1) == nil)
        #expect(decay.time(atX: decay.finalX + 1) == nil)
    }

    @Test func stopsAndHandlesBadInput() {
        let decay = Decay(start: 0, velocity: 3000, tolerance: Tolerance(distance: 0.5, velocity: 10))
        #expect(!decay.isDone(at: 0.5))
        #expect(decay.isDone(at: 3))
        let bad = Decay(start: .nan, velocity: .infinity)
        #expect(bad.x(at: 1) == 0 && bad.isDone(at: 0))
        #expect(DecelerationRate(perMillisecond: 1).perMillisecond < 1)
        #expect(DecelerationRate(perMillisecond: .nan) == .normal)
    }
}
