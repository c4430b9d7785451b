/// What a feed document says, whatever its format: the fields a reader needs (docs/feeds.md), text already plain.
public struct ParsedFeed: Equatable, Sendable {
    public var title: String?
    public var link: String?
    public var icon: String?
    /// RSS `<ttl>` in minutes: the publisher's own hint for how often to poll.
    public var timeToLiveMinutes: Int?
    public var entries: [ParsedEntry]

    public init(title: String? = nil, link: String? = nil, icon: String? = nil, timeToLiveMinutes: Int? = nil,
                entries: [ParsedEntry] = []) {
        self.title = title
        self.link = link
        self.icon = icon
        self.timeToLiveMinutes = timeToLiveMinutes
        self.entries = entries
    }
}

/// One article of a feed. `summary` and `content` are plain text (the inspection contract); `markup` keeps the
/// richest body the feed gave so the screen can make blocks of it later.
public struct ParsedEntry: Equatable, Sendable {
    public var title: String?
    public var link: String?
    /// The entry's identity within its feed: its guid or id, else its link, else a hash of its content.
    public var id: String?
    public var author: String?
    public var summary: String?
    public var content: String?
    public var markup: Markup?
    public var published: Timestamp?
    public var updated: Timestamp?
    public var enclosures: [Enclosure]
    /// Media RSS `media:content` (also inside `media:group`): the videos, pictures and sounds the entry is
    /// about. Not enclosures: feedparser keeps them apart, and so does the inspection contract.
    public var media: [Enclosure]
    /// A picture for the entry's row: `media:thumbnail`, else an image among its media, else `itunes:image`,
    /// else JSON Feed's `image`.
    public var thumbnail: String?
    /// A podcast episode's length in seconds (`itunes:duration`), for its box on the article page.
    public var duration: Int?

    public init(title: String? = nil, link: String? = nil, id: String? = nil, author: String? = nil,
                summary: String? = nil, content: String? = nil, markup: Markup? = nil,
                published: Timestamp? = nil, updated: Timestamp? = nil, enclosures: [Enclosure] = [],
                media: [Enclosure] = [], thumbnail: String? = nil, duration: Int? = nil) {
        self.title = title
        self.link = link
        self.id = id
        self.author = author
        self.summary = summary
        self.content = content
        self.markup = markup
        self.published = published
        self.updated = updated
        self.enclosures = enclosures
        self.media = media
        self.thumbnail = thumbnail
        self.duration = duration
    }
}

/// A media file attached to an entry (a podcast episode, an image).
public struct Enclosure: Equatable, Sendable {
    public var url: String
    public var type: String?
    public var length: Int?

    public init(url: String, type: String? = nil, length: Int? = nil) {
        self.url = url
        self.type = type
        self.length = length
    }
}

/// An entry's body as the feed gave it, with the URL its relative links resolve against.
public struct Markup: Equatable, Sendable {
    public enum Kind: String, Sendable { case html, text }
    public var kind: Kind
    public var text: String
    public var base: String?

    public init(kind: Kind, text: String, base: String?) {
        self.kind = kind
        self.text = text
        self.base = base
    }
}
