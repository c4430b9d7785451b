/// A moment in UTC, in whole seconds since 1970. Feeds carry dates to the second; the reader sorts and shows them.
public struct Timestamp: Comparable, Hashable, Sendable {
    public var secondsSince1970: Int64

    public init(secondsSince1970: Int64) { self.secondsSince1970 = secondsSince1970 }

    /// The civil date for a UTC calendar day and time. `month` is 1...12; nothing is range-checked here, so a
    /// caller validates fields first (a parser turns an impossible date into nil, never into a nearby one).
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.secondsSince1970 = Int64(Self.daysFromCivil(year: year, month: month, day: day)) * 86_400
            + Int64(hour * 3_600 + minute * 60 + second)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    /// `YYYY-MM-DDTHH:MM:SSZ`, the contract's form.
    public var iso8601: String {
        let days = Int(secondsSince1970.floorDivided(by: 86_400))
        let secondOfDay = Int(secondsSince1970 - Int64(days) * 86_400)
        let (year, month, day) = Self.civil(fromDays: days)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(abs(value))
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3_600, 2)):"
            + "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

extension Timestamp {
    /// An ISO 8601 / RFC 3339 time as feeds write it (`2026-11-24T08:00:00Z`); without a zone it is read as UTC.
    public init?(iso8601 text: String) {
        guard let stamp = FeedDate.iso8601(Array(text.utf8)) else { return nil }
        self = stamp
    }
}
