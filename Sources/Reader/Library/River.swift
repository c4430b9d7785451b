import Feeds

/// Which entries the list shows: one river, newest first.
public enum RiverFilter: Equatable, Sendable {
    case unread
    case today
    case starred
    case feed(FeedID, url: String, title: String)

    /// The name `lectern replay reader` reports.
    public var inspectionName: String {
        switch self {
        case .unread: "unread"
        case .today: "today"
        case .starred: "starred"
        case .feed(_, let url, _): "feed:\(url)"
        }
    }

    /// The title over the list.
    public var title: String {
        switch self {
        case .unread: "Unread"
        case .today: "Today"
        case .starred: "Starred"
        case .feed(_, _, let title): title
        }
    }
}

/// A row of the river: the entry as the list shows it.
public struct RiverRow: Equatable, Sendable {
    public var entry: RiverEntry
    public var feedTitle: String
    /// The `FeedIcons` key of the feed's icon, when it can have one.
    public var feedIcon: String? = nil

    /// The feed's title; for an entry without one, its first sentence (`StandInTitle`), else "Untitled".
    public var title: String {
        if let title = entry.title, !title.isEmpty { return title }
        return entry.snippet.flatMap(StandInTitle.split)?.title ?? "Untitled"
    }

    /// The start of the summary under the title: without the sentence that stands in for a missing title, which
    /// would otherwise be read twice.
    public var snippet: String? {
        if let title = entry.title, !title.isEmpty { return entry.snippet }
        guard let snippet = entry.snippet else { return nil }
        guard let split = StandInTitle.split(snippet) else { return nil }
        return split.rest
    }

    /// Minutes at 230 words a minute, about six characters a word (markup counts a little more, so this
    /// errs long): at least one.
    public var readingMinutes: Int { max(1, (entry.textLength / 6 + 229) / 230) }
}
