/// Finds the feeds a web page names in its head: `<link rel="alternate" type="application/rss+xml" href="…">`,
/// the way browsers and readers have found them since 2003. A person adding a feed from a phone types the
/// site's address, not the feed's; this turns one into the other with the HTML parser articles already use.
public enum FeedDiscovery {
    /// The feed types a page's alternate links name, in the reader's preference: the order of the page wins
    /// between them, as the site listed its main feed first.
    static let feedTypes: Set<String> = ["application/rss+xml", "application/atom+xml", "application/feed+json",
                                         "application/json"]

    /// The feeds `html` links to, in the page's order, each resolved against `pageURL` (or the page's
    /// `<base href>`); only http and https addresses, each once.
    public static func feedLinks(html: String, pageURL: String) -> [String] {
        var base = pageURL
        var found: [String] = []
        HTMLDocument(html).walk(enter: { element in
            switch element.name {
            case "base":
                if let href = element.attribute("href"), found.isEmpty {
                    base = URLReference.resolve(href, against: pageURL)
                }
            case "link":
                guard let href = element.attribute("href"), !href.isEmpty,
                      let type = element.attribute("type"), feedTypes.contains(mediaType(type)),
                      let rel = element.attribute("rel"),
                      rel.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains("alternate")
                else { break }
                let url = URLReference.resolve(href, against: base)
                if WebAddress.isWeb(url), !found.contains(url) { found.append(url) }
            default: break
            }
            return true
        }, text: { _ in }, exit: { _ in })
        return found
    }

    /// `Application/RSS+XML; charset=utf-8` → `application/rss+xml`.
    static func mediaType(_ type: String) -> String {
        String(type.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }).lowercased()
    }

    /// Whether a fetched body looks like a web page rather than a feed: its content type says so, or it starts
    /// (after white space and a BOM) with a doctype or `<html`.
    public static func looksLikePage(contentType: String?, body: [UInt8]) -> Bool {
        if let contentType, mediaType(contentType) == "text/html" || mediaType(contentType) == "application/xhtml+xml" {
            return true
        }
        let start = body.prefix(512).drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        let head = String(decoding: start.prefix(16), as: UTF8.self).lowercased()
        return head.hasPrefix("<!doctype html") || head.hasPrefix("<html")
    }
}
