@testable import Feeds
import Raster
@testable import Reader
import Testing
import Widgets

/// A row's action sheet: it says which entry it acts on, dims the whole screen it covers, takes the reader's
/// colours, and offers only what the entry can do.
@Suite struct RowSheetTests {
    @Test func theSheetNamesItsEntryAndDimsTheHeaderToo() throws {
        let panel = try ReaderPanel()
        let headerBefore = panel.reader.display.scanout[400, 10]
        let y = ListScreen.headerHeight + 50
        try panel.play("0 0 down 200 \(y)\n700000 0 up 200 \(y)")
        let list = try #require(panel.reader.app.screen as? ListScreen)
        #expect(list.list.sheet.heading == "Entry 5", "the first row's title over its options")
        let heading = try #require(list.list.sheet.layout().heading)
        #expect(heading.maxY == list.list.sheet.layout().options.minY)
        // The header is under the backdrop: darker than it was.
        let headerAfter = panel.reader.display.scanout[400, 10]
        #expect(luminance(headerAfter) < luminance(headerBefore) - 40)
        // The options' words are the theme's accent, not iOS's blue: the card holds reddish pixels, no blue ones.
        let card = list.list.sheet.layout().options
        var reddish = 0, bluish = 0
        for py in Int(card.minY)..<Int(card.maxY) {
            for px in Int(card.minX)..<Int(card.maxX) {
                let (r, g, b) = channels(panel.reader.display.scanout[px, py])
                if r > 150 && g < 110 && b < 110 { reddish += 1 }
                if b > 150 && r < 90 { bluish += 1 }
            }
        }
        #expect(reddish > 50 && bluish == 0)
        // A tap on the heading chooses nothing: the sheet stays.
        try panel.play(Gesture.tap(heading.midX, heading.midY))
        #expect(panel.field("overlay") == "sheet")
    }

    @Test func anEntryWithoutALinkIsOfferedNoCode() {
        var entry = RiverEntry(id: EntryID(rawValue: 1), feed: FeedID(rawValue: 1), key: "k", title: "A note",
                               link: nil, sortTime: Timestamp(secondsSince1970: 0), isRead: false, isStarred: true,
                               thumbnail: nil, textLength: 10, snippet: nil)
        #expect(ListScreen.sheetOptions(for: entry).map(\.rawValue) == ["Mark as read", "Unstar", "Mute this feed"])
        entry.link = "https://example.org/a"
        entry.isRead = true
        #expect(ListScreen.sheetOptions(for: entry).map(\.rawValue)
            == ["Mark as unread", "Unstar", "Show QR code", "Mute this feed"])
    }

    private func channels(_ pixel: UInt32) -> (Int, Int, Int) {
        (Int(pixel >> 16 & 0xff), Int(pixel >> 8 & 0xff), Int(pixel & 0xff))
    }

    private func luminance(_ pixel: UInt32) -> Int {
        let (r, g, b) = channels(pixel)
        return (r * 3 + g * 6 + b) / 10
    }
}
