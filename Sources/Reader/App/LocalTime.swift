#if canImport(Glibc)
import Glibc
#endif
import Feeds
import System

/// The panel's wall clock and time zone: read here, at the edge, and handed to the screens as functions.
public enum LocalTime {
    /// Now, from the wall clock.
    public static func now() -> Timestamp { Timestamp(secondsSince1970: WallClock.secondsSince1970()) }

    /// The local zone's offset from UTC at `moment`, seconds east (the zone of `TZ`, else the system's).
    public static func utcOffset(at moment: Timestamp) -> Int {
        var seconds = time_t(moment.secondsSince1970)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }

    /// `text` as `--now` takes it: ISO 8601 with a zone, or without one in the local zone.
    public static func parse(_ text: String) -> Timestamp? {
        guard let asUTC = Timestamp(iso8601: text) else { return nil }
        let time = text.split(separator: "T", maxSplits: 1).dropFirst().first ?? ""
        let zoned = time.hasSuffix("Z") || time.hasSuffix("z") || time.contains("+") || time.contains("-")
        if zoned { return asUTC }
        // Local: the offset at the moment itself (a guess from UTC, corrected once across a DST change).
        let guess = asUTC.secondsSince1970 - Int64(utcOffset(at: asUTC))
        return Timestamp(secondsSince1970: asUTC.secondsSince1970 - Int64(utcOffset(at: Timestamp(secondsSince1970: guess))))
    }
}
