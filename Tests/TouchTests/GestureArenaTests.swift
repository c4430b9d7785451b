import Testing
@testable import Touch

@Suite struct GestureArenaTests {
    enum Member: Hashable, Sendable { case pull, scroll, swipe, list, select, hold }

    /// The pull menu: a horizontal always-bounce container around a vertically scrolling article.
    func pullInsideScroller() -> GestureArena<Member> {
        GestureArena([(.pull, .pan(PanRecognizer(axis: .horizontal))),
                      (.scroll, .pan(PanRecognizer(axis: .vertical, dominance: 0)))])
    }

    /// A mail-style list: rows swipe horizontally, the list scrolls vertically, a tap selects.
    func rowInsideList() -> GestureArena<Member> {
        GestureArena([(.swipe, .pan(PanRecognizer(axis: .horizontal))),
                      (.list, .pan(PanRecognizer(axis: .vertical, dominance: 0))),
                      (.select, .tap(TapRecognizer()))])
    }

    func run(_ arena: inout GestureArena<Member>, _ events: [TouchEvent]) {
        for event in events { arena.handle(event) }
    }

    @Test func horizontalPullWinsAHorizontalDrag() throws {
        var arena = pullInsideScroller()
        run(&arena, try trace(Traces.rowSwipe))
        #expect(arena.winner == .pull)
        #expect(arena.pan(.pull)?.state == .ended)
        #expect(arena.pan(.pull)!.velocity.x < -500)
        #expect(arena.pan(.scroll)?.state == .failed)
    }

    @Test func aTapRightAfterASwipeIsATap() throws {
        // The tap lost the swipe's sequence and never heard its finger lift; the next sequence starts it afresh.
        var arena = rowInsideList()
        run(&arena, try trace(Traces.rowSwipe))
        #expect(arena.winner == .swipe)
        let last = try trace(Traces.rowSwipe).last!.time
        run(&arena, [TouchEvent(slot: 0, phase: .down, x: 300, y: 200, time: last + 0.1),
                     TouchEvent(slot: 0, phase: .up, x: 300, y: 200, time: last + 0.16)])
        #expect(arena.winner == .select)
        #expect(arena.tap(.select)?.state == .ended)
        #expect(arena.pan(.swipe)?.state == .failed)
    }

    @Test func verticalScrollWinsAVerticalFlick() throws {
        var arena = pullInsideScroller()
        run(&arena, try trace(Traces.verticalFlick))
        #expect(arena.winner == .scroll)
        #expect(arena.pan(.scroll)?.state == .ended)
        #expect(arena.pan(.pull)?.state == .failed)
    }

    @Test func aDiagonalStartGoesToTheScroller() {
        // Vertical passes the slop while horizontal is under twice as large: the pull gives up.
        var arena = pullInsideScroller()
        run(&arena, stroke([Point(x: 0, y: 0), Point(x: 12, y: 10), Point(x: 25, y: 19), Point(x: 80, y: 20)]))
        #expect(arena.winner == .scroll)
        #expect(arena.pan(.scroll)!.translation.y == 2)  // 19 − 18 at the claim, then 1 more
    }

    @Test func aTapSelectsOnlyWhenNothingMoved() throws {
        var arena = rowInsideList()
        run(&arena, try trace(Traces.tap))
        #expect(arena.winner == .select && arena.tap(.select)?.state == .ended)
        // The next touch is a new round: a swipe must not select the row.
        run(&arena, try trace(Traces.rowSwipe))
        #expect(arena.winner == .swipe)
        #expect(arena.tap(.select)?.state == .failed)
        #expect(arena.pan(.swipe)?.state == .ended)
    }

    @Test func sameEventClaimsResolveByOrder() {
        // One jump satisfies both the 2:1 horizontal rule and the vertical slop.
        let jump = stroke([Point(x: 0, y: 0), Point(x: 40, y: 19)])
        var innerFirst = rowInsideList()
        run(&innerFirst, jump)
        #expect(innerFirst.winner == .swipe)
        var outerFirst = GestureArena<Member>([(.list, .pan(PanRecognizer(axis: .vertical, dominance: 0))),
                                               (.swipe, .pan(PanRecognizer(axis: .horizontal)))])
        run(&outerFirst, jump)
        #expect(outerFirst.winner == .list)
        // And the same input always gives the same answer.
        var again = rowInsideList()
        run(&again, jump)
        #expect(again.winner == innerFirst.winner)
    }

    @Test func longPressBeatsAPanThatNeverStarted() {
        var arena = GestureArena<Member>([(.hold, .longPress(LongPressRecognizer())),
                                          (.scroll, .pan(PanRecognizer(axis: .vertical, dominance: 0)))])
        arena.handle(TouchEvent(slot: 0, phase: .down, x: 50, y: 50, time: 0.0))
        #expect(arena.deadline == 0.5)
        arena.advance(to: 0.5)
        #expect(arena.winner == .hold && arena.longPress(.hold)?.state == .began)
        #expect(arena.pan(.scroll)?.state == .failed)
        arena.handle(TouchEvent(slot: 0, phase: .move, x: 50, y: 150, time: 0.6))
        #expect(arena.pan(.scroll)?.state == .failed && arena.longPress(.hold)?.state == .changed)
        arena.handle(TouchEvent(slot: 0, phase: .up, x: 50, y: 150, time: 0.7))
        #expect(arena.longPress(.hold)?.state == .ended && arena.deadline == nil)
    }

    @Test func cancelEndsTheWinnerCleanly() throws {
        var arena = pullInsideScroller()
        run(&arena, try trace(Traces.cancelMidDrag))
        #expect(arena.winner == .scroll && arena.pan(.scroll)?.state == .cancelled)
        #expect(arena.touches.isEmpty)
    }

    @Test func twoFingersStillOneWinner() throws {
        var arena = rowInsideList()
        run(&arena, try trace(Traces.twoFingers))
        #expect(arena.winner == .list)
        #expect(arena.pan(.list)?.state == .ended)
        #expect(arena.tap(.select)?.state == .failed)
    }
}
