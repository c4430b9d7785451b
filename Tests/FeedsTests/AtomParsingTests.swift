import Testing
@testable import Feeds

@Suite struct AtomParsingTests {
    @Test func atom10Entry() throws {
        let feed = try parse(atom("""
            <link href="http://a.example/"/><link rel="self" href="http://a.example/feed"/><icon>/icon.png</icon>
            <entry><title type="html">A &lt;em&gt;b&lt;/em&gt;</title>
            <link rel="alternate" type="text/html" href="http://a.example/1"/>
            <link rel="enclosure" type="audio/mpeg" length="99" href="http://a.example/1.mp3"/>
            <id>tag:a.example,2024:1</id><published>2024-01-02T03:04:05+01:00</published><updated>2024-01-03T00:00:00Z</updated>
            <author><name>Mark</name><email>m@a.example</email></author>
            <summary>Plain &lt;text&gt;</summary>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Rich <b>text</b></p></div></content></entry>
            """, attributes: "xml:base=\"http://a.example/\""))
        #expect(feed.title == "A")
        #expect(feed.link == "http://a.example/")
        #expect(feed.icon == "http://a.example/icon.png")
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "A b")
        #expect(entry.link == "http://a.example/1")
        #expect(entry.id == "tag:a.example,2024:1")
        #expect(entry.author == "Mark")
        #expect(entry.summary == "Plain <text>")
        #expect(entry.content == "Rich text")
        #expect(entry.markup == Markup(kind: .html, text: "<p>Rich <b>text</b></p>", base: "http://a.example/"))
        #expect(entry.published?.iso8601 == "2024-01-02T02:04:05Z")
        #expect(entry.updated?.iso8601 == "2024-01-03T00:00:00Z")
        #expect(entry.enclosures == [Enclosure(url: "http://a.example/1.mp3", type: "audio/mpeg", length: 99)])
    }

    @Test func nestedRelativeXMLBase() throws {
        let feed = try FeedParser.parse(fixture("atom10-xhtml-xmlbase.xml"))
        #expect(feed.link == "http://atom.example.org/blog/")
        #expect(feed.icon == "http://atom.example.org/favicon.ico")
        let entry = feed.entries[3]
        #expect(entry.link == "http://atom.example.org/blog/entries/3/page.html")
        #expect(entry.enclosures.first?.url == "http://atom.example.org/blog/entries/3/photo.jpg")
        #expect(entry.markup?.base == "http://atom.example.org/blog/entries/3/sub/")
        #expect(entry.content?.hasSuffix("Second\u{A0}paragraph emphasis & more.") == true)
        #expect(entry.content?.contains("alert") == false)
    }

    @Test func textConstructTypes() throws {
        let feed = try FeedParser.parse(fixture("atom10-text-types.xml"))
        #expect(feed.title == "Types & Constructs")
        let e = feed.entries
        #expect(e[0].title == "Less < than & greater >")
        #expect(e[0].summary == "Only a summary here." && e[0].content == nil)
        #expect(e[1].summary == "Escaped HTML content" && e[1].content == "Escaped HTML content")
        #expect(e[2].content == "Literal <p> text, not markup." && e[2].markup?.kind == .text)
        #expect(e[3].content == nil && e[3].summary == "Has a src content")
        // The last HTML alternate link wins, as in feedparser; a PDF alternate is not the page.
        #expect(e[4].link == "http://types.example.com/5b")
        #expect(e[4].summary == "Summary & bold" && e[4].content == "Content differs")
        #expect(e[5].author == "only@types.example.com")
        #expect(e[6].enclosures == [Enclosure(url: "http://types.example.com/7.bin", type: nil, length: nil)])
    }

    @Test func atom03EscapedMode() throws {
        let feed = try FeedParser.parse(fixture("atom03-escaped.xml"))
        #expect(feed.title == "Atom 0.3 Feed")
        #expect(feed.link == "http://atom03.example.com/")
        let entry = feed.entries[2]
        #expect(entry.title == "Escaped title 2")
        #expect(entry.published?.iso8601 == "2004-01-03T15:00:00Z")
        #expect(entry.updated?.iso8601 == "2004-01-03T12:00:00Z")
        #expect(entry.content?.contains("<p>") == false)
        #expect(entry.markup?.kind == .html)
    }

    @Test func atom03Base64AndFeedIDAsLink() throws {
        let feed = try parse("""
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title mode="base64">RXhhbXBsZSA8Yj5BdG9tPC9iPg==</title>
            <id>http://example.com/</id>
            <entry><title type="text/html" mode="base64">RXhhbXBsZSA8Yj5BdG9tPC9iPg==</title>
            <content mode="base64">not base64!</content></entry></feed>
            """)
        #expect(feed.title == "Example <b>Atom</b>")
        #expect(feed.link == "http://example.com/")
        #expect(feed.entries[0].title == "Example Atom")
        #expect(feed.entries[0].content == nil)
    }

    @Test func nakedMarkupInATextConstructIsHTML() throws {
        let feed = try parse(atom("<entry><title>Example <b>Atom</b></title><summary>a <i>b</i> &amp; &amp;amp;</summary></entry>"))
        #expect(feed.entries[0].title == "Example Atom")
        #expect(feed.entries[0].summary == "a b & &amp;")
    }

    @Test func idFallsBackToLinkThenHash() throws {
        let feed = try FeedParser.parse(fixture("atom10-no-ids.xml"))
        #expect(feed.entries[0].id == "http://noid.example.com/0")
        #expect(feed.entries.last?.id == ContentHash.entryID(title: "No id, no link", summary: "Hash me", content: nil))
    }
}
