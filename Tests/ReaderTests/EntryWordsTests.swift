@testable import Feeds
import Testing
@testable import Reader

/// The words a row, an article's byline and an ambient card show for an entry beside its own.
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
}
