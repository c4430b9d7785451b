/// What an `<iframe>` in an article stands for, told by its address alone (the frame is never loaded): a YouTube
/// or Vimeo player becomes a video with its watch page and, for YouTube, its still; any other web address an
/// embedded page. Addresses that are not http(s) (javascript:, data:, about:blank) stand for nothing.
enum MediaEmbeds {
    /// `source` is already resolved against the entry's base.
    static func block(forFrame source: String, title: String?) -> MediaBlock? {
        guard WebAddress.isWeb(source) else { return nil }
        let host = (WebAddress.shownHost(of: source) ?? "")
        let title = title.map(HTMLText.collapsingWhitespace).flatMap { isGenericTitle($0) ? nil : $0 }
        if let id = youTubeID(source, host: host) {
            return MediaBlock(kind: .video, link: "https://www.youtube.com/watch?v=\(id)", source: source,
                              poster: "https://i.ytimg.com/vi/\(id)/hqdefault.jpg", title: title)
        }
        if let id = vimeoID(source, host: host) {
            return MediaBlock(kind: .video, link: "https://vimeo.com/\(id)", source: source, title: title)
        }
        return MediaBlock(kind: .page, link: source, title: title)
    }

    /// The video's id from a player address: `youtube.com/embed/ID`, `youtube-nocookie.com/embed/ID`,
    /// `youtu.be/ID`, `youtube.com/watch?v=ID`. Ids are letters, digits, `-` and `_`; anything else is not one.
    static func youTubeID(_ url: String, host: String) -> String? {
        let path = self.path(of: url)
        switch host {
        case "youtube.com", "m.youtube.com", "youtube-nocookie.com":
            if path.hasPrefix("/embed/") { return videoID(path.dropFirst("/embed/".count)) }
            if path.hasPrefix("/v/") { return videoID(path.dropFirst("/v/".count)) }
            if path == "/watch", let query = query(of: url) {
                for pair in query.split(separator: "&") where pair.hasPrefix("v=") { return videoID(pair.dropFirst(2)) }
            }
            return nil
        case "youtu.be":
            return videoID(path.dropFirst())
        default:
            return nil
        }
    }

    /// `player.vimeo.com/video/123` or `vimeo.com/123`: digits only.
    static func vimeoID(_ url: String, host: String) -> String? {
        let path = self.path(of: url)
        let digits: Substring
        switch host {
        case "player.vimeo.com" where path.hasPrefix("/video/"): digits = path.dropFirst("/video/".count)
        case "vimeo.com": digits = path.dropFirst()
        default: return nil
        }
        let id = digits.prefix { $0 != "/" }
        guard (1...20).contains(id.utf8.count), id.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return String(id)
    }

    private static func videoID(_ text: Substring) -> String? {
        let id = text.prefix { $0 != "/" && $0 != "?" && $0 != "&" && $0 != "#" }
        let allowed = id.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        guard (1...64).contains(id.utf8.count), allowed else { return nil }
        return String(id)
    }

    /// The path of a web address: after the host, up to the query or fragment.
    private static func path(of url: String) -> Substring {
        // A web address: "scheme://" comes first, so the path starts at the first "/" after those two slashes.
        guard let colon = url.utf8.firstIndex(of: UInt8(ascii: ":")) else { return "" }
        let start = url.utf8.index(colon, offsetBy: 3, limitedBy: url.utf8.endIndex) ?? url.endIndex
        let rest = url[start...]
        guard let slash = rest.firstIndex(of: "/") else { return "" }
        return rest[slash...].prefix { $0 != "?" && $0 != "#" }
    }

    private static func query(of url: String) -> Substring? {
        guard let question = url.firstIndex(of: "?") else { return nil }
        return url[url.index(after: question)...].prefix { $0 != "#" }
    }

    /// Titles players give every frame, which say nothing the box's label does not.
    private static func isGenericTitle(_ title: String) -> Bool {
        let lower = title.lowercased()
        return lower.isEmpty || lower == "youtube video player" || lower == "youtube video" || lower == "vimeo"
            || lower == "vimeo player" || lower == "video" || lower == "embedded content"
    }
}
