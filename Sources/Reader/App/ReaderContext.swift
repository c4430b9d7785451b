import Feeds
import Raster
import Text
import Touch
import Widgets
import Wireless

/// What every screen of the reader is made with and reads: the panel's size and type, the settings, the
/// library, and the wall clock as a function of the one monotonic clock (so a replay with `--now` and the panel
/// both give screens a time without them reading a clock).
public final class ReaderContext {
    public let size: Size
    public let typography: Typography
    public let glyphs: GlyphCache
    public var settings: ReaderSettings
    public let library: ReaderLibrary
    /// Pictures for rows and articles, decoded off the frame path.
    public let images: ReaderImages
    /// The wall-clock moment of a monotonic time.
    public let wallClock: (Double) -> Timestamp
    /// The local time zone's offset from UTC at a moment, seconds east.
    public let utcOffset: (Timestamp) -> Int
    /// The pairing book and the panel's address, for the menu's Phone; nil without a state directory.
    public var pairing: PanelPairing?
    /// The panel's Wi-Fi set-up, for the menu's Wi-Fi and the Wi-Fi card; nil where there is no radio to drive
    /// (no iwd on the system bus, or a desktop run).
    public var wifi: WiFiSetup?
    /// A line the list shows at its foot until the first touch (why the kiosk restarted).
    public var notice: String?

    public init(size: Size, typography: Typography, glyphs: GlyphCache, settings: ReaderSettings,
                library: ReaderLibrary, images: ReaderImages = ReaderImages(cache: nil),
                wallClock: @escaping (Double) -> Timestamp, utcOffset: @escaping (Timestamp) -> Int) {
        self.images = images
        self.size = size
        self.typography = typography
        self.glyphs = glyphs
        self.settings = settings
        self.library = library
        self.wallClock = wallClock
        self.utcOffset = utcOffset
    }

    public var theme: Theme { Theme.named(settings.theme) }
    public var scale: Scale { typography.scale }
    public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }
    /// What every type size is multiplied by: the text-size setting over its default, and the reading distance.
    public var typeScale: Double { settings.bodySize / 17 }

    /// A style of `size` points (before the type scale).
    public func style(_ family: FontFamily = .sans, size: Double, weight: FontWeight = .regular,
                      color: Color) -> TextStyle {
        TextStyle(family: family, size: Float(size * typeScale), weight: weight, color: color)
    }

    /// When `moment` was, told at `now` as a sentence ends it: "just now", "5 min ago", "2 d ago", else "on" the
    /// day. (About's last refresh: a time stamp means nothing to a person at a wall.)
    public static func when(_ moment: Timestamp, now: Timestamp) -> String {
        let age = age(of: moment, now: now)
        let seconds = now.secondsSince1970 - moment.secondsSince1970
        if seconds < 60 { return "just now" }
        return seconds < 7 * 86_400 ? "\(age) ago" : "on \(age)"
    }

    /// "now", "5 min", "3 h", "2 d", else the day and month, and the year when it is not `now`'s ("27 Jun 2017"):
    /// how long ago `moment` was at `now`. Without the year a post from years ago read as this summer's.
    public static func age(of moment: Timestamp, now: Timestamp) -> String {
        let seconds = now.secondsSince1970 - moment.secondsSince1970
        if seconds < 60 { return "now" }
        if seconds < 3_600 { return "\(seconds / 60) min" }
        if seconds < 86_400 { return "\(seconds / 3_600) h" }
        if seconds < 7 * 86_400 { return "\(seconds / 86_400) d" }
        let day = moment.iso8601
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = Int(day.dropFirst(5).prefix(2)).map { months[max(0, min(11, $0 - 1))] } ?? ""
        let date = Int(day.dropFirst(8).prefix(2)) ?? 0
        let year = day.prefix(4)
        return year == now.iso8601.prefix(4) ? "\(date) \(month)" : "\(date) \(month) \(year)"
    }
}
