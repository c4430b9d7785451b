@testable import Feeds
import Testing
@testable import Reader

/// The words a row, an article's byline and an ambient card show for an entry beside its own: its age, and a
/// title when the feed gave none.
@Suite struct EntryWordsTests {
    private func at(_ text: String) -> Timestamp { Timestamp(iso8601: text)! }

    /// Found on the wall: a post from 2017 read "27 Jun", as if from this summer.
    @Test func anAgeNamesTheYearWhenItIsNotThisOne() {
        let now = at("2026-11-27T18:00:00Z")
        #expect(ReaderContext.age(of: at("2026-11-27T17:59:30Z"), now: now) == "now")
        #expect(ReaderContext.age(of: at("2026-11-27T15:00:00Z"), now: now) == "3 h")
        #expect(ReaderContext.age(of: at("2026-11-24T18:00:00Z"), now: now) == "3 d")
        #expect(ReaderContext.age(of: at("2026-06-27T09:00:00Z"), now: now) == "27 Jun")
        #expect(ReaderContext.age(of: at("2017-06-27T09:00:00Z"), now: now) == "27 Jun 2017")
        // Last December, seen in January: a different year, however recent.
        #expect(ReaderContext.age(of: at("2025-12-20T09:00:00Z"), now: at("2026-01-03T09:00:00Z")) == "20 Dec 2025")
    }

    /// Link blogs and microblogs give no title: the row read "Untitled". The first sentence stands in, and the
    /// snippet under it goes on after that sentence.
    @Test func anUntitledEntryIsTitledByItsFirstSentence() {
        func row(title: String?, snippet: String?) -> RiverRow {
            RiverRow(entry: RiverEntry(id: EntryID(rawValue: 1), feed: FeedID(rawValue: 1), key: "k", title: title, link: nil,
                                       sortTime: Timestamp(secondsSince1970: 0), isRead: false, isStarred: false,
                                       thumbnail: nil, textLength: 0, snippet: snippet),
                     feedTitle: "Micro")
        }
        let micro = row(title: nil, snippet: "Shipped version 3.5 of example.com today! Thanks to everyone who tested it.")
        #expect(micro.title == "Shipped version 3.5 of example.com today!")
        #expect(micro.snippet == "Thanks to everyone who tested it.")
        let titled = row(title: "A title", snippet: "Words. More words.")
        #expect(titled.title == "A title" && titled.snippet == "Words. More words.")
        #expect(row(title: "", snippet: "Just one line with no stop").title == "Just one line with no stop")
        #expect(row(title: "", snippet: "Just one line with no stop").snippet == nil)
        #expect(row(title: nil, snippet: "   ").title == "Untitled")
        #expect(row(title: nil, snippet: nil).title == "Untitled")
        #expect(row(title: nil, snippet: "He said \u{201C}no.\u{201D} Then he left.").title == "He said \u{201C}no.\u{201D}")
    }

    @Test func aLongFirstSentenceIsCutAtAWord() throws {
        let long = String(repeating: "word ", count: 40) + "end. Next."
        let (title, rest) = try #require(StandInTitle.split(long))
        #expect(title.hasSuffix("word…") && title.count <= StandInTitle.longest + 1)
        #expect(rest?.hasSuffix("end. Next.") == true)
        let unbroken = String(repeating: "x", count: 200)
        #expect(StandInTitle.split(unbroken)?.title == String(repeating: "x", count: StandInTitle.longest) + "…")
        #expect(StandInTitle.split("") == nil)
    }
}
