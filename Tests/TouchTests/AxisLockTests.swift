import Testing
@testable import Touch

@Suite struct AxisLockTests {
    @Test func slopValues() {
        #expect(TouchSlop.android == 8)
        #expect(TouchSlop.flutter == 18)
        #expect(TouchSlop.flutterPan == 36)
        #expect(PanRecognizer(axis: .horizontal).lock.slop == 18)
        #expect(PanRecognizer(axis: .free).lock.slop == 36)
        #expect(AxisLock.viewPagerDominance == 2)
    }

    @Test(arguments: [
        // Horizontal wins only if |dx| > slop and |dx| > 2·|dy|.
        (Point(x: 19, y: 9), AxisLock.Decision.locked),
        (Point(x: -19, y: 9), .locked),
        (Point(x: 19, y: 9.5), .undecided),     // not more than twice |dy|
        (Point(x: 18, y: 0), .undecided),       // not past the slop
        (Point(x: 30, y: 18), .undecided),
        (Point(x: 10, y: 18.5), .rejected),     // vertical passed the slop first
        (Point(x: 40, y: -19), .locked),        // both past the slop in one event: 2:1 still holds
        (Point(x: 30, y: -19), .rejected),
    ])
    func horizontalViewPagerRule(_ displacement: Point, _ expected: AxisLock.Decision) {
        #expect(AxisLock(axis: .horizontal, slop: 18).decide(displacement) == expected)
        // The vertical rule is the same with the axes swapped.
        #expect(AxisLock(axis: .vertical, slop: 18).decide(Point(x: displacement.y, y: displacement.x)) == expected)
    }

    @Test func outerScrollerNeverGivesUp() {
        let lock = AxisLock(axis: .vertical, slop: 18, dominance: 0)
        #expect(lock.decide(Point(x: 60, y: 5)) == .undecided)
        #expect(lock.decide(Point(x: 60, y: 18.5)) == .locked)
        #expect(lock.decide(Point(x: .nan, y: 30)) == .undecided)
    }

    @Test func freePanUsesDistance() {
        let lock = AxisLock(axis: .free, slop: 36)
        #expect(lock.decide(Point(x: 25, y: 25)) == .undecided)
        #expect(lock.decide(Point(x: 30, y: 30)) == .locked)
        let t = lock.translation(afterLocking: Point(x: 30, y: 40))
        #expect(abs(t.x - 30 * 14 / 50) < 1e-12 && abs(t.y - 40 * 14 / 50) < 1e-12)
    }

    @Test func slopIsSubtractedAlongTheAxis() {
        #expect(AxisLock(axis: .horizontal, slop: 18).translation(afterLocking: Point(x: -25, y: 3)) == Point(x: -7, y: 0))
        #expect(AxisLock(axis: .vertical, slop: 8).translation(afterLocking: Point(x: 2, y: 9)) == Point(x: 0, y: 1))
    }
}
