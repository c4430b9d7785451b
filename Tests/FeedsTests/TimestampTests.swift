import Testing
@testable import Feeds

@Suite struct TimestampTests {
    @Test func formatsTheContractsForm() {
        #expect(Timestamp(secondsSince1970: 0).iso8601 == "1970-01-01T00:00:00Z")
        #expect(Timestamp(year: 2003, month: 12, day: 13, hour: 18, minute: 30, second: 2).iso8601
            == "2003-12-13T18:30:02Z")
        #expect(Timestamp(secondsSince1970: -1).iso8601 == "1969-12-31T23:59:59Z")
    }

    @Test func civilDaysRoundTripAcrossLeapYears() {
        #expect(Timestamp(year: 2000, month: 2, day: 29).secondsSince1970 == 951_782_400)
        #expect(Timestamp(year: 2024, month: 3, day: 1).iso8601 == "2024-03-01T00:00:00Z")
        for days in stride(from: -800_000, to: 800_000, by: 997) {
            let (y, m, d) = Timestamp.civil(fromDays: days)
            #expect(Timestamp.daysFromCivil(year: y, month: m, day: d) == days)
        }
    }
}
