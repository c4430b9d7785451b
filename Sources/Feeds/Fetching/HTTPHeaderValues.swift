/// The few response header values the fetcher interprets. Kept minimal and local: feed dates (RFC 822 and its
/// variants) are the parser's business; HTTP's own dates have exactly three forms (RFC 9110, 5.6.7).
enum HTTPHeaderValues {
    /// `max-age` from a `Cache-Control` value, in seconds (`s-maxage` and other directives ignored).
    static func maxAge(cacheControl value: String) -> Int? {
        var result: Int?
        for directive in value.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, trimmed(parts[0]).lowercased() == "max-age" else { continue }
            var number = trimmed(parts[1])
            if number.count >= 2, number.hasPrefix("\""), number.hasSuffix("\"") {
                number = String(number.dropFirst().dropLast())
            }
            if let seconds = seconds(number) { result = seconds }
        }
        return result
    }

    /// `Retry-After`: whole seconds, or an HTTP-date.
    static func retryAfter(_ value: String) -> RetryAfter? {
        let text = trimmed(Substring(value))
        if let seconds = seconds(text) { return .seconds(seconds) }
        return httpDate(text).map(RetryAfter.date)
    }

    /// An HTTP-date in any of its three forms: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850
    /// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`). All are UTC. In each, the
    /// day comes before the year; a two-digit year is taken as 1970...2069.
    static func httpDate(_ text: String) -> Timestamp? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" || $0 == "\t" })
        var month: Int?, time: (Int, Int, Int)?, numbers: [Substring] = []
        for token in tokens {
            if token.contains(":") {
                let fields = token.split(separator: ":", omittingEmptySubsequences: false)
                guard time == nil, fields.count == 3, let h = Int(fields[0]), let m = Int(fields[1]),
                      let s = Int(fields[2]), (0...23).contains(h), (0...59).contains(m), (0...60).contains(s)
                else { return nil }
                time = (h, m, s)
            } else if token.allSatisfy(\.isASCIIDigit) {
                numbers.append(token)
            } else if let index = months.firstIndex(of: token.prefix(3).lowercased()), token.count == 3 {
                guard month == nil else { return nil }
                month = index + 1
            } else if !["gmt", "utc", "ut", "z"].contains(token.lowercased()),
                      !weekdays.contains(where: { token.lowercased().hasPrefix($0) }) {
                return nil
            }
        }
        guard let month, let time, numbers.count == 2, numbers[0].count <= 2, let day = Int(numbers[0]),
              numbers[1].count == 2 || numbers[1].count == 4, var year = Int(numbers[1]) else { return nil }
        if numbers[1].count == 2 { year += year < 70 ? 2000 : 1900 }
        guard (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        return Timestamp(year: year, month: month, day: day, hour: time.0, minute: time.1,
                         second: min(time.2, 59))
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// A non-negative decimal count of seconds; absurdly long ones are held at a year (nothing waits longer).
    private static func seconds(_ text: String) -> Int? {
        guard !text.isEmpty, text.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(text.prefix(9)).map { text.count > 9 ? 31_536_000 : min($0, 31_536_000) }
    }

    static func trimmed(_ text: Substring) -> String {
        String(text.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" })
            .reversed())
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
