import Motion
import Testing
@testable import Touch
@testable import Widgets

/// The scroller and the list under every interaction: momentum, edges, insets, row reuse and animated removal.
@Suite struct ScrollViewTests {
    let frame = Rect(x: 0, y: 0, width: 800, height: 480)

    @Test func aFlickCoastsAndBouncesAtTheEndWithoutAJump() {
        var scroll = ScrollView(frame: frame, contentHeight: 2000)
        var script = GestureScript(start: 1.0)
        script.drag(from: Point(x: 400, y: 400), to: Point(x: 400, y: 100), seconds: 0.1)   // 3000 pt/s up
        var coasting: [Double] = []
        var overshot = 0.0
        var released = false
        playPan(script, axis: .vertical, after: 3) { pan, time in
            scroll.follow(pan, at: time)
            released = released || pan.state == .ended
        } frame: { t in
            scroll.advance(to: t)
            if released { coasting.append(scroll.offset) }
            overshot = max(overshot, scroll.overscrollBottom)
        }
        #expect(overshot > 0)                                      // past the end, then back
        #expect(scroll.offset == scroll.maxOffset && scroll.isAtBottom && !scroll.isMoving)
        // Let go, the content never moves faster than the flick (3000 pt/s: 50 pt a frame), into the bounce too.
        #expect(coasting.count > 60)
        for (a, b) in zip(coasting, coasting.dropFirst()) { #expect(abs(b - a) <= 50 + 1e-6) }
    }

    @Test func edgesAndOverscrollAreReported() {
        var scroll = ScrollView(frame: frame, contentHeight: 2000)
        #expect(scroll.isAtTop && !scroll.isAtBottom && scroll.scrolls && scroll.maxOffset == 1520)
        scroll.beginDrag(at: 0)
        scroll.drag(by: 100)
        #expect(scroll.overscrollTop > 0 && scroll.overscrollTop < 100 && scroll.offset == -scroll.overscrollTop)
        let short = ScrollView(frame: frame, contentHeight: 300)
        #expect(!short.scrolls && short.isAtTop && short.isAtBottom)
    }

    @Test func aTopInsetHoldsTheContentDownUntilItGoes() {
        var scroll = ScrollView(frame: frame, contentHeight: 2000)
        scroll.beginDrag(at: 0)
        scroll.drag(by: 200)
        scroll.endDrag(fingerVelocity: 0, at: 0)
        scroll.setTopInset(60, at: 0)
        scroll.advance(to: 3)
        #expect(scroll.offset == -60 && scroll.minOffset == -60)
        scroll.setTopInset(0, at: 3)
        scroll.advance(to: 6)
        #expect(scroll.offset == 0)
        // Content scrolled into the middle stays put when the inset changes.
        scroll.jump(to: 500)
        scroll.setTopInset(60, at: 7)
        #expect(scroll.offset == 500 && !scroll.isMoving)
    }
}

@Suite struct ListViewTests {
    final class Cell { var configuredFor: [Int] = [] }

    @Test func cellsAreReusedAsRowsScroll() {
        let list = ListView(frame: Rect(x: 0, y: 0, width: 800, height: 480), ids: Array(0..<1000), rowHeight: 80,
                            makeCell: { Cell() }, configure: { cell, id in cell.configuredFor.append(id) })
        var seen = Set<Int>()
        var offset = 0.0
        while offset < list.contentHeight - 480 {
            let rows = list.visibleRows(offset: offset)
            for row in rows {
                seen.insert(row.id)
                #expect(row.cell.configuredFor.last == row.id, "a cell shows the row it was configured for")
            }
            #expect(rows.count <= 7)
            offset += 37
        }
        #expect(seen.count == 1000)
        // A screen holds 6 to 7 rows: that many cells, however long the list.
        #expect(list.cellsMade <= 8)
    }

    @Test func hitTestingFindsTheRowUnderAPoint() {
        let list = ListView(frame: Rect(x: 0, y: 100, width: 800, height: 380), ids: [10, 11, 12, 13], rowHeight: 80,
                            makeCell: { Cell() }, configure: { _, _ in })
        #expect(list.row(at: Point(x: 5, y: 100), offset: 0) == 10)
        #expect(list.row(at: Point(x: 5, y: 179.9), offset: 0) == 10)
        #expect(list.row(at: Point(x: 5, y: 180), offset: 0) == 11)
        #expect(list.row(at: Point(x: 5, y: 150), offset: 100) == 11)
        #expect(list.row(at: Point(x: 5, y: 190), offset: 100) == 12)
        #expect(list.row(at: Point(x: 5, y: 99), offset: 0) == nil)        // above the list's frame
        #expect(list.row(at: Point(x: 5, y: 440), offset: 0) == nil)       // below the last row
    }

    @Test func aRemovedRowCollapsesAndTheRowsBelowGlide() {
        var layout = RowLayout(ids: [0, 1, 2, 3], rowHeight: 80)
        layout.remove(1, at: 10)
        #expect(layout.isLeaving(1) && layout.contentHeight == 320)
        layout.advance(to: 10.15)
        #expect(abs(layout.span(of: 1)!.height - 40) < 1e-9 && abs(layout.span(of: 2)!.top - 120) < 1e-9)
        #expect(layout.advance(to: 10.31) == false)
        #expect(!layout.contains(1) && layout.ids == [0, 2, 3] && layout.span(of: 2)!.top == 80)
        #expect(layout.contentHeight == 240)
    }
}
