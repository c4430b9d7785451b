/// The feed and its entries out of an RSS (0.9x, 1.0, 2.0) or Atom (0.3, 1.0) document. The formats share one
/// reader, as in feedparser: the same element means the same thing wherever it turns up (atom:link in RSS,
/// dc:creator in Atom), and where feedparser settles a conflict (two summaries, two dates) this does the same,
/// so the reader and the reference agree on real feeds.
enum XMLFeedReader {
    static func read(_ root: FeedElement) -> ParsedFeed? {
        let channel: FeedElement
        var entryElements: [FeedElement]
        let isAtom: Bool
        switch root.key {
        case "rss", "rdf:rdf", "rdf":
            channel = root.first("channel") ?? root
            entryElements = entries(in: channel)
            // RSS 1.0 puts items beside the channel, not in it.
            if channel !== root { entryElements += entries(in: root) }
            isAtom = false
        case "channel":
            channel = root
            entryElements = entries(in: root)
            isAtom = false
        case "feed":
            channel = root
            entryElements = entries(in: root)
            isAtom = true
        default:
            return nil
        }
        var feed = ParsedFeed()
        feed.title = title(of: channel, isAtom: isAtom)
        feed.link = alternateLink(of: channel)
        if feed.link == nil, let id = channel.first("id").map({ $0.text.trimmingASCIIWhitespace() }),
           WebAddress.isWeb(id) {
            feed.link = id
        }
        feed.icon = icon(of: channel)
        if let ttl = channel.first("ttl"), let minutes = Int(ttl.text.trimmingASCIIWhitespace()), minutes >= 0 {
            feed.timeToLiveMinutes = minutes
        }
        feed.entries = entryElements.map { entry($0, isAtom: isAtom) }
        return feed
    }

    /// Items and entries: feedparser takes either in either format, and so do broken feeds.
    private static func entries(in parent: FeedElement) -> [FeedElement] {
        parent.elements.filter { $0.key == "item" || $0.key == "entry" }
    }

    private static func title(of element: FeedElement, isAtom: Bool) -> String? {
        let title = element.first("title") ?? element.first("dc:title")
        return title.flatMap { TextConstruct($0, defaultKind: .text, isAtom: isAtom).plainText }
    }

    /// The HTML page of a feed or an entry: the last alternate link, as feedparser keeps it; Atom links name
    /// their rel and type, RSS links are text.
    private static func alternateLink(of element: FeedElement) -> String? {
        var link: String?
        for candidate in element.all("link") {
            if let href = candidate.attribute("href") {
                let rel = candidate.attribute("rel") ?? "alternate"
                let type = candidate.attribute("type") ?? "text/html"
                if rel == "alternate" && (type == "text/html" || type == "application/xhtml+xml" || type == "html") {
                    link = URLReference.resolve(href, against: candidate.base)
                }
            } else {
                let text = candidate.text.trimmingASCIIWhitespace()
                if !text.isEmpty { link = URLReference.resolve(text, against: candidate.base) }
            }
        }
        return link
    }

    private static func icon(of channel: FeedElement) -> String? {
        for key in ["icon", "logo"] {
            if let element = channel.first(key) {
                let text = element.text.trimmingASCIIWhitespace()
                if !text.isEmpty { return URLReference.resolve(text, against: element.base) }
            }
        }
        if let url = channel.first("image")?.first("url") {
            let text = url.text.trimmingASCIIWhitespace()
            if !text.isEmpty { return URLReference.resolve(text, against: url.base) }
        }
        if let image = channel.first("itunes:image"), let href = image.attribute("href"), !href.isEmpty {
            return URLReference.resolve(href, against: image.base)
        }
        return nil
    }

    private static func entry(_ element: FeedElement, isAtom: Bool) -> ParsedEntry {
        var entry = ParsedEntry()
        entry.title = title(of: element, isAtom: isAtom)
        entry.link = alternateLink(of: element)

        var id: String?
        var guidIsLink = false
        if let guid = element.first("guid") ?? element.first("id") {
            let value = guid.text.trimmingASCIIWhitespace()
            let isPermaLink = guid.attribute("ispermalink")?.lowercased() != "false"
            if !value.isEmpty {
                // A permalink guid is a URL and resolves like one; an opaque one stays as written.
                id = isPermaLink ? URLReference.resolve(value, against: guid.base) : value
                guidIsLink = isPermaLink
            }
        } else if let about = element.attribute("rdf:about"), !about.isEmpty {
            id = about
        }
        if entry.link == nil, guidIsLink, let id, WebAddress.isWeb(id) {
            entry.link = id
        }

        entry.author = author(of: element)
        readBody(of: element, isAtom: isAtom, into: &entry)
        readDates(of: element, into: &entry)
        entry.enclosures = enclosures(of: element)
        readMedia(of: element, into: &entry)
        entry.id = id ?? entry.link
            ?? ContentHash.entryID(title: entry.title, summary: entry.summary, content: entry.content)
        return entry
    }

    /// The first author element (the one feedparser's author_detail describes), itunes:author only when
    /// there is no other.
    private static func author(of element: FeedElement) -> String? {
        var itunes: String?
        for child in element.elements {
            switch child.key {
            case "author", "dc:creator", "dc:author":
                if let name = authorName(child) { return name }
            case "itunes:author":
                if itunes == nil { itunes = authorName(child) }
            default:
                continue
            }
        }
        return itunes
    }

    /// Atom's person construct gives its name (else its email); RSS's text is `email (Name)` or a name.
    private static func authorName(_ element: FeedElement) -> String? {
        if !element.elements.isEmpty {
            for key in ["name", "email"] {
                if let value = element.first(key).map({ HTMLText.collapsingWhitespace($0.text) }), !value.isEmpty {
                    return value
                }
            }
            return nil
        }
        let raw = HTMLText.collapsingWhitespace(element.text)
        guard !raw.isEmpty else { return nil }
        return AuthorText.name(in: raw) ?? raw
    }

    /// Summary and content as feedparser assigns them: an RSS description or Atom summary is the summary, and
    /// a second one (description beside itunes:summary) becomes content when there is none; content:encoded and
    /// Atom content are the content, and their text stands in for a missing summary.
    ///
    /// media:description is a description to feedparser wherever it stands in the entry (YouTube's feeds put it in
    /// a media:group): the entry's summary when it has none, else its content. One nested deeper than the
    /// description that made the summary never replaces it (feedparser keeps the shallower value): a newspaper's
    /// photo caption after its description and content:encoded is not the article's summary.
    private static func readBody(of element: FeedElement, isAtom: Bool, into entry: inout ParsedEntry) {
        var summary: TextConstruct?
        // How deep the element that gave the summary stood: nil when a content stood in for it.
        var summaryDepth: Int?
        var contents: [TextConstruct] = []
        var hasContent = false
        for (child, depth) in bodyElements(of: element) {
            switch child.key {
            case "description", "dc:description", "summary", "itunes:summary", "media:description":
                let isDescription = child.key == "description" || child.key == "dc:description" || child.key == "media:description"
                let value = TextConstruct(child, defaultKind: isDescription ? .html : .text, isAtom: isAtom)
                if summary != nil && !hasContent {
                    hasContent = true
                    contents.append(value)
                } else if summary == nil || summaryDepth.map({ depth <= $0 }) ?? true {
                    summary = value
                    summaryDepth = depth
                }
            case "content:encoded", "content", "fullitem", "body":
                hasContent = true
                var value = TextConstruct(child, defaultKind: child.key == "content" ? .text : .html, isAtom: isAtom)
                if child.attribute("src") != nil && child.text.allSatisfy(\.isWhitespace) {
                    value = TextConstruct(kind: .other, value: "", base: child.base)
                }
                contents.append(value)
                if summary == nil && value.kind != .other { summary = value }
            default:
                continue
            }
        }
        let content = contents.first
        entry.content = content.flatMap { $0.kind == .other ? nil : $0.plainText }
        // A content standing in for a missing summary is the same text: strip it once.
        if let summary, let content, summary.kind == content.kind, summary.value == content.value {
            entry.summary = entry.content ?? summary.plainText
        } else {
            entry.summary = summary?.plainText
        }
        // The richest body for the screen: the content, else the summary (each only if it has any text).
        if entry.content != nil, let content {
            entry.markup = content.markup
        } else if entry.summary != nil, let summary {
            entry.markup = summary.markup
        }
    }

    /// The entry's children in document order, with the media:description inside its media:group and
    /// media:content elements (two levels: a group holds contents) where they stand; each with its depth below
    /// the entry (0 for a child).
    private static func bodyElements(of element: FeedElement) -> [(FeedElement, depth: Int)] {
        guard element.elements.contains(where: { $0.key == "media:group" || $0.key == "media:content" }) else {
            return element.elements.map { ($0, 0) }
        }
        var found: [(FeedElement, depth: Int)] = []
        func add(_ children: [FeedElement], depth: Int) {
            for child in children {
                if depth == 0 || child.key == "media:description" {
                    found.append((child, depth))
                }
                if depth < 2 && (child.key == "media:group" || child.key == "media:content") {
                    add(child.elements, depth: depth + 1)
                }
            }
        }
        add(element.elements, depth: 0)
        return found
    }

    /// feedparser's date elements: the last of each kind wins, even when it does not parse.
    private static func readDates(of element: FeedElement, into entry: inout ParsedEntry) {
        for child in element.elements {
            switch child.key {
            case "pubdate", "issued", "published", "dcterms:issued":
                entry.published = FeedDate.parse(child.text)
            case "updated", "modified", "dc:date", "dcterms:modified", "lastbuilddate":
                entry.updated = FeedDate.parse(child.text)
            default:
                continue
            }
        }
    }

    /// RSS `<enclosure>` and Atom `link rel="enclosure"` (media:content stays out, as in feedparser).
    private static func enclosures(of element: FeedElement) -> [Enclosure] {
        var found: [Enclosure] = []
        for child in element.elements {
            let url: String?
            if child.key == "enclosure" {
                url = child.attribute("url") ?? child.attribute("href")
            } else if child.key == "link", child.attribute("rel") == "enclosure" {
                url = child.attribute("href")
            } else {
                continue
            }
            guard let url = url?.trimmingASCIIWhitespace(), !url.isEmpty else { continue }
            let type = child.attribute("type")?.trimmingASCIIWhitespace()
            let length = child.attribute("length").flatMap { Int($0.trimmingASCIIWhitespace()) }
            found.append(Enclosure(url: URLReference.resolve(url, against: child.base),
                                   type: type?.isEmpty == false ? type : nil, length: length))
        }
        return found
    }

    /// Media RSS: `media:content` and `media:thumbnail`, directly in the entry or in a `media:group`,
    /// `itunes:image` as the last picture to fall back to, and `itunes:duration`.
    private static func readMedia(of element: FeedElement, into entry: inout ParsedEntry) {
        var thumbnail: String?
        var itunesImage: String?
        var pending = element.elements[...]
        var groups = 0
        while let child = pending.popFirst() {
            switch child.key {
            case "media:group" where groups < 16:
                groups += 1
                pending.append(contentsOf: child.elements)
            case "media:content":
                guard let url = mediaURL(child.attribute("url"), base: child.base) else { continue }
                let type = child.attribute("type")?.trimmingASCIIWhitespace()
                let length = child.attribute("filesize").flatMap { Int($0.trimmingASCIIWhitespace()) }
                entry.media.append(Enclosure(url: url, type: type?.isEmpty == false ? type : nil, length: length))
                for inner in child.elements where inner.key == "media:thumbnail" && thumbnail == nil {
                    thumbnail = mediaURL(inner.attribute("url"), base: inner.base)
                }
            case "media:thumbnail":
                if thumbnail == nil { thumbnail = mediaURL(child.attribute("url"), base: child.base) }
            case "itunes:image":
                if itunesImage == nil { itunesImage = mediaURL(child.attribute("href"), base: child.base) }
            case "itunes:duration":
                if entry.duration == nil { entry.duration = EpisodeDuration.seconds(child.text) }
            default:
                continue
            }
        }
        let image = entry.media.first { ($0.type ?? "").hasPrefix("image/") }?.url
        entry.thumbnail = thumbnail ?? image ?? itunesImage
    }

    private static func mediaURL(_ raw: String?, base: String?) -> String? {
        guard let raw = raw?.trimmingASCIIWhitespace(), !raw.isEmpty else { return nil }
        return URLReference.resolve(raw, against: base)
    }
}
