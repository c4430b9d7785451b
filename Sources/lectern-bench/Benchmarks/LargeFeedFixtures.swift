import Reader
import Platform

/// Feeds the size and shape of real ones, for `lectern-bench feeds`: the small fixtures of the tests are 1–150 KB and
/// mostly quirks, while the feeds a panel fetches all day are 100 KB–1 MB of the same few kinds. A blog's
/// WordPress feed (content:encoded in CDATA, wfw, slash, dc:creator), a news site's feed (escaped HTML
/// descriptions, media:group), an Atom feed (escaped html and inline xhtml content, thr:total), a podcast (itunes,
/// enclosures). Made from a fixed seed, so every run and every machine times the same bytes.
public enum LargeFeedFixtures {
    /// Writes the feeds into `folder` and returns their paths.
    public static func write(to folder: String) throws -> [String] {
        var paths: [String] = []
        for (name, text) in feeds() {
            let path = folder + "/" + name
            try AtomicFile.write(Array(text.utf8), to: path)
            paths.append(path)
        }
        return paths
    }

    /// Name and text of each feed, largest first.
    static func feeds() -> [(String, String)] {
        var words = Words(seed: 0x5EED_F00D)
        return [
            ("large-wordpress.xml", wordpress(items: 110, words: &words)),
            ("large-atom.xml", atomFeed(entries: 140, words: &words)),
            ("large-news.xml", news(items: 260, words: &words)),
            ("large-podcast.xml", podcast(episodes: 60, words: &words)),
        ]
    }

    /// A WordPress blog with full posts: the content in CDATA, typographic character references as WordPress
    /// writes them, figures with srcset, lists, quotes, code.
    private static func wordpress(items: Int, words: inout Words) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?><rss version="2.0"
            \txmlns:content="http://purl.org/rss/1.0/modules/content/"
            \txmlns:wfw="http://wellformedweb.org/CommentAPI/"
            \txmlns:dc="http://purl.org/dc/elements/1.1/"
            \txmlns:atom="http://www.w3.org/2005/Atom"
            \txmlns:sy="http://purl.org/rss/1.0/modules/syndication/"
            \txmlns:slash="http://purl.org/rss/1.0/modules/slash/"
            \txmlns:media="http://search.yahoo.com/mrss/"
            \t>

            <channel>
            \t<title>The Long Read &#8211; Notes from the workshop</title>
            \t<atom:link href="https://longread.example.com/feed/" rel="self" type="application/rss+xml" />
            \t<link>https://longread.example.com</link>
            \t<description>Essays, field notes &amp; the occasional recipe</description>
            \t<lastBuildDate>Tue, 04 Jun 2024 07:12:45 +0000</lastBuildDate>
            \t<language>en-GB</language>
            \t<sy:updatePeriod>
            \thourly\t</sy:updatePeriod>
            \t<sy:updateFrequency>
            \t1\t</sy:updateFrequency>
            \t<generator>https://wordpress.org/?v=6.5.3</generator>

            """
        for index in 0..<items {
            let slug = words.slug(4)
            let url = "https://longread.example.com/2024/\(2 + index % 4)/\(10 + index % 18)/\(slug)/"
            out += """
                \t<item>
                \t\t<title>\(words.title())</title>
                \t\t<link>\(url)</link>
                \t\t<comments>\(url)#respond</comments>
                \t\t<dc:creator><![CDATA[\(words.name())]]></dc:creator>
                \t\t<pubDate>\(words.rfc822(index))</pubDate>
                \t\t\t\t<category><![CDATA[\(words.word().capitalizedFirst)]]></category>
                \t\t<category><![CDATA[\(words.word())]]></category>
                \t\t<guid isPermaLink="false">https://longread.example.com/?p=\(40_000 + index)</guid>
                \t\t<description><![CDATA[\(words.sentence(28)) [&#8230;]]]></description>
                \t\t\t\t\t\t\t\t\t\t<content:encoded><![CDATA[\(words.article(paragraphs: 14, url: url))]]></content:encoded>
                \t\t\t\t\t<wfw:commentRss>\(url)feed/</wfw:commentRss>
                \t\t\t<slash:comments>\(index % 23)</slash:comments>
                \t\t<media:content url="https://longread.example.com/wp-content/uploads/\(slug).jpg" medium="image">
                \t\t\t<media:title type="html">\(words.word())</media:title>
                \t\t</media:content>
                \t</item>

                """
        }
        return out + "\t</channel>\n</rss>\n"
    }

    /// A news site: short items, the HTML of each description escaped, pictures in media:group.
    private static func news(items: Int, words: inout Words) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" \
            xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" version="2.0">
              <channel>
                <title><![CDATA[Daily Courier - World]]></title>
                <description><![CDATA[The latest from the Daily Courier's correspondents]]></description>
                <link>https://courier.example.net/world</link>
                <image>
                  <url>https://courier.example.net/logo.png</url>
                  <title>Daily Courier - World</title>
                  <link>https://courier.example.net/world</link>
                </image>
                <lastBuildDate>Tue, 04 Jun 2024 07:15:02 GMT</lastBuildDate>
                <atom:link href="https://courier.example.net/world/rss.xml" rel="self" type="application/rss+xml"/>
                <copyright><![CDATA[Copyright 2024 Daily Courier]]></copyright>
                <language><![CDATA[en-gb]]></language>
                <ttl>15</ttl>

            """
        for index in 0..<items {
            let id = 68_000_000 + index * 37
            let url = "https://courier.example.net/world/\(words.slug(3))-\(id)"
            out += """
                    <item>
                      <title><![CDATA[\(words.title())]]></title>
                      <description>\(escaped(words.summary(sentences: 4, url: url)))</description>
                      <link>\(url)?at_medium=RSS&amp;at_campaign=rss</link>
                      <guid isPermaLink="true">\(url)</guid>
                      <pubDate>\(words.rfc822(index))</pubDate>
                      <dc:creator>\(words.name())</dc:creator>
                      <category domain="https://courier.example.net/topics">\(words.word())</category>
                      <media:group>
                        <media:content url="https://img.example.net/\(id)/976.jpg" type="image/jpeg" width="976" height="549" medium="image"/>
                        <media:content url="https://img.example.net/\(id)/480.jpg" type="image/jpeg" width="480" height="270" medium="image"/>
                      </media:group>
                      <media:thumbnail width="240" height="135" url="https://img.example.net/\(id)/240.jpg"/>
                      <media:credit role="photographer">\(words.name()) / Agency</media:credit>
                      <media:description>\(words.sentence(12))</media:description>
                    </item>

                """
        }
        return out + "  </channel>\n</rss>\n"
    }

    /// An Atom feed as blog engines write it: escaped html content for most entries, inline xhtml for some.
    private static func atomFeed(entries: Int, words: inout Words) -> String {
        var out = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:thr="http://purl.org/syndication/thread/1.0" \
            xmlns:media="http://search.yahoo.com/mrss/" xml:lang="en" xml:base="https://atoms.example.org/">
              <title type="text">Atoms &amp; Bits</title>
              <subtitle type="html">Engineering notes from a &lt;em&gt;small&lt;/em&gt; team</subtitle>
              <updated>2024-06-04T07:00:00Z</updated>
              <id>tag:atoms.example.org,2024:/feed</id>
              <link rel="alternate" type="text/html" href="https://atoms.example.org/"/>
              <link rel="self" type="application/atom+xml" href="https://atoms.example.org/feed.atom"/>
              <generator uri="https://example.org/engine" version="2.1">Engine</generator>
              <icon>/favicon.png</icon>

            """
        for index in 0..<entries {
            let path = "posts/\(2024 - index / 60)/\(words.slug(3))"
            let date = words.iso8601(index)
            let body = words.article(paragraphs: 6, url: "https://atoms.example.org/" + path)
            let content = index % 5 == 4
                ? "<content type=\"xhtml\"><div xmlns=\"http://www.w3.org/1999/xhtml\">\(xhtml(words.summary(sentences: 12, url: path)))</div></content>"
                : "<content type=\"html\" xml:base=\"https://atoms.example.org/\(path)/\">\(escaped(body))</content>"
            out += """
                  <entry>
                    <title type="html">\(escaped(words.title()))</title>
                    <link rel="alternate" type="text/html" href="\(path)/"/>
                    <link rel="replies" type="text/html" href="\(path)/#comments" thr:count="\(index % 9)"/>
                    <id>tag:atoms.example.org,2024:\(path)</id>
                    <published>\(date)</published>
                    <updated>\(date)</updated>
                    <author><name>\(words.name())</name><uri>https://atoms.example.org/people/\(words.word())</uri></author>
                    <category term="\(words.word())" label="\(words.word().capitalizedFirst)"/>
                    <summary type="html">\(escaped(words.sentence(30)))</summary>
                    \(content)
                    <thr:total>\(index % 9)</thr:total>
                  </entry>

                """
        }
        return out + "</feed>\n"
    }

    /// A podcast: channel and episode itunes tags, enclosures, show notes in CDATA.
    private static func podcast(episodes: Int, words: inout Words) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" \
            xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom" \
            xmlns:podcast="https://podcastindex.org/namespace/1.0">
            <channel>
            <title>Kitchen Table Radio</title>
            <link>https://radio.example.fm</link>
            <language>en</language>
            <itunes:author>Kitchen Table Radio</itunes:author>
            <itunes:image href="https://radio.example.fm/cover-3000.jpg"/>
            <itunes:category text="Society &amp; Culture"><itunes:category text="Documentary"/></itunes:category>
            <itunes:explicit>false</itunes:explicit>
            <description><![CDATA[Conversations about food, work and the places in between.]]></description>

            """
        for index in 0..<episodes {
            let number = episodes - index
            out += """
                <item>
                <title>\(number): \(words.title())</title>
                <itunes:title>\(words.title())</itunes:title>
                <itunes:episode>\(number)</itunes:episode>
                <pubDate>\(words.rfc822(index))</pubDate>
                <guid isPermaLink="false">ktr-\(number)-\(words.slug(2))</guid>
                <link>https://radio.example.fm/episodes/\(number)</link>
                <itunes:image href="https://radio.example.fm/art/\(number).jpg"/>
                <description><![CDATA[\(words.summary(sentences: 6, url: "https://radio.example.fm/episodes/\(number)"))]]></description>
                <content:encoded><![CDATA[\(words.summary(sentences: 10, url: "https://radio.example.fm/episodes/\(number)"))]]></content:encoded>
                <enclosure length="\(24_000_000 + index * 91_733)" type="audio/mpeg" url="https://cdn.example.fm/ktr/\(number).mp3"/>
                <itunes:duration>\(40 + index % 30):\(10 + index % 50)</itunes:duration>
                <itunes:explicit>false</itunes:explicit>
                <itunes:summary>\(words.sentence(40))</itunes:summary>
                <podcast:transcript url="https://radio.example.fm/transcripts/\(number).vtt" type="text/vtt"/>
                </item>

                """
        }
        return out + "</channel>\n</rss>\n"
    }

    /// HTML as escaped text in XML.
    private static func escaped(_ html: String) -> String {
        var out = ""
        out.reserveCapacity(html.utf8.count + html.utf8.count / 5)
        for character in html {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }

    /// HTML made well-formed enough to sit in an Atom feed as XHTML: void elements closed, no HTML entities.
    private static func xhtml(_ html: String) -> String {
        var out = html
        for (from, to) in [("<br>", "<br/>"), ("&nbsp;", "&#160;"), ("&hellip;", "&#8230;"), ("&mdash;", "&#8212;")] {
            out = out.replacingAll(from, with: to)
        }
        return out
    }
}

/// Words, names, dates and HTML from a seeded generator.
private struct Words {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    private mutating func next(_ bound: Int) -> Int {
        // A 64-bit LCG (Knuth's MMIX constants); its high bits are plenty for picking words.
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    private static let vocabulary = """
        the of and a to in is that for it as was with on be by at this had not are but from or have an they which one \
        you were her all she there would their we him been has when who will more no if out so said what up its about \
        into than them can only other new some could time these two may then do first any my now such like our over \
        harbour station river council railway budget season morning storm journey review panel bread coffee market \
        village bridge museum library garden kitchen workshop engine signal pattern archive letter window valley \
        orchard weather traffic ferry island mountain school theatre concert gallery festival harvest winter summer \
        café naïve façade Zürich São Paulo Kraków Montréal résumé jalapeño piñata déjà smörgåsbord \
        東京 北京 서울 Αθήνα Москва
        """.split(separator: " ").map(String.init)

    private static let firstNames = ["Ana", "Bram", "Chiara", "Dmitri", "Eilidh", "Farid", "Grace", "Hiroshi", "Inès",
                                     "Jonas", "Kalinda", "Luis", "Maëlle", "Nnamdi", "Olga", "Priya", "Quentin", "Rosa"]
    private static let lastNames = ["Lima", "de Vries", "Rossi", "Volkov", "MacLeod", "Haddad", "O'Brien", "Tanaka",
                                    "Lefèvre", "Berg", "Nguyen", "García", "Dubois", "Okafor", "Nowak", "Iyer"]

    mutating func word() -> String { Self.vocabulary[next(Self.vocabulary.count)] }

    mutating func name() -> String { Self.firstNames[next(Self.firstNames.count)] + " " + Self.lastNames[next(Self.lastNames.count)] }

    mutating func slug(_ count: Int) -> String {
        (0..<count).map { _ in String(Self.vocabulary[next(120)]) }.joined(separator: "-")
    }

    mutating func title() -> String {
        let punctuation = ["", ":", " &", " —", "?"]
        return (0..<(4 + next(6))).map { position in
            let word = self.word()
            return (position == 0 ? word.capitalizedFirst : word) + (position == 1 ? punctuation[next(punctuation.count)] : "")
        }.joined(separator: " ")
    }

    mutating func sentence(_ length: Int) -> String {
        var words: [String] = []
        for position in 0..<(length / 2 + next(length)) {
            let word = self.word()
            words.append(position == 0 ? word.capitalizedFirst : word)
        }
        return words.joined(separator: " ") + [".", ".", ".", "?", "!"][next(5)]
    }

    /// A sentence with inline markup and the character references CMSs write.
    mutating func richSentence(url: String) -> String {
        var parts: [String] = []
        for position in 0..<(8 + next(16)) {
            let word = position == 0 ? self.word().capitalizedFirst : self.word()
            switch next(40) {
            case 0: parts.append("<a href=\"\(url)#\(word)\">\(word)</a>")
            case 1: parts.append("<strong>\(word)</strong>")
            case 2: parts.append("<em>\(word)</em>")
            case 3: parts.append("&#8220;\(word)&#8221;")
            case 4: parts.append("\(word)&#8217;s")
            case 5: parts.append("\(word)&nbsp;&mdash;")
            case 6: parts.append("<code>\(word)()</code>")
            case 7: parts.append("\(word) &amp;")
            default: parts.append(word)
            }
        }
        return parts.joined(separator: " ") + "."
    }

    mutating func summary(sentences: Int, url: String) -> String {
        var out = "<p>"
        for index in 0..<sentences {
            out += richSentence(url: url) + (index % 3 == 2 ? "</p><p>" : " ")
        }
        return out + "</p>"
    }

    /// A full post: paragraphs with a figure, a heading, a list, a quote and some code among them.
    mutating func article(paragraphs: Int, url: String) -> String {
        var out = ""
        for index in 0..<paragraphs {
            switch index % 7 {
            case 2:
                let image = "https://cdn.example.com/uploads/2024/\(slug(2))"
                out += "<figure class=\"wp-block-image size-large\"><img decoding=\"async\" width=\"1024\" height=\"683\" "
                    + "src=\"\(image)-1024x683.jpg\" alt=\"\(word()) \(word())\" class=\"wp-image-\(next(90_000))\" "
                    + "srcset=\"\(image)-1024x683.jpg 1024w, \(image)-300x200.jpg 300w, \(image)-768x512.jpg 768w\" "
                    + "sizes=\"(max-width: 1024px) 100vw, 1024px\" /><figcaption>\(sentence(8))</figcaption></figure>\n"
            case 3: out += "<h2 class=\"wp-block-heading\">\(title())</h2>\n"
            case 4:
                out += "<ul class=\"wp-block-list\">"
                for _ in 0..<(3 + next(4)) { out += "<li>\(richSentence(url: url))</li>" }
                out += "</ul>\n"
            case 5: out += "<blockquote class=\"wp-block-quote\"><p>\(richSentence(url: url))</p><cite>\(name())</cite></blockquote>\n"
            case 6 where next(3) == 0: out += "<pre class=\"wp-block-code\"><code>let \(word()) = 1 &lt; 2 &amp;&amp; true\n</code></pre>\n"
            default:
                out += "<p>"
                for _ in 0..<(3 + next(4)) { out += richSentence(url: url) + " " }
                out += "</p>\n"
            }
        }
        return out + "<p>The post <a href=\"\(url)\">\(title())</a> appeared first on <a href=\"https://longread.example.com\">The Long Read</a>.</p>\n"
    }

    mutating func rfc822(_ index: Int) -> String {
        let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let day = 28 - index % 28
        return "\(days[index % 7]), \(day < 10 ? "0" : "")\(day) May 2024 \(10 + next(12)):\(10 + next(50)):\(10 + next(50)) +0000"
    }

    mutating func iso8601(_ index: Int) -> String {
        let day = 28 - index % 28
        return "2024-05-\(day < 10 ? "0" : "")\(day)T\(10 + next(12)):\(10 + next(50)):\(10 + next(50))Z"
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
