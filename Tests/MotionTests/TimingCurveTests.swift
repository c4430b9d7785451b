import Testing
@testable import Motion

@Suite struct TimingCurveTests {
    /// y for x on a Bézier by plain bisection: an independent reference for the Newton solver.
    func reference(_ curve: TimingCurve, _ x: Double) -> Double {
        func coordinate(_ s: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if coordinate(mid, curve.x1, curve.x2) < x { low = mid } else { high = mid }
        }
        return coordinate((low + high) / 2, curve.y1, curve.y2)
    }

    @Test func uikitEaseInOutControlPoints() {
        #expect(TimingCurve.easeInOut == TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        #expect(TimingCurve.easeIn == TimingCurve(x1: 0.42, y1: 0, x2: 1, y2: 1))
        #expect(TimingCurve.easeOut == TimingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1))
    }

    @Test(arguments: [TimingCurve.easeInOut, .easeIn, .easeOut, TimingCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1),
                      TimingCurve(x1: 0.3, y1: -0.4, x2: 0.7, y2: 1.4)])
    func solvesXForT(_ curve: TimingCurve) {
        #expect(curve.value(at: 0) == 0)
        #expect(abs(curve.value(at: 1) - 1) < 1e-9)
        for x in stride(from: 0.0, through: 1, by: 0.05) {
            #expect(abs(curve.value(at: x) - reference(curve, x)) < 1e-7, "x = \(x)")
        }
    }

    @Test func easeInOutIsSymmetricAndSlowAtTheEnds() {
        let curve = TimingCurve.easeInOut
        #expect(abs(curve.value(at: 0.5) - 0.5) < 1e-9)
        for x in stride(from: 0.0, through: 0.5, by: 0.05) {
            #expect(abs(curve.value(at: x) + curve.value(at: 1 - x) - 1) < 1e-8)
        }
        #expect(curve.value(at: 0.1) < 0.1 && curve.value(at: 0.9) > 0.9)
        #expect(curve.slope(at: 0) < 1e-6 && curve.slope(at: 0.5) > 1.5)
    }

    @Test func slopeIsTheDerivative() {
        let curve = TimingCurve.easeInOut
        for x in [0.1, 0.3, 0.5, 0.77] {
            let h = 1e-5
            let numeric = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
            #expect(abs(numeric - curve.slope(at: x)) < 1e-3)
        }
    }

    @Test func slopeAtAnEndWithAFlatControlPoint() {
        // easeOut starts at y2/x2 = 1/0.58 times the average speed, not at 0.
        #expect(abs(TimingCurve.easeOut.slope(at: 0) - 1 / 0.58) < 1e-3)
        #expect(abs(TimingCurve.easeIn.slope(at: 1) - 1 / 0.58) < 1e-3)
        #expect(TimingCurve.easeInOut.slope(at: 1) < 1e-6)
    }

    @Test func linearAndBadInput() {
        #expect(TimingCurve.linear.value(at: 0.37) == 0.37)
        #expect(TimingCurve.linear.slope(at: 0.9) == 1)
        #expect(TimingCurve.easeInOut.value(at: -3) == 0)
        #expect(TimingCurve.easeInOut.value(at: 7) == 1)
        #expect(TimingCurve.easeInOut.value(at: .nan) == 1)
        #expect(TimingCurve(x1: -1, y1: 0, x2: 2, y2: 1).x1 == 0)
    }
}
