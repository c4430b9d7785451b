/// A feed's enclosures as the article shows them: each audio or video file the body does not already show becomes
/// a media box, a podcast's episode at the top (it is what the entry is), a video at the end (the body tells what
/// it is about first). Pictures are not added: they are the row's thumbnail, and the body shows its own.
public enum EnclosureBlocks {
    /// `blocks` with the boxes of `enclosures` added. `page` is the entry's own web page, which a podcast's box
    /// hands over (the episode's page has the player, the notes and the subscribe buttons); without it, the file.
    /// `poster` is the entry's picture (`media:thumbnail`, `itunes:image`), `duration` the episode's length in
    /// seconds when the feed says (`itunes:duration`).
    public static func adding(_ enclosures: [Enclosure], to blocks: [ArticleBlock], page: String?,
                              poster: String? = nil, duration: Int? = nil) -> [ArticleBlock] {
        var shown = Set<String>()
        collectSources(blocks, into: &shown)
        var top: [ArticleBlock] = [], end: [ArticleBlock] = []
        let page = page.flatMap { WebAddress.isWeb($0) ? $0 : nil }
        // A picture the body shows already is the body's, not the episode's cover: a box wearing the article's
        // chart as its still would say the chart plays.
        let poster = poster.flatMap { WebAddress.isWeb($0) && !shown.contains($0) ? $0 : nil }
        // A few at most: a feed listing a hundred files for one entry is not a hundred boxes.
        for enclosure in enclosures.prefix(8) {
            let url = enclosure.url.trimmingASCIIWhitespace()
            guard WebAddress.isWeb(url), !shown.contains(url), let kind = kind(of: enclosure) else { continue }
            shown.insert(url)
            switch kind {
            case .episode:
                top.append(.media(MediaBlock(kind: .episode, link: page ?? url, source: url, poster: poster,
                                             duration: duration)))
            default:
                end.append(.media(MediaBlock(kind: kind, link: url, poster: poster, duration: duration)))
            }
        }
        return top + blocks + end
    }

    /// Audio is a podcast's episode; video a video; anything else (pictures, documents, unknown types) nothing.
    /// With no type, the file's extension tells.
    static func kind(of enclosure: Enclosure) -> MediaBlock.Kind? {
        let type = enclosure.type?.lowercased() ?? ""
        if type.hasPrefix("audio/") { return .episode }
        if type.hasPrefix("video/") { return .video }
        guard type.isEmpty || type == "application/octet-stream" else { return nil }
        let path = enclosure.url.lowercased().prefix { $0 != "?" && $0 != "#" }
        for ext in [".mp3", ".m4a", ".ogg", ".opus", ".aac", ".wav", ".flac"] where path.hasSuffix(ext) { return .episode }
        for ext in [".mp4", ".m4v", ".webm", ".mov"] where path.hasSuffix(ext) { return .video }
        return nil
    }

    /// The media files, frames and pictures the body already shows, so nothing is shown twice.
    private static func collectSources(_ blocks: [ArticleBlock], into shown: inout Set<String>) {
        var stack = blocks[...]
        var pending: [[ArticleBlock]] = []
        while true {
            guard let block = stack.popFirst() else {
                guard let next = pending.popLast() else { return }
                stack = next[...]
                continue
            }
            switch block {
            case .media(let media):
                shown.insert(media.source)
                shown.insert(media.link)
                if let poster = media.poster { shown.insert(poster) }
            case .image(let url, _, _): shown.insert(url)
            case .quote(let inner): pending.append(inner)
            case .list(_, let items): pending.append(contentsOf: items)
            default: break
            }
        }
    }
}
