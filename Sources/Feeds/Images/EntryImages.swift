/// The pictures an entry will show: its thumbnail, its image enclosures, and the images of its body (players'
/// stills among them), in that order, each address once. What the refresh fetches ahead and what a row's thumbnail is chosen from.
public enum EntryImages {
    /// At most `limit` image addresses for `entry`.
    public static func urls(thumbnail: String?, enclosures: [Enclosure], markup: Markup?, limit: Int) -> [String] {
        var found: [String] = []
        func add(_ url: String?) {
            guard let url, found.count < limit, !found.contains(url), WebAddress.isWeb(url) else { return }
            found.append(url)
        }
        add(thumbnail)
        for enclosure in enclosures where enclosure.type?.hasPrefix("image/") == true { add(enclosure.url) }
        if found.count < limit, let markup {
            forEachImage(in: ArticleBlocks.make(from: markup)) { add($0) }
        }
        return found
    }

    /// The first image of the body, else the thumbnail or an image enclosure: the row's picture.
    public static func thumbnail(of entry: StoredEntry) -> String? {
        urls(thumbnail: entry.thumbnail, enclosures: entry.enclosures, markup: entry.markup, limit: 1).first
    }

    static func forEachImage(in blocks: [ArticleBlock], _ body: (String) -> Void) {
        for block in blocks {
            switch block {
            case .image(let url, _, _): body(url)
            // A player's still is fetched like a picture: the wall shows it in the box it cannot play.
            case .media(let media): if let poster = media.poster { body(poster) }
            case .list(_, let items): for item in items { forEachImage(in: item, body) }
            case .quote(let inner): forEachImage(in: inner, body)
            default: break
            }
        }
    }
}
