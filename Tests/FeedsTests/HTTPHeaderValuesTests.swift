import Testing
@testable import Feeds

@Suite struct HTTPHeaderValuesTests {
    let sunday = Timestamp(year: 1994, month: 11, day: 6, hour: 8, minute: 49, second: 37)

    @Test func readsAllThreeHTTPDateForms() {
        #expect(HTTPHeaderValues.httpDate("Sun, 06 Nov 1994 08:49:37 GMT") == sunday)
        #expect(HTTPHeaderValues.httpDate("Sunday, 06-Nov-94 08:49:37 GMT") == sunday)
        #expect(HTTPHeaderValues.httpDate("Sun Nov  6 08:49:37 1994") == sunday)
        #expect(HTTPHeaderValues.httpDate("Tue, 29 Feb 2028 23:59:59 GMT")
            == Timestamp(year: 2028, month: 2, day: 29, hour: 23, minute: 59, second: 59))
        #expect(HTTPHeaderValues.httpDate("Thursday, 01-Jan-26 00:00:00 GMT") == Timestamp(year: 2026, month: 1, day: 1))
    }

    @Test func rejectsWhatIsNotAnHTTPDate() {
        for text in ["", "soon", "Sun, 06 Nov 1994", "Sun, 31 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:00:00 GMT",
                     "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 +0100", "06 Nov 1994 08:49 GMT",
                     "Sun, 06 Nov 1994 08:49:37:00 GMT", "Mon, 29 Feb 2100 00:00:00 GMT"] {
            #expect(HTTPHeaderValues.httpDate(text) == nil, "\(text)")
        }
    }

    @Test func readsRetryAfter() {
        #expect(HTTPHeaderValues.retryAfter("120") == .seconds(120))
        #expect(HTTPHeaderValues.retryAfter(" 0 ") == .seconds(0))
        #expect(HTTPHeaderValues.retryAfter("99999999999999999999") == .seconds(31_536_000))
        #expect(HTTPHeaderValues.retryAfter("Sun, 06 Nov 1994 08:49:37 GMT") == .date(sunday))
        #expect(HTTPHeaderValues.retryAfter("-5") == nil)
        #expect(HTTPHeaderValues.retryAfter("later") == nil)
    }

    @Test func readsMaxAge() {
        #expect(HTTPHeaderValues.maxAge(cacheControl: "max-age=600") == 600)
        #expect(HTTPHeaderValues.maxAge(cacheControl: "public, s-maxage=60, Max-Age = 3600 ") == 3_600)
        #expect(HTTPHeaderValues.maxAge(cacheControl: "max-age=\"90\", must-revalidate") == 90)
        #expect(HTTPHeaderValues.maxAge(cacheControl: "no-cache") == nil)
        #expect(HTTPHeaderValues.maxAge(cacheControl: "max-age=soon") == nil)
        #expect(HTTPHeaderValues.maxAge(cacheControl: "max-age=-1") == nil)
    }
}
