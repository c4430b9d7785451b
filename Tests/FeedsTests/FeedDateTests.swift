import Testing
@testable import Feeds

@Suite struct FeedDateTests {
    /// Each variant and the UTC moment it means; nil where no date must come out.
    static let table: [(String, String?)] = [
        // RFC 822 and its drift
        ("Thu, 01 Jan 2004 19:48:21 GMT", "2004-01-01T19:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 +0000", "2004-01-01T19:48:21Z"),
        ("Thu, 1 Jan 2004 19:48:21 EST", "2004-01-02T00:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 EDT", "2004-01-01T23:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 CST", "2004-01-02T01:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 CDT", "2004-01-02T00:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 MST", "2004-01-02T02:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 MDT", "2004-01-02T01:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 PST", "2004-01-02T03:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 PDT", "2004-01-02T02:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 UT", "2004-01-01T19:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 Z", "2004-01-01T19:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 A", "2004-01-01T20:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 N", "2004-01-01T18:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 -0800", "2004-01-02T03:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 +05:30", "2004-01-01T14:18:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 GMT-05:00", "2004-01-02T00:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 GMT+1", "2004-01-01T18:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 Etc/GMT", "2004-01-01T19:48:21Z"),
        ("Thu, 01 Jan 2004 19:48:21 +0000 (UTC)", "2004-01-01T19:48:21Z"),
        ("Thu, 01 Jan 2004 19:48 GMT", "2004-01-01T19:48:00Z"),
        ("01 Jan 2004 19:48:21 GMT", "2004-01-01T19:48:21Z"),
        ("Wed, 01 Jan 2004 19:48:21 GMT", "2004-01-01T19:48:21Z"),
        ("Donnerstag, 01 Jan 2004 19:48:21 GMT", "2004-01-01T19:48:21Z"),
        ("jeu., 01 janv. 2004 19:48:21 +0100", "2004-01-01T18:48:21Z"),
        ("Do, 01 Mär 2004 19:48:21 GMT", "2004-03-01T19:48:21Z"),
        ("Thu,01 Jan 2004 19:48:21 GMT", "2004-01-01T19:48:21Z"),
        ("Thu, 01 Jan 2004, 19:48:21 GMT", "2004-01-01T19:48:21Z"),
        ("  Thu,   01  Jan   2004   19:48:21   GMT  ", "2004-01-01T19:48:21Z"),
        ("Thu, 01 Jan 04 19:48:21 GMT", "2004-01-01T19:48:21Z"),
        ("Fri, 01 Jan 99 19:48:21 GMT", "1999-01-01T19:48:21Z"),
        ("Jan 01 2004 19:48:21 GMT", "2004-01-01T19:48:21Z"),
        ("Thu Jan  1 19:48:21 2004", "2004-01-01T19:48:21Z"),
        ("Thu, 01 Jan 2004", "2004-01-01T00:00:00Z"),
        ("01-Jan-2004 19:48:21 GMT", "2004-01-01T19:48:21Z"),
        ("Thu, 01 January 2004 07:48:21 PM GMT", "2004-01-01T19:48:21Z"),
        ("Sat, 29 Feb 2020 12:00:00 GMT", "2020-02-29T12:00:00Z"),
        ("Thu, 31 Dec 2099 23:59:59 -1200", "2100-01-01T11:59:59Z"),
        ("Fri, 2006/09/15 08:19:53 EDT", "2006-09-15T12:19:53Z"),
        ("Κυρ, 11 Ιούλ 2004 12:00:00 EST", "2004-07-11T17:00:00Z"),
        ("Thu Aug 30 2012 17:26:16 +0200", "2012-08-30T15:26:16Z"),
        ("Sun Jul 15 01:16:00 +0000 2012", "2012-07-15T01:16:00Z"),
        ("Mon, 13 Feb, 2012 06:28:00 UTC", "2012-02-13T06:28:00Z"),
        ("Wed, 19 Feb 2012 22:40:00 GMT-01:01", "2012-02-19T23:41:00Z"),
        ("Thu, 30 Apr 2015 08:57:00 MEST", "2015-04-30T06:57:00Z"),
        ("Mon, 26 January 2004 16:31:00 PT", "2004-01-27T00:31:00Z"),
        // ISO 8601, RFC 3339, W3C-DTF
        ("2004-01-01T19:48:21Z", "2004-01-01T19:48:21Z"),
        ("2004-01-01t19:48:21z", "2004-01-01T19:48:21Z"),
        ("2004-01-01T19:48:21+01:00", "2004-01-01T18:48:21Z"),
        ("2004-01-01T19:48:21+0100", "2004-01-01T18:48:21Z"),
        ("2004-01-01T19:48:21-05", "2004-01-02T00:48:21Z"),
        ("2004-01-01T19:48:21.123456-05:00", "2004-01-02T00:48:21Z"),
        ("2004-01-01T19:48Z", "2004-01-01T19:48:00Z"),
        ("2004-01-01T19:48:21", "2004-01-01T19:48:21Z"),
        ("2004-01-01 19:48:21", "2004-01-01T19:48:21Z"),
        ("2004-01-01 19:48:21 +02:00", "2004-01-01T17:48:21Z"),
        ("2004-01-01", "2004-01-01T00:00:00Z"),
        ("2004-01", "2004-01-01T00:00:00Z"),
        ("2004", "2004-01-01T00:00:00Z"),
        ("20040101T194821Z", "2004-01-01T19:48:21Z"),
        ("2004-01-01T19:48:21 GMT", "2004-01-01T19:48:21Z"),
        // Nothing, rather than a wrong date
        ("", nil), ("   ", nil), ("not a date", nil), ("yesterday", nil),
        ("Sat, 30 Feb 2021 12:00:00 GMT", nil), ("Thu, 31 Apr 2004 12:00:00 GMT", nil),
        ("Fri, 29 Feb 2019 12:00:00 GMT", nil), ("Thu, 01 Jan 2004 25:48:21 GMT", nil),
        ("Thu, 01 Jan 2004 19:60:21 GMT", nil), ("Thu, 01 Jan 2004 19:48:61 GMT", nil),
        ("Thu, 32 Jan 2004 19:48:21 GMT", nil), ("Thu, 01 Foo 2004 19:48:21 GMT", nil),
        ("2004-13-01T00:00:00Z", nil), ("2004-02-30", nil), ("2004-01-01T24:00:00Z", nil),
        ("2004-01-01T19:48:21+25:00", nil), ("2004-01-01T19:48:21 nonsense", nil), ("2004-01-01Tgarbage", nil),
        ("Thu, 01 Jan 2004 19:48:21 +99999", nil), ("Thu 01 Jan", nil), ("19:48:21", nil),
        ("Sun, 16 Dec 2012 1:2:3:4 GMT", nil), ("Sun, Dec x 2012 11:47:32 GMT", nil), ("Sun, 16 Dec zz 11:47:32 GMT", nil),
        ("Sun, 16 Dec 2012 11:47:32 +zz:00", nil), ("Sun, 99 Jun 2009 12:00:00 GMT", nil),
        ("9999-12-31T23:59:59-99:99", nil), ("2003-12-31T10:14:61Z", nil), ("22013", nil), ("013", nil),
        ("2013-01-27-01", nil), ("2013-01-28T11:30:00-06:00Textra", nil), ("2013-xx-27", nil),
        (String(repeating: "9", count: 500), nil),
    ]

    @Test(arguments: table) func parses(_ text: String, _ expected: String?) {
        #expect(FeedDate.parse(text)?.iso8601 == expected, "\(text)")
    }

    /// The byte-level reading of the common RFC 822 form is only a shortcut: wherever it answers, the general
    /// reading answers the same, and it leaves every other form to the general reading.
    @Test func theCommonFormShortcutAgreesWithTheGeneralReading() {
        let zones = ["+0000", "-0800", "+0530", "GMT", "UT", "Z", "EST", "pdt", "+2400", "-0060", "XYZ"]
        let months = ["Jan", "feb", "MAR", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "Foo"]
        var compared = 0
        for (index, zone) in zones.enumerated() {
            for (m, month) in months.enumerated() {
                for day in ["1", "09", "29", "31", "32"] {
                    for clock in ["09:05", "23:59:59", "24:00:00", "7:05"] {
                        let year = [1999, 2000, 2024, 2026][(index + m) % 4]
                        let text = (m % 2 == 0 ? "Tue, " : "") + "\(day) \(month) \(year) \(clock) \(zone)"
                        let bytes = Array(text.utf8)
                        if let quick = FeedDate.commonRFC822(bytes) {
                            #expect(quick == FeedDate.rfc822(text), "\(text)")
                            compared += 1
                        }
                        #expect(FeedDate.parse(text) == FeedDate.rfc822(text), "\(text)")
                    }
                }
            }
        }
        #expect(compared > 500)
        for other in ["Tue, 24 Nov 2026", "24-Nov-2026 09:05 GMT", "Tue 24 Nov 2026 09:05:00 GMT", "24 mär 2026 09:05 CET",
                      "Tue, 24 Nov 26 09:05:00 GMT", "Tue, 24 Nov 2026 09:05:00.123 +0000"] {
            #expect(FeedDate.commonRFC822(Array(other.utf8)) == nil, "\(other)")
        }
    }

    /// Found in review: digits of other scripts passed `isNumber` and trapped `Int(_:)!`; a word read as a zone.
    @Test func otherScriptsDigitsAreNoDigitsAndWordsAreNoZones() {
        for text in ["2024-01-01T00:00:00+½", "Tue, 24 Nov 2026 09:05:00 +٠٥", "Tue, 24 Nov 2026 ٠٩:05:00 GMT",
                     "٢٠٢٤-01-01", "24 Nov ٢٠٢٦"] {
            #expect(FeedDate.parse(text) == nil, "\(text)")
        }
        #expect(FeedDate.parse("Tuesday, 24 November 2026 at 10:00")?.iso8601 == "2026-11-24T10:00:00Z")
        #expect(FeedDate.parse("24 Nov 2026 10:00 at")?.iso8601 == "2026-11-24T14:00:00Z")
    }
}
