import Feeds
@testable import Reader
import Testing

/// About tells the last refresh as a person reads time on a wall: how long ago, not a time stamp.
@Suite struct AboutScreenTests {
    @Test func theLastRefreshIsAnAgeNotATimeStamp() {
        let now = Timestamp(secondsSince1970: 1_795_000_000)
        func when(_ secondsAgo: Int64) -> String {
            ReaderContext.when(Timestamp(secondsSince1970: now.secondsSince1970 - secondsAgo), now: now)
        }
        #expect(when(20) == "just now")
        #expect(when(5 * 60) == "5 min ago")
        #expect(when(3 * 3_600 + 59) == "3 h ago")
        #expect(when(2 * 86_400) == "2 d ago")
        #expect(when(30 * 86_400).hasPrefix("on "))
        #expect(!when(30 * 86_400).contains("T") && !when(30 * 86_400).contains(":"))
    }
}
