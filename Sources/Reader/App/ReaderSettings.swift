import Feeds
import Platform
import Touch
import Widgets

/// Everything a person or an owner can set, with its default. The same keys are read from the configuration
/// file, from `LECTERN_<KEY>` environment variables and from `--<key>` flags (see `ReaderConfiguration`), and
/// the panel writes the ones a person changes there to the state directory.
public struct ReaderSettings: Equatable, Sendable {
    public var theme: Theme.Name = .light
    /// Body text size in points before the reading distance scales it.
    public var textSize: Double = 17
    /// How far from the panel a person reads, metres: type grows with it, so a wall panel read from across the
    /// hallway is set larger than one read at arm's length.
    public var readingDistance: Double = 0.6
    /// Show the bundled sample feeds while the store has no subscriptions.
    public var samples = true
    /// The feed store; nil: `feeds.db` in the state directory.
    public var store: String?
    /// An OPML file merged into the subscriptions at start.
    public var opml: String?
    /// Minutes without a touch before the panel turns ambient; 0: never.
    public var idleMinutes: Double = 5
    /// Seconds each ambient card shows before the next crossfades in.
    public var cardSeconds: Double = 15
    /// The night schedule, `HH:MM-HH:MM`, or nil for none.
    public var night: String?
    /// Minutes before the night the panel spends dimmed, in the dark theme; 0: it goes straight off.
    public var dimMinutes: Double = 0
    /// Minutes a touch at night keeps the panel on after the last touch.
    public var wakeMinutes: Double = 3
    /// The on-disk image cache's bound, megabytes.
    public var imageCacheMegabytes: Int = 64
    /// Minutes between background refreshes of a feed (before ttl, max-age and back-off).
    public var refreshMinutes: Int = 60
    /// The aggregator the panel syncs with; nil: none, the panel fetches its feeds itself.
    public var sync: SyncAccount.Kind?
    /// The aggregator's API address (Fever's endpoint, or the Google Reader API's base).
    public var syncURL: String?
    /// The account's login (Fever: the email; none: the password file holds Fever's API key).
    public var syncUser: String?
    /// A file, readable by the service user alone, holding the account's password.
    public var syncPasswordFile: String?
    /// Minutes between syncs (before back-off).
    public var syncMinutes: Double = 15

    // The display: how the panel is mounted and driven, so that a panel is set up from the card alone.
    /// The picture is turned this many degrees clockwise (touch turns with it): 0, 90, 180 or 270.
    public var rotate = 0
    /// The connector to drive, as the kernel names it (HDMI-A-1, DSI-1); nil: the first connected.
    public var connector: String?
    /// `WIDTHxHEIGHT` or `WIDTHxHEIGHT@HZ`; nil: the connector's preferred mode.
    public var mode: String?
    /// Pixels per point; nil: from the panel's size in millimetres.
    public var scale: Double?
    /// libinput's calibration matrix for touchscreens (`a b c d e f`), for a digitizer whose axes disagree with
    /// its panel; nil: the device's own.
    public var touchCalibration: [Float]?

    public init() {}

    /// The steps text size moves through with − and +.
    public static let textSizes: [Double] = [13, 15, 17, 19, 21, 24, 28, 32]

    /// The reading distance at which type is set at its nominal size.
    public static let nominalDistance = 0.6

    /// What the reading distance multiplies every size by: half again from 1.2 m, held between 1 and 3 so a
    /// setting never makes text smaller than designed or larger than a screen.
    public var distanceFactor: Double { min(3, max(1, readingDistance / Self.nominalDistance)) }

    /// The body size as drawn, points.
    public var bodySize: Double { textSize * distanceFactor }

    /// The next size up (`step` 1) or down (−1) from the current one.
    public func textSize(stepped step: Int) -> Double {
        let sizes = Self.textSizes
        let nearest = sizes.indices.min { abs(sizes[$0] - textSize) < abs(sizes[$1] - textSize) } ?? 2
        return sizes[min(max(nearest + step, 0), sizes.count - 1)]
    }

    // MARK: Keys

    /// Every key, in the order docs/configuration.md and the card's commented lectern.conf list them.
    public static let keys = ["theme", "text-size", "reading-distance", "samples", "store", "opml", "idle-minutes",
                              "card-seconds", "night", "dim-minutes", "wake-minutes", "image-cache-mb", "refresh-minutes",
                              "sync", "sync-url", "sync-user", "sync-password-file", "sync-minutes",
                              "rotate", "connector", "mode", "scale", "touch-calibration"]

    /// The keys a person changes on the panel, saved to the state directory when they change.
    public static let panelKeys = ["theme", "text-size", "reading-distance"]

    /// Sets `key` from its text form; the error says what the key takes.
    public mutating func set(_ key: String, to text: String) throws(SettingError) {
        let value = text[...].trimmingCharacters(from: ReaderConfiguration.spaces)
        func number(_ range: ClosedRange<Double>) throws(SettingError) -> Double {
            guard let n = Double(value), n.isFinite, range.contains(n) else {
                throw SettingError(key: key, value: value, expected: "a number from \(Self.plain(range.lowerBound)) to \(Self.plain(range.upperBound))")
            }
            return n
        }
        switch key {
        case "theme":
            guard let name = Theme.Name(rawValue: value) else {
                throw SettingError(key: key, value: value, expected: "light, sepia or dark")
            }
            theme = name
        case "text-size": textSize = try number(10...48)
        case "reading-distance": readingDistance = try number(0.2...6)
        case "samples":
            switch value {
            case "on", "true", "yes", "1": samples = true
            case "off", "false", "no", "0": samples = false
            default: throw SettingError(key: key, value: value, expected: "on or off")
            }
        case "store": store = value.isEmpty ? nil : value
        case "opml": opml = value.isEmpty ? nil : value
        case "idle-minutes": idleMinutes = try number(0...1440)
        case "card-seconds": cardSeconds = try number(5...3600)
        case "dim-minutes": dimMinutes = try number(0...240)
        case "wake-minutes": wakeMinutes = try number(0.5...240)
        case "night":
            if value.isEmpty || value == "off" { night = nil; return }
            guard NightSchedule(value) != nil else {
                throw SettingError(key: key, value: value, expected: "HH:MM-HH:MM or off")
            }
            night = value
        case "image-cache-mb": imageCacheMegabytes = Int(try number(0...4096))
        case "refresh-minutes": refreshMinutes = Int(try number(60...1440))
        case "sync":
            if value.isEmpty || value == "local" || value == "off" { sync = nil; return }
            guard let kind = SyncAccount.Kind(rawValue: value) else {
                throw SettingError(key: key, value: value, expected: "local, fever or greader")
            }
            sync = kind
        case "sync-url":
            guard value.isEmpty || WebAddress.isWeb(value) else {
                throw SettingError(key: key, value: value, expected: "an http or https URL")
            }
            syncURL = value.isEmpty ? nil : value
        case "sync-user": syncUser = value.isEmpty ? nil : value
        case "sync-password-file": syncPasswordFile = value.isEmpty ? nil : value
        case "sync-minutes": syncMinutes = try number(1...1440)
        case "rotate":
            guard let degrees = Int(value), [0, 90, 180, 270].contains(degrees) else {
                throw SettingError(key: key, value: value, expected: "0, 90, 180 or 270")
            }
            rotate = degrees
        case "connector": connector = value.isEmpty || value == "auto" ? nil : value
        case "mode":
            if value.isEmpty || value == "auto" { mode = nil; return }
            guard ModeChoice.parseMode(value) != nil else {
                throw SettingError(key: key, value: value, expected: "WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, or auto")
            }
            mode = value
        case "scale":
            if value.isEmpty || value == "auto" { scale = nil; return }
            scale = try number(0.25...8)
        case "touch-calibration":
            if value.isEmpty || value == "off" { touchCalibration = nil; return }
            let numbers = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).compactMap { Float($0) }
            guard numbers.count == 6, numbers.allSatisfy(\.isFinite),
                  value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).count == 6 else {
                throw SettingError(key: key, value: value, expected: "six numbers a b c d e f (libinput's matrix), or off")
            }
            touchCalibration = numbers
        default: throw SettingError(key: key, value: value, expected: nil)
        }
    }

    /// `key`'s value in the form `set` reads.
    public func value(of key: String) -> String? {
        switch key {
        case "theme": theme.rawValue
        case "text-size": Self.plain(textSize)
        case "reading-distance": Self.plain(readingDistance)
        case "samples": samples ? "on" : "off"
        case "store": store ?? ""
        case "opml": opml ?? ""
        case "idle-minutes": Self.plain(idleMinutes)
        case "card-seconds": Self.plain(cardSeconds)
        case "dim-minutes": Self.plain(dimMinutes)
        case "wake-minutes": Self.plain(wakeMinutes)
        case "night": night ?? "off"
        case "image-cache-mb": String(imageCacheMegabytes)
        case "refresh-minutes": String(refreshMinutes)
        case "sync": sync?.rawValue ?? "local"
        case "sync-url": syncURL ?? ""
        case "sync-user": syncUser ?? ""
        case "sync-password-file": syncPasswordFile ?? ""
        case "sync-minutes": Self.plain(syncMinutes)
        case "rotate": String(rotate)
        case "connector": connector ?? "auto"
        case "mode": mode ?? "auto"
        case "scale": scale.map(Self.plain) ?? "auto"
        case "touch-calibration": touchCalibration.map { $0.map { Self.plain(Double($0)) }.joined(separator: " ") } ?? "off"
        default: nil
        }
    }

    /// A number as a person writes it: `2`, not `2.0`.
    public static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}

/// A setting that could not be taken: one line naming the key, the value and what it takes.
public struct SettingError: Error, CustomStringConvertible, Equatable, Sendable {
    public var key: String
    public var value: String
    /// What the key takes; nil when there is no such key.
    public var expected: String?
    /// Why the key was not changed whatever its value (fixed by a flag, not one a phone changes), said after its
    /// name; nil for a value the key does not take.
    public var reason: String? = nil

    public var description: String {
        if let reason { return "\(key) \(reason)" }
        guard let expected else { return "unknown setting '\(key)' (settings: \(ReaderSettings.keys.joined(separator: ", ")))" }
        return "\(key) = '\(value)': expected \(expected)"
    }
}

/// A night schedule, `HH:MM-HH:MM` in the panel's local time; it may run over midnight.
public struct NightSchedule: Equatable, Sendable {
    /// Minutes after midnight.
    public var start: Int
    public var end: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let start = Self.minutes(parts[0]), let end = Self.minutes(parts[1]), start != end else {
            return nil
        }
        self.start = start
        self.end = end
    }

    static func minutes(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
              let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m) else { return nil }
        return h * 60 + m
    }

    /// Whether `minute` (after local midnight) falls in the night.
    public func contains(minute: Int) -> Bool {
        start < end ? (minute >= start && minute < end) : (minute >= start || minute < end)
    }

    /// Whether the moment `second` seconds after local midnight falls in the night.
    public func contains(second: Double) -> Bool { contains(minute: Int((second / 60).rounded(.down)) % 1440) }

    /// Seconds from `second` (after local midnight) until the night next begins (0 while it is night).
    public func secondsUntilStart(from second: Double) -> Double {
        contains(second: second) ? 0 : Self.secondsUntil(minute: start, from: second)
    }

    /// Seconds from `second` (after local midnight) until the night, or the day, next begins: the next moment
    /// the schedule changes what the panel does.
    public func secondsUntilChange(from second: Double) -> Double {
        Self.secondsUntil(minute: contains(second: second) ? end : start, from: second)
    }

    static func secondsUntil(minute: Int, from second: Double) -> Double {
        let wait = (Double(minute * 60) - second).truncatingRemainder(dividingBy: 86_400)
        return wait > 0 ? wait : wait + 86_400
    }
}
