/// A video, a sound or an embedded page: things the panel never plays, loads or runs, shown as a box that says
/// what it is and where it lives, and hands its web page to a phone as a QR code when tapped. Made from a
/// YouTube or Vimeo `<iframe>`, `<video>`, `<audio>`, any other `<iframe>` (by its address alone), and a feed's
/// enclosures (`EnclosureBlocks`).
public struct MediaBlock: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case video, audio
        /// A podcast's episode: the entry's audio enclosure.
        case episode
        /// Another site's page in a frame.
        case page
    }

    public var kind: Kind
    /// The web page the QR code carries: a YouTube watch page, a Vimeo page, the media file, the frame's address.
    /// Absolute http(s).
    public var link: String
    /// The media file or frame address the markup named, to tell an enclosure already in the body; often `link`.
    public var source: String
    /// A still for the box (a poster, a thumbnail, YouTube's own), absolute http(s), loaded like any picture.
    public var poster: String?
    /// What the markup calls it (a frame's or a video's title), when it says something of its own.
    public var title: String?
    /// Seconds, when the feed says.
    public var duration: Int?

    public init(kind: Kind, link: String, source: String? = nil, poster: String? = nil, title: String? = nil,
                duration: Int? = nil) {
        self.kind = kind
        self.link = link
        self.source = source ?? link
        self.poster = poster
        self.title = title
        self.duration = duration
    }

    /// Where it lives, as a person reads an address: the link's host in lower case, without "www.", a user or a
    /// port. Empty when the link has none (it always has one: only web addresses are kept).
    public var host: String { WebAddress.shownHost(of: link) ?? "" }

    /// The box's first line: "Video · youtube.com", "Episode · 1 h 12 min", "Embedded page · maps.example".
    public var label: String {
        let what: String
        switch kind {
        case .video: what = "Video"
        case .audio: what = "Audio"
        case .episode: what = "Episode"
        case .page: what = "Embedded page"
        }
        if let duration, let shown = Self.shownDuration(duration) { return "\(what) · \(shown)" }
        let host = self.host
        return host.isEmpty ? what : "\(what) · \(host)"
    }

    /// "1 h 12 min", "48 min", "2 min"; nil for nothing sensible (no time, or more than a week).
    public static func shownDuration(_ seconds: Int) -> String? {
        guard seconds > 0, seconds < 7 * 24 * 3600 else { return nil }
        let minutes = max(1, (seconds + 30) / 60)
        if minutes < 60 { return "\(minutes) min" }
        let hours = minutes / 60, rest = minutes % 60
        return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
    }
}
