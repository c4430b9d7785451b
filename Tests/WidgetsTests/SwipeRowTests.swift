import Raster
import Testing
@testable import Touch
@testable import Widgets

/// One row's swipe: catch width, buttons that stand still, the release decided on the projected end, flicks.
@Suite struct SwipeRowTests {
    let rowFrame = Rect(x: 0, y: 160, width: 800, height: 80)

    private func released(after distance: Double, seconds: Double, hold: Double = 0,
                          direction: LayoutDirection = .leftToRight, startingOpen: Bool = false) -> SwipeRow {
        var row = SwipeRow(actions: [.more, .delete], direction: direction, width: 800)
        if startingOpen {
            row.open(at: 0)
            row.advance(to: 0.9)
        }
        var script = GestureScript(start: 1.0)
        let x0 = direction == .leftToRight ? 600.0 : 200.0
        let dx = direction == .leftToRight ? -distance : distance
        script.drag(from: Point(x: x0, y: 200), to: Point(x: x0 + dx, y: 200), seconds: seconds, hold: hold)
        playPan(script, axis: .horizontal, after: 1) { pan, time in row.follow(pan, at: time) } frame: { row.advance(to: $0) }
        return row
    }

    @Test func theCatchWidthIsTheButtonsWidth() {
        #expect(SwipeRow(actions: [.more, .delete], width: 800).catchWidth == 148)
        let three = [SwipeAction.more, SwipeAction(title: "Flag", color: .black, width: 60), .delete]
        #expect(SwipeRow(actions: three, width: 800).catchWidth == 208)
    }

    @Test func slowReleasesOpenPastHalfTheCatchWidth() {
        // Held still before lifting: no flick, the projected end is where the row is.
        #expect(released(after: 130, seconds: 0.6, hold: 0.2).isOpen)       // 112 pt past the slop
        #expect(released(after: 110, seconds: 0.6, hold: 0.2).isOpen)       // 92 ≥ 74
        #expect(!released(after: 80, seconds: 0.6, hold: 0.2).isOpen)      // 62 < 74
        let open = released(after: 130, seconds: 0.6, hold: 0.2)
        #expect(open.offset == 148)
        #expect(released(after: 80, seconds: 0.6, hold: 0.2).offset == 0)
    }

    @Test func aShortFlickOpensAndAShortFlickBackCloses() {
        // 40 pt in 40 ms: 1000 pt/s, far under half the catch width but faster than 500 pt/s.
        let flicked = released(after: 40, seconds: 0.04)
        #expect(flicked.isOpen && flicked.offset == 148)
        let back = released(after: -40, seconds: 0.04, startingOpen: true)
        #expect(!back.isOpen && back.offset == 0)
    }

    @Test func aFlickUnderFiveHundredIsDecidedOnItsProjection() {
        // About 400 pt/s released at ~30 pt: projected 30 + 0.4·499 ≈ 230 → open; the original ignored speed.
        let medium = released(after: 48, seconds: 0.12)
        #expect(medium.isOpen)
    }

    @Test func swipingTheOtherWayDoesNothing() {
        let row = released(after: -200, seconds: 0.4, hold: 0.1)
        #expect(row.offset == 0 && !row.isOpen)
    }

    @Test func theButtonsStandStillWhileTheContentSlides() {
        var row = SwipeRow(actions: [.more, .delete], width: 800)
        let before = row.buttonFrames(in: rowFrame)
        row.beginDrag(at: 0)
        row.drag(by: -60)
        #expect(row.buttonFrames(in: rowFrame) == before)
        #expect(before == [Rect(x: 652, y: 160, width: 74, height: 80), Rect(x: 726, y: 160, width: 74, height: 80)])
        #expect(row.contentFrame(in: rowFrame).minX == -60)
        // Only uncovered buttons answer a tap.
        #expect(row.action(at: Point(x: 700, y: 200), in: rowFrame) == nil)
        #expect(row.action(at: Point(x: 760, y: 200), in: rowFrame) == 1)
    }

    @Test func rightToLeftRowsKeepTheirButtonsOnTheLeft() {
        let three = [SwipeAction.more, SwipeAction(title: "Flag", color: .black, width: 60), .delete]
        var row = SwipeRow(actions: three, direction: .rightToLeft, width: 800)
        #expect(row.buttonFrames(in: rowFrame).map(\.minX) == [134, 74, 0])
        row.beginDrag(at: 0)
        row.drag(by: 300)                                    // rightwards opens, rubber-banded past the catch width
        #expect(row.offset > 208 && row.contentFrame(in: rowFrame).minX == row.offset)
        row.endDrag(fingerVelocity: 0, at: 0)
        row.advance(to: 2)
        #expect(row.isOpen && row.offset == 208)
        #expect(row.action(at: Point(x: 30, y: 200), in: rowFrame) == 2)
        let rtl = released(after: 130, seconds: 0.6, hold: 0.2, direction: .rightToLeft)
        #expect(rtl.isOpen)
    }

    @Test func theReleaseHandsOverWithoutAJump() {
        var row = SwipeRow(actions: [.more, .delete], width: 800)
        row.beginDrag(at: 0)
        row.drag(by: -100)
        let at = row.slide.offset
        row.endDrag(fingerVelocity: -300, at: 1)
        // Position the same at the release; the velocity is the content's, -finger velocity inside the bounds.
        #expect(row.slide.state(at: 1).offset == at)
        #expect(abs(row.slide.state(at: 1).velocity - 300) < epsilon)
    }
}

/// Mail's list: one open row, outside taps swallowed, rows swiped, scrolled, deleted, the action sheet.
@Suite struct SwipeListTests {
    final class Cell {}

    private func makeList(actions: [SwipeAction] = [.more, .delete], direction: LayoutDirection = .leftToRight) throws
        -> SwipeList<Cell> {
        SwipeList(frame: Rect(x: 0, y: 0, width: 800, height: 480), ids: Array(0..<20), rowHeight: 80, actions: actions,
                  direction: direction, sheetOptions: ["Mark as unread", "Star", "Share link as QR code"],
                  typography: try makeTypography(), makeCell: { Cell() }, configure: { _, _ in },
                  drawCell: { _, _, _ in })
    }

    private func run(_ list: SwipeList<Cell>, _ write: (inout GestureScript) -> Void) {
        var script = GestureScript(start: 1.0)
        write(&script)
        play(script.events, after: 1) { list.handle(TouchFrame([$0])) } frame: { list.advance(to: $0) }
    }

    private func swipeOpen(_ script: inout GestureScript, row: Int) {
        let y = Double(row) * 80 + 40
        script.drag(from: Point(x: 600, y: y), to: Point(x: 420, y: y), seconds: 0.4, hold: 0.1)
        script.wait(0.8)
    }

    @Test func aSwipeOpensOneRow() throws {
        let list = try makeList()
        run(list) { swipeOpen(&$0, row: 1) }
        #expect(list.openRow == 1 && list.offset(ofRow: 1) == 148 && list.offset(ofRow: 0) == 0)
    }

    private func selections(_ list: SwipeList<Cell>) -> [Int] {
        list.takeEvents().compactMap { if case .selected(let row) = $0 { row } else { nil } }
    }

    @Test func aSecondRowOpeningClosesTheFirst() throws {
        let list = try makeList()
        run(list) { script in
            swipeOpen(&script, row: 1)
            swipeOpen(&script, row: 3)
        }
        #expect(list.openRow == 3 && list.offset(ofRow: 3) == 148 && list.offset(ofRow: 1) == 0)
    }

    @Test func anOutsideTapClosesTheRowAndSelectsNothing() throws {
        let list = try makeList()
        run(list) { script in
            swipeOpen(&script, row: 1)
            script.tap(at: Point(x: 300, y: 300))
        }
        #expect(list.openRow == nil && list.offset(ofRow: 1) == 0)
        #expect(selections(list).isEmpty)
        // With no row open, the same tap selects.
        run(list) { $0.tap(at: Point(x: 300, y: 300)) }
        #expect(selections(list) == [3])
    }

    @Test func aTapOnTheOpenRowsContentClosesItWithoutSelecting() throws {
        let list = try makeList()
        run(list) { script in
            swipeOpen(&script, row: 1)
            script.tap(at: Point(x: 300, y: 120))
        }
        #expect(list.openRow == nil && selections(list).isEmpty)
    }

    @Test func aListDragWithARowOpenClosesItAndScrolls() throws {
        let list = try makeList()
        run(list) { script in
            swipeOpen(&script, row: 1)
            script.drag(from: Point(x: 300, y: 400), to: Point(x: 300, y: 150), seconds: 0.4, hold: 0.1)
        }
        #expect(list.openRow == nil && list.offset(ofRow: 1) == 0)
        #expect(list.scroll.offset > 200 && selections(list).isEmpty)
    }

    @Test func deleteTakesTheRowAway() throws {
        let list = try makeList()
        let before = list.list.contentHeight
        run(list) { script in
            swipeOpen(&script, row: 2)
            script.tap(at: Point(x: 760, y: 200))
        }
        #expect(list.offset(ofRow: 2) == nil && list.openRow == nil)
        #expect(list.list.contentHeight == before - 80)
        #expect(list.list.frame(ofRow: 3, offset: 0)?.minY == 160)      // the rows below moved up
        #expect(list.takeEvents() == [.deleted(row: 2)])
    }

    @Test func moreBringsUpTheSheetAndATapOutsideCancels() throws {
        let list = try makeList()
        run(list) { script in
            swipeOpen(&script, row: 2)
            script.tap(at: Point(x: 690, y: 200))
        }
        #expect(list.sheet.isPresented && list.openRow == 2)
        run(list) { $0.tap(at: Point(x: 400, y: 40)) }               // above the sheet's card
        #expect(!list.sheet.isPresented && list.openRow == nil)
        #expect(list.takeEvents() == [.sheetCancelled(row: 2)])
        // An option is chosen by a tap on it.
        run(list) { script in
            swipeOpen(&script, row: 2)
            script.tap(at: Point(x: 690, y: 200))
        }
        let card = list.sheet.layout().options
        run(list) { $0.tap(at: Point(x: card.midX, y: card.minY + ActionSheet.rowHeight * 1.5)) }
        #expect(list.takeEvents() == [.sheetOption(row: 2, option: 1)])
    }

    @Test func aTapRightAfterASwipeIsATap() throws {
        let list = try makeList()
        run(list) { script in
            script.drag(from: Point(x: 600, y: 40), to: Point(x: 560, y: 40), seconds: 0.3, hold: 0.1)  // not open
            script.wait(0.5)
            script.tap(at: Point(x: 300, y: 120))
        }
        #expect(selections(list) == [1])
    }

    @Test func moreThanTwoButtonsAndRightToLeft() throws {
        var events: [SwipeList<Cell>.Event] = []
        let flag = SwipeAction(title: "Flag", color: .black, width: 60)
        let list = try makeList(actions: [.more, flag, .delete], direction: .rightToLeft)
        #expect(list.catchWidth == 208)
        run(list) { script in
            script.drag(from: Point(x: 200, y: 120), to: Point(x: 460, y: 120), seconds: 0.4, hold: 0.1)
            script.wait(0.8)
            script.tap(at: Point(x: 104, y: 120))                   // Flag: 74…134 from the left edge
        }
        events = list.takeEvents()
        #expect(events == [.action(row: 1, index: 1)])
        #expect(list.openRow == nil)
    }

    @Test func aDeletedOpenRowLeavesNothingBehindAndComesBackShut() throws {
        let list = try makeList()
        run(list) { script in
            swipeOpen(&script, row: 2)
            script.tap(at: Point(x: 760, y: 200))
        }
        #expect(list.takeEvents() == [.deleted(row: 2)])
        list.insert(2, at: 2, height: 80, time: 100)
        list.advance(to: 101)
        #expect(list.offset(ofRow: 2) == 0 && list.openRow == nil)
    }

    @Test func aFingerDuringTheHintTakesOver() throws {
        let list = try makeList()
        list.hint(1, at: 1)
        // Right after the hint began a finger flicks the row open, before the hint's close is due (1.45 s): that
        // close must not shut it.
        var script = GestureScript(start: 1.05)
        script.drag(from: Point(x: 600, y: 120), to: Point(x: 450, y: 120), seconds: 0.15)
        play(script.events, after: 1) { list.handle(TouchFrame([$0])) } frame: { list.advance(to: $0) }
        #expect(list.openRow == 1 && list.offset(ofRow: 1) == 148)
    }

    @Test func insertsAndRefreshesCloseTheOpenRow() throws {
        let list = try makeList()
        run(list) { swipeOpen(&$0, row: 1) }
        list.insert(100, at: 0, height: 80, time: 10)
        #expect(list.openRow == nil)
        list.advance(to: 11)
        #expect(list.list.frame(ofRow: 100, offset: 0)?.minY == 0 && list.list.frame(ofRow: 0, offset: 0)?.minY == 80)
        run(list) { swipeOpen(&$0, row: 2) }
        list.closeOpenRow(at: 20)
        #expect(list.openRow == nil)
    }
}

@Suite struct ActionSheetTests {
    @Test func slidesUpAndDownFromWhereItIs() throws {
        let bounds = Rect(x: 0, y: 0, width: 800, height: 480)
        let sheet = ActionSheet(frame: bounds, options: ["A", "B"], typography: try makeTypography())
        #expect(!sheet.isVisible && sheet.layout().options.minY == 480)
        sheet.present(at: 0)
        sheet.advance(to: 0.25)
        #expect(sheet.presence == 1 && sheet.isPresented)
        let up = sheet.layout()
        #expect(up.cancel.maxY == 480 - ActionSheet.margin && up.options.height == 108 && up.options.width == 420)
        sheet.dismiss(at: 1)
        #expect(!sheet.isPresented && sheet.isVisible)
        sheet.advance(to: 1.25)
        #expect(!sheet.isVisible)
    }
}
