import Testing
@testable import Touch

@Suite struct VelocityTrackerTests {
    @Test func constants() {
        #expect(VelocityTracker.horizon == 0.1)
        #expect(VelocityTracker.minimumSamples == 3)
        #expect(VelocityTracker.stoppedGap == 0.04)
        #expect(VelocityTracker.degree == 2)
    }

    /// A tracker fed samples stamped in whole microseconds, as the kernel stamps them.
    func tracker(_ samples: [(Int64, Point)]) -> VelocityTracker {
        var tracker = VelocityTracker()
        for (time, point) in samples { tracker.add(point, at: us(time)) }
        return tracker
    }

    @Test func constantVelocity() {
        let samples = (0..<12).map { i -> (Int64, Point) in
            let t = Double(i) * 0.008
            return (Int64(i) * 8_000, Point(x: 50 + 800 * t, y: 300 - 1200 * t))
        }
        let v = tracker(samples).velocity()
        #expect(abs(v.x - 800) < 1e-6 && abs(v.y - -1200) < 1e-6)
    }

    @Test func accelerationIsReadAtTheNewestSample() {
        // x = ½·a·t², a = 20000 pt/s²: the velocity at the newest sample is a·t.
        let samples = (0..<10).map { i -> (Int64, Point) in
            let t = Double(i) * 0.007
            return (Int64(i) * 7_000, Point(x: 0.5 * 20_000 * t * t, y: 0))
        }
        let v = tracker(samples).velocity()
        #expect(abs(v.x - 20_000 * 0.063) < 1e-6)
    }

    @Test func onlyTheLast100msCount() {
        // 150 ms going left, then 90 ms going right: only the rightward part is inside the horizon.
        var samples: [(Int64, Point)] = []
        var x = 0.0
        for i in 0..<30 {
            x += i < 18 ? -5 : 4
            samples.append((Int64(i) * 8_000, Point(x: x, y: 0)))
        }
        let v = tracker(samples).velocity()
        #expect(abs(v.x - 500) < 1e-6)
    }

    @Test func fewerThanThreeSamplesIsZero() {
        #expect(tracker([(0, .zero), (8_000, Point(x: 10, y: 0))]).velocity() == .zero)
        #expect(VelocityTracker().velocity() == .zero)
    }

    @Test func aGapOver40msClearsHistory() {
        var samples = (0..<6).map { (Int64($0) * 8_000, Point(x: Double($0) * 10, y: 0)) }
        samples.append((40_000 + 41_000, Point(x: 60, y: 0)))
        samples.append((89_000, Point(x: 61, y: 0)))
        #expect(tracker(samples).velocity() == .zero)
        // Exactly 40 ms is still one motion.
        let joined = (0..<6).map { (Int64($0) * 40_000, Point(x: Double($0) * 10, y: 0)) }
        #expect(abs(tracker(joined).velocity().x - 250) < 1e-6)
    }

    @Test func pauseThenLiftIsZero() throws {
        let samples = (0..<10).map { (Int64($0) * 8_000, Point(x: Double($0) * 8, y: 0)) }
        let moving = tracker(samples)
        #expect(moving.velocity(at: us(72_000 + 8_000)).x > 900)
        #expect(moving.velocity(at: us(72_000 + 41_000)) == .zero)
        // The recorded trace: 80 ms of rest before the lift.
        var pan = PanRecognizer(axis: .horizontal)
        pan.handle(try trace(Traces.pauseThenLift))
        #expect(pan.state == .ended && pan.velocity == .zero)
    }

    @Test func jitteryInputStaysClose() {
        // 600 pt/s with ±0.5 pt of deterministic jitter every 8 ms.
        let jitter: [Double] = [0.5, -0.3, 0.1, -0.5, 0.4, -0.2, 0.3, -0.4, 0.2, -0.1, 0.5, -0.5, 0.0]
        let samples = jitter.enumerated().map { i, j in
            (Int64(i) * 8_000, Point(x: 600 * Double(i) * 0.008 + j, y: 100 - j))
        }
        let v = tracker(samples).velocity()
        #expect(abs(v.x - 600) < 120, "x = \(v.x)")
        #expect(abs(v.y) < 120, "y = \(v.y)")
    }

    @Test func recordedFlick() throws {
        var pan = PanRecognizer(axis: .vertical)
        pan.handle(try trace(Traces.verticalFlick))
        #expect(pan.state == .ended)
        #expect(abs(pan.velocity.y - -1500) < 150, "y = \(pan.velocity.y)")
        #expect(pan.velocity.x == 0)
    }

    @Test func outOfOrderAndBadSamplesAreIgnored() {
        var t = tracker((0..<5).map { (Int64($0) * 8_000, Point(x: Double($0), y: 0)) })
        t.add(Point(x: 1000, y: 0), at: us(1_000))
        t.add(Point(x: .nan, y: 0), at: us(40_000))
        #expect(abs(t.velocity().x - 125) < 1e-6)
        // Repeated timestamps do not break the fit.
        let same = tracker([(0, .zero), (0, Point(x: 1, y: 1)), (0, Point(x: 2, y: 2))])
        #expect(same.velocity() == .zero)
    }
}

@Suite struct FlingLimitsTests {
    @Test func flutterLimits() {
        #expect(FlingLimits.standard.minimum == 50 && FlingLimits.standard.maximum == 8000)
        #expect(FlingLimits.standard.apply(49.9) == 0)
        #expect(FlingLimits.standard.apply(-50) == -50)
        #expect(FlingLimits.standard.apply(-12_000) == -8000)
        #expect(FlingLimits.standard.apply(.nan) == 0)
        let capped = FlingLimits.standard.apply(Velocity(x: 6000, y: 8000))
        #expect(abs(capped.x - 4800) < 1e-9 && abs(capped.y - 6400) < 1e-9)
        #expect(FlingLimits.standard.apply(Velocity(x: 30, y: 30)) == .zero)
    }
}

/// Kernel microseconds as the seconds touch time is counted in.
private func us(_ microseconds: Int64) -> Double { TouchClock.seconds(microseconds: microseconds) }
