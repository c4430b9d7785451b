import Feeds
import Raster
import Testing
import Text
import Touch
import Widgets
@testable import Reader

/// Ambient over the bundled samples on the virtual clock: the cards, the continue-reading card that brings the
/// person back to the paragraph they were on, the list marking what arrived meanwhile, and nothing marked read
/// by being shown.
@Suite struct AmbientJourneyTests {
    let reader: HeadlessReader
    var time = 0.0

    init() throws {
        var settings = ReaderSettings()
        settings.idleMinutes = 1
        reader = try HeadlessReader.overSamples(settings: settings, writes: true)
        try reader.loop.frame(at: 0)
    }

    /// Runs the panel's loop until `until`: frames while something moves, else straight to the next deadline.
    mutating func run(until end: Double) throws {
        while time < end {
            let next = reader.loop.needsFrame ? time + 1.0 / 60 : (reader.loop.wakeTime ?? end)
            time = min(end, max(next, time + 1.0 / 60))
            try reader.loop.frame(at: time)
            reader.loop.prepareAhead()
        }
    }

    mutating func tap(_ x: Double, _ y: Double) throws {
        reader.app.handle(TouchFrame([TouchEvent(slot: 0, phase: .down, x: x, y: y, time: time)]))
        try run(until: time + 0.06)
        reader.app.handle(TouchFrame([TouchEvent(slot: 0, phase: .up, x: x, y: y, time: time)]))
        try run(until: time + 0.5)
    }

    @Test mutating func continueReadingBringsBackTheSameParagraph() throws {
        guard let list = reader.app.screen as? ListScreen else { Issue.record("no list"); return }
        reader.app.open(2, in: list)
        guard let article = reader.app.screen as? ArticleScreen else { Issue.record("no article"); return }
        let entry = article.current.entry.id
        article.pager.restore(scrollY: 120)
        let scrolled = article.pager.scroll.offset
        try run(until: 61)
        #expect(reader.app.screenName == "ambient")
        guard let ambient = reader.app.screen as? AmbientScreen, let card = ambient.currentCard else {
            Issue.record("no card"); return
        }
        #expect(card.continues && card.row.entry.id == entry)
        try tap(400, 300)
        guard let back = reader.app.screen as? ArticleScreen else { Issue.record("not back at the article"); return }
        #expect(back.current.entry.id == entry && back.pager.scroll.offset == scrolled)
    }

    @Test mutating func cardsTurnWithoutMarkingAnythingReadAndATouchPausesThem() throws {
        let unread = reader.app.context.library.unreadCount()
        try run(until: 61)
        guard let ambient = reader.app.screen as? AmbientScreen else { Issue.record("not ambient"); return }
        let first = try #require(ambient.currentCard).row.entry.id
        // The next card comes after card-seconds, fading in over a second; between, nothing is due but it.
        let due = try #require(reader.app.deadline)
        #expect(due > 74.9 && due < 75.1)
        try run(until: 77)
        let second = try #require(ambient.currentCard).row.entry.id
        #expect(second != first)
        #expect(reader.app.context.library.unreadCount() == unread)
        // A finger held on the card stops the rotation for as long as it stays, and a card's time after it lifts.
        reader.app.handle(TouchFrame([TouchEvent(slot: 0, phase: .down, x: 400, y: 20, time: time)]))
        // While it is down nothing is due: the lift sets the next card (no deadline at infinity for a timer).
        #expect(reader.app.deadline.map(\.isFinite) != false)
        try run(until: 100)
        #expect(ambient.currentCard?.row.entry.id == second)
        reader.app.handle(TouchFrame([TouchEvent(slot: 0, phase: .move, x: 500, y: 20, time: time)]))
        reader.app.handle(TouchFrame([TouchEvent(slot: 0, phase: .up, x: 500, y: 20, time: time)]))
        try run(until: time + 14)
        #expect(ambient.currentCard?.row.entry.id == second)
        try run(until: time + 3)
        #expect(ambient.currentCard?.row.entry.id != second)
    }

    @Test mutating func aTapOnACardOpensItsArticleAndTheListChipGoesHome() throws {
        try run(until: 61)
        guard let ambient = reader.app.screen as? AmbientScreen, let card = ambient.currentCard else {
            Issue.record("not ambient"); return
        }
        try tap(400, 300)
        guard let article = reader.app.screen as? ArticleScreen else { Issue.record("no article"); return }
        #expect(article.current.entry.id == card.row.entry.id)
        try run(until: time + 61)
        #expect(reader.app.screenName == "ambient")
        try tap(40, 28)
        #expect(reader.app.screenName == "list")
    }
}

/// What arrived while the panel was left alone is marked New on the list: rows sorted at or after the last
/// touch, and only those.
@Suite struct NewSinceLastTouchTests {
    @Test func rowsSortedSinceTheLastTouchAreMarkedAndNoOthers() throws {
        let reader = try HeadlessReader.overSamples()
        try reader.loop.frame(at: 0)
        guard let shown = reader.app.screen as? ListScreen else { Issue.record("no list"); return }
        let rows = shown.rows
        let newest = try #require(rows.first).entry.sortTime
        func picture(newSince: Timestamp?) -> Surface {
            let list = ListScreen(context: reader.context, filter: .unread, rows: rows, unread: rows.count, newSince: newSince)
            let surface = Surface(width: 800, height: 480)
            _ = list.draw(into: Canvas(surface: surface, scale: .one, glyphs: reader.context.glyphs))
            return surface
        }
        func rowsDiffer(_ a: Surface, _ b: Surface) -> [Bool] {
            // Each visible row's band: whether any of its pixels differ.
            let first = ListScreen.headerHeight, height = EntryCell.height(typeScale: reader.context.typeScale)
            return (0..<2).map { row in
                let top = Int(first + Double(row) * height), bottom = Int(first + Double(row + 1) * height) - 1
                return (top..<bottom).contains { y in (0..<800).contains { x in a[x, y] != b[x, y] } }
            }
        }
        let plain = picture(newSince: nil)
        // Only the newest row is as new as the moment: it alone is marked.
        #expect(rowsDiffer(plain, picture(newSince: newest)) == [true, false])
        // A last touch after everything: nothing is new, nothing is marked.
        #expect(rowsDiffer(plain, picture(newSince: Timestamp(secondsSince1970: newest.secondsSince1970 + 1))) == [false, false])
    }
}
