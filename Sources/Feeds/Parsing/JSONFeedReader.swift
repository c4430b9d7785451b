/// JSON Feed 1.0 and 1.1 (jsonfeed.org). The fields map one to one onto the model: `content_html` is HTML,
/// `content_text`, `summary` and `title` are plain text; 1.1's `authors` replaces 1.0's `author`.
enum JSONFeedReader {
    static func read(_ bytes: [UInt8], url: String?) throws(FeedParseError) -> ParsedFeed {
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(Array(FeedCharset.decode(bytes[...], charset: "utf-8")))
        } catch {
            throw FeedParseError.invalidJSON(error.reason)
        }
        let version = document["version"]?.string ?? ""
        guard case .object = document, version.contains("jsonfeed.org") || document["items"]?.array != nil else {
            throw FeedParseError.notAJSONFeed
        }
        let base = url
        func link(_ value: JSONDocument?) -> String? {
            guard let text = value?.string?.trimmingASCIIWhitespace(), !text.isEmpty else { return nil }
            return URLReference.resolve(text, against: base)
        }
        func plain(_ value: JSONDocument?) -> String? {
            guard let text = value?.string else { return nil }
            let collapsed = HTMLText.collapsingWhitespace(text)
            return collapsed.isEmpty ? nil : collapsed
        }
        var feed = ParsedFeed()
        feed.title = plain(document["title"])
        feed.link = link(document["home_page_url"])
        feed.icon = link(document["icon"]) ?? link(document["favicon"])
        for item in document["items"]?.array ?? [] {
            guard case .object = item else { continue }
            var entry = ParsedEntry()
            entry.title = plain(item["title"])
            entry.link = link(item["url"])
            switch item["id"] {
            case .string(let id)? where !id.trimmingASCIIWhitespace().isEmpty: entry.id = id.trimmingASCIIWhitespace()
            case .number(let id)?: entry.id = id  // 1.0 feeds sometimes number their items
            default: break
            }
            if entry.link == nil, let id = entry.id, WebAddress.isWeb(id) {
                entry.link = id
            }
            let authors = item["authors"]?.array ?? (item["author"].map { [$0] } ?? [])
            entry.author = authors.lazy.compactMap { plain($0["name"]) }.first
            entry.summary = plain(item["summary"])
            if let html = item["content_html"]?.string, !html.allSatisfy(\.isWhitespace) || item["content_text"] == nil {
                let text = HTMLText.plainText(fromHTML: html)
                entry.content = text.isEmpty ? nil : text
                entry.markup = Markup(kind: .html, text: html, base: base)
            } else if let text = item["content_text"]?.string {
                entry.content = plain(item["content_text"])
                entry.markup = Markup(kind: .text, text: text, base: base)
            } else if let summary = item["summary"]?.string {
                entry.markup = Markup(kind: .text, text: summary, base: base)
            }
            entry.published = item["date_published"]?.string.flatMap(FeedDate.parse)
            entry.updated = item["date_modified"]?.string.flatMap(FeedDate.parse)
            for attachment in item["attachments"]?.array ?? [] {
                guard let url = link(attachment["url"]) else { continue }
                let type = attachment["mime_type"]?.string
                entry.enclosures.append(Enclosure(url: url, type: type?.isEmpty == false ? type : nil,
                                                  length: attachment["size_in_bytes"]?.integer))
            }
            entry.thumbnail = link(item["image"]) ?? link(item["banner_image"])
            entry.id = entry.id ?? entry.link
                ?? ContentHash.entryID(title: entry.title, summary: entry.summary, content: entry.content)
            feed.entries.append(entry)
        }
        return feed
    }
}
