import Testing
import Touch
import Widgets
@testable import Reader

/// The right edge's strip starts a pull for the menu, but only once the finger moves inward: a tap anywhere on
/// a target that reaches the edge does what the same tap does away from it. Every point is tapped, since the
/// strip (28 pt) covers only part of each target and a person taps where the thumb lands.
@Suite struct EdgeTapTests {
    @Test func everyPointOfAnOpenRowsSlotsDoesItsAction() throws {
        let panel = try ReaderPanel()
        let key = try #require(panel.listRows.first)
        let size = panel.reader.context.size
        let y = ListScreen.headerHeight + 50
        // The two slots, 74 pt each, flush with the right edge: More (the sheet), then the red Mark as read.
        let red = Int(size.width) - 74, more = red - 74
        for x in more..<Int(size.width) {
            try panel.play(Gesture.drag(from: Point(x: 600, y: y), to: Point(x: 300, y: y)))
            #expect(panel.rowOffsets.first == 148, "the row rests open (before the tap at \(x))")
            if x >= red {
                // The undo bar waits 5 s: the undo is in the same trace.
                var read = false
                try panel.play(Gesture.tap(Double(x) + 0.5, y) + "\n2000000 0 down \(size.width - 40) \(size.height - 28)"
                               + "\n2060000 0 up \(size.width - 40) \(size.height - 28)") { _, t in
                    if t > 1, t < 1.9, (try? panel.store.entry(feed: panel.feed, key: key)?.isRead) == true { read = true }
                }
                #expect(read, "a tap at x \(x) on the red slot marks the entry read")
                #expect(panel.listRows.first == key, "... and the undo brings it back (x \(x))")
            } else {
                try panel.play(Gesture.tap(Double(x) + 0.5, y))
                #expect(panel.field("overlay") == "sheet", "a tap at x \(x) on More shows the sheet")
                try panel.play(Gesture.tap(20, 20))   // outside the card: cancels
                #expect(panel.field("overlay") == nil)
            }
        }
    }

    @Test func everyPointOfTheMenuButtonOpensTheMenu() throws {
        let panel = try ReaderPanel()
        let size = panel.reader.context.size
        let button = ScreenHeader.menuFrame(in: Rect(x: 0, y: 0, width: size.width, height: size.height))
        for x in Int(button.minX)..<Int(button.maxX) {
            try panel.play(Gesture.tap(Double(x) + 0.5, button.midY))
            #expect(!panel.menuItems.isEmpty, "a tap at x \(x) on Menu opens the menu")
            try panel.play(Gesture.tap(100, size.height - 60))   // beside the menu's targets: closes it
            #expect(panel.menuItems.isEmpty, "the menu closed again (x \(x))")
        }
    }

    @Test func aPullFromTheEdgeStillOpensTheMenuAndLeavesTheRowsAlone() throws {
        let panel = try ReaderPanel()
        let size = panel.reader.context.size
        let y = ListScreen.headerHeight + 50
        try panel.play(Gesture.drag(from: Point(x: size.width - 4, y: y), to: Point(x: size.width - 200, y: y), steps: 20))
        #expect(!panel.menuItems.isEmpty, "the pull opened the menu")
        #expect(panel.rowOffsets.allSatisfy { $0 == 0 }, "no row was swiped under the pull")
    }

    @Test func everyPointOfAFeedRowsSlotsDoesItsAction() throws {
        let panel = try ReaderPanel()
        panel.reader.app.perform(.showFeeds)
        let size = panel.reader.context.size
        let y = ListScreen.headerHeight + FeedCell.height / 2
        // Two slots of 90 pt flush with the right edge: Mute, then the red Remove.
        let remove = Int(size.width) - 90, mute = remove - 90
        func feeds() throws -> FeedsScreen { try #require(panel.reader.app.screen as? FeedsScreen) }
        for x in mute..<Int(size.width) {
            try panel.play(Gesture.drag(from: Point(x: 600, y: y), to: Point(x: 300, y: y)))
            #expect(try feeds().visibleFeeds().first?.offset == 180, "the row rests open (before the tap at \(x))")
            let muted = try #require(try feeds().feeds.first?.isMuted)
            if x >= remove {
                // The undo bar waits 5 s before the feed goes: the undo is in the same trace.
                let bar = UndoBar.frame(in: panel.reader.context.bounds)
                var removing = false
                try panel.play(Gesture.tap(Double(x) + 0.5, y) + "\n2000000 0 down \(bar.midX) \(bar.midY)"
                               + "\n2060000 0 up \(bar.midX) \(bar.midY)") { app, t in
                    if t > 1, t < 1.9, (app.screen as? FeedsScreen)?.undo != nil { removing = true }
                }
                #expect(removing, "a tap at x \(x) on Remove unsubscribes, behind the undo bar")
                #expect(try feeds().visibleFeeds().count == 1, "... and the undo keeps the feed (x \(x))")
            } else {
                try panel.play(Gesture.tap(Double(x) + 0.5, y))
                #expect(try feeds().feeds.first?.isMuted == !muted, "a tap at x \(x) on Mute toggles the feed's mute")
            }
        }
        #expect(try feeds().feeds.count == 1)
    }

    @Test func everyPointOfTheFeedsMenuButtonOpensTheMenu() throws {
        let panel = try ReaderPanel()
        panel.reader.app.perform(.showFeeds)
        let size = panel.reader.context.size
        // The header's last 110 pt, flush with the right edge, are its Menu button.
        for x in (Int(size.width) - 110)..<Int(size.width) {
            try panel.play(Gesture.tap(Double(x) + 0.5, ListScreen.headerHeight / 2))
            #expect(!panel.menuItems.isEmpty, "a tap at x \(x) on the feeds screen's Menu opens the menu")
            try panel.play(Gesture.tap(100, size.height - 60))
            #expect(panel.menuItems.isEmpty, "the menu closed again (x \(x))")
        }
    }
}
