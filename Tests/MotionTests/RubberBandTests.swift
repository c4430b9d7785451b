import Testing
@testable import Motion

@Suite struct RubberBandTests {
    @Test func uikitCoefficient() {
        #expect(RubberBand.uikitCoefficient == 0.55)
        #expect(RubberBand(dimension: 320).coefficient == 0.55)
    }

    @Test func revealing50On320TakesAbout108OfFingerTravel() {
        let band = RubberBand(dimension: 320)
        #expect(abs(band.fingerTravel(forOffset: 50) - 107.74) < 0.01)
        #expect(abs(band.offset(forFingerTravel: 108) - 50) < 0.15)
    }

    @Test func formula() {
        // f(x, d) = (1 − 1/(x·c/d + 1))·d
        let band = RubberBand(dimension: 480)
        for x in [0.0, 1, 10, 100, 1000, 1e6] {
            #expect(abs(band.offset(forFingerTravel: x) - (1 - 1 / (x * 0.55 / 480 + 1)) * 480) < 1e-9)
            #expect(band.offset(forFingerTravel: x) < 480)
            #expect(band.offset(forFingerTravel: -x) == -band.offset(forFingerTravel: x))
        }
    }

    @Test func inverseRoundTrips() {
        let band = RubberBand(dimension: 320)
        for x in [-500.0, -20, 0, 0.5, 37, 250, 4000] {
            #expect(abs(band.fingerTravel(forOffset: band.offset(forFingerTravel: x)) - x) < 1e-6 * max(1, abs(x)))
        }
        #expect(band.fingerTravel(forOffset: 320).isFinite)
        #expect(band.fingerTravel(forOffset: .nan) == 0)
    }

    @Test func slopeIsTheDerivative() {
        let band = RubberBand(dimension: 320)
        #expect(abs(band.slope(atFingerTravel: 0) - 0.55) < 1e-12)
        for x in [5.0, 80, 300, -120] {
            let h = 1e-4
            let numeric = (band.offset(forFingerTravel: x + h) - band.offset(forFingerTravel: x - h)) / (2 * h)
            #expect(abs(numeric - band.slope(atFingerTravel: x)) < 1e-6)
        }
    }
}
