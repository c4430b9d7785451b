import Feeds

/// Where a person was: the river on show and, when reading, the entry and how far down it. Saved on every
/// change that matters (a new article, a scroll come to rest, a filter chosen), so a restart, a crash or a
/// power cut brings back the same place. Lines of `key=value`, as `DemoState`, so versions can add keys.
public struct ReaderPlace: Equatable, Sendable {
    public enum Filter: Equatable, Sendable {
        case unread, today, starred
        case feed(url: String)
    }

    public var filter: Filter = .unread
    /// The store's row id of the entry being read, if one is.
    public var entry: Int64?
    public var scrollY: Double = 0

    public init(filter: Filter = .unread, entry: Int64? = nil, scrollY: Double = 0) {
        self.filter = filter
        self.entry = entry
        self.scrollY = scrollY
    }

    public static let largestFile = 4096

    public var encoded: [UInt8] {
        var text = "filter="
        switch filter {
        case .unread: text += "unread"
        case .today: text += "today"
        case .starred: text += "starred"
        case .feed(let url): text += "feed:" + url
        }
        text += "\n"
        if let entry { text += "entry=\(entry)\nscroll=\(ReaderSettings.plain(scrollY.rounded()))\n" }
        return Array(text.utf8)
    }

    /// The place in `bytes`, or nil when they are not a place file (a bad file must never stop the panel).
    public init?(decoding bytes: [UInt8]) {
        guard bytes.count <= Self.largestFile, let text = String(validating: bytes, as: UTF8.self) else { return nil }
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { return nil }
            let key = line[..<equals], value = String(line[line.index(after: equals)...])
            switch key {
            case "filter":
                switch value {
                case "unread": filter = .unread
                case "today": filter = .today
                case "starred": filter = .starred
                default:
                    guard value.hasPrefix("feed:") else { return nil }
                    filter = .feed(url: String(value.dropFirst(5)))
                }
            case "entry": entry = Int64(value)
            case "scroll": scrollY = Double(value).flatMap { $0.isFinite ? $0 : nil } ?? 0
            default: continue
            }
        }
    }
}
