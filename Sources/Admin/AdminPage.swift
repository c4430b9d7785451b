/// The page a phone opens. A placeholder: a tiny valid document listing the feeds, replaced by the real page.
public enum AdminPage {
    public static func html(feeds: [AdminFeed]?, csrf: String?) -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        if let csrf { html += "<meta name=\"lectern-csrf\" content=\"\(escaped(csrf))\">" }
        html += "<title>Lectern</title></head><body><h1>Lectern</h1>"
        if let feeds {
            html += "<ul id=\"feeds\">"
            for feed in feeds { html += "<li>\(escaped(feed.title)) <small>\(escaped(feed.url))</small></li>" }
            html += "</ul>"
        } else {
            html += "<p>Touch <b>phone</b> on the panel and scan its code to pair this phone.</p>"
        }
        return html + "</body></html>\n"
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}
