import Testing
@testable import Feeds

@Suite struct RSSParsingTests {
    @Test func rss20ItemFields() throws {
        let feed = try parse(rss("""
            <item><title>One &amp; two</title><link>http://example.com/1</link>
            <description><![CDATA[<p>Hello <b>world</b> &mdash; <script>x()</script>hi</p>]]></description>
            <content:encoded><![CDATA[<p>Full   text</p>]]></content:encoded>
            <author>jo@example.com (Jo Smith)</author>
            <pubDate>Sat, 07 Sep 2002 00:00:01 GMT</pubDate><guid>http://example.com/g1</guid>
            <enclosure url="http://example.com/a.mp3" type="audio/mpeg" length="123"/>
            <media:content url="http://example.com/m.jpg" medium="image"/></item>
            """, channel: "<title>Feed</title><link>http://example.com/</link><ttl>45</ttl><image><url>/i.png</url></image>"),
            url: "http://example.com/feed.xml")
        #expect(feed.title == "Feed")
        #expect(feed.link == "http://example.com/")
        #expect(feed.icon == "http://example.com/i.png")
        #expect(feed.timeToLiveMinutes == 45)
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "One & two")
        #expect(entry.link == "http://example.com/1")
        #expect(entry.id == "http://example.com/g1")
        #expect(entry.author == "Jo Smith")
        #expect(entry.summary == "Hello world — hi")
        #expect(entry.content == "Full text")
        #expect(entry.markup == Markup(kind: .html, text: "<p>Full   text</p>", base: "http://example.com/feed.xml"))
        #expect(entry.published?.iso8601 == "2002-09-07T00:00:01Z")
        #expect(entry.updated == nil)
        // media:content is not an enclosure (feedparser keeps it apart too).
        #expect(entry.enclosures == [Enclosure(url: "http://example.com/a.mp3", type: "audio/mpeg", length: 123)])
    }

    @Test func descriptionAloneIsTheSummaryAndContentAloneIsBoth() throws {
        let feed = try parse(rss("""
            <item><title>a</title><description>Only &lt;i&gt;summary&lt;/i&gt;</description></item>
            <item><title>b</title><content:encoded>&lt;p&gt;Only content&lt;/p&gt;</content:encoded></item>
            <item><title>c</title><description>First</description><itunes:summary>Second</itunes:summary></item>
            """))
        #expect(feed.entries[0].summary == "Only summary")
        #expect(feed.entries[0].content == nil)
        #expect(feed.entries[0].markup?.kind == .html)
        #expect(feed.entries[1].summary == "Only content")
        #expect(feed.entries[1].content == "Only content")
        // feedparser: a second summary-like element becomes the content when there is none.
        #expect(feed.entries[2].summary == "First")
        #expect(feed.entries[2].content == "Second")
    }

    @Test func linksAndIdsFallBackToEachOther() throws {
        let feed = try parse(rss("""
            <item><title>guid is link</title><guid>http://example.com/a</guid></item>
            <item><title>not permalink</title><guid isPermaLink="false">http://example.com/b</guid></item>
            <item><title>opaque guid</title><guid>12345</guid></item>
            <item><title>link only</title><link>http://example.com/d</link></item>
            <item><title>nothing</title><description>body</description></item>
            <item><title>nothing</title><description>body</description></item>
            """))
        let e = feed.entries
        #expect(e[0].link == "http://example.com/a" && e[0].id == "http://example.com/a")
        #expect(e[1].link == nil && e[1].id == "http://example.com/b")
        #expect(e[2].link == nil && e[2].id == "12345")
        #expect(e[3].id == "http://example.com/d")
        #expect(e[4].id == ContentHash.entryID(title: "nothing", summary: "body", content: nil))
        #expect(e[4].id == e[5].id)
        #expect(e[4].id?.hasPrefix("sha256:") == true)
    }

    @Test func authorForms() throws {
        let feed = try parse(rss("""
            <item><author>jo@example.com (Jo Smith)</author></item>
            <item><author>Jo Smith &lt;jo@example.com&gt;</author></item>
            <item><author>jo@example.com</author></item>
            <item><dc:creator>Ana Lima</dc:creator></item>
            <item><itunes:author>Pod Host</itunes:author></item>
            <item><itunes:author>Pod Host</itunes:author><dc:creator>Writer</dc:creator></item>
            <item><dc:creator>First</dc:creator><author>x@example.com (Second)</author></item>
            """))
        // The first author is the one feedparser describes in author_detail.
        #expect(feed.entries.map(\.author) == ["Jo Smith", "Jo Smith", "jo@example.com", "Ana Lima", "Pod Host", "Writer", "First"])
    }

    @Test func datesFromEveryVocabulary() throws {
        let feed = try parse(rss("""
            <item><dc:date>2003-12-13T18:30:02Z</dc:date></item>
            <item><pubDate>not a date</pubDate></item>
            <item><dcterms:issued xmlns:dcterms="http://purl.org/dc/terms/">2003-12-13</dcterms:issued></item>
            """))
        #expect(feed.entries[0].updated?.iso8601 == "2003-12-13T18:30:02Z" && feed.entries[0].published == nil)
        #expect(feed.entries[1].published == nil)
        #expect(feed.entries[2].published?.iso8601 == "2003-12-13T00:00:00Z")
    }

    @Test func titlesThatLookLikeHTMLAreHTML() throws {
        let feed = try parse(rss("""
            <item><title>a &lt; b and c &gt; d</title></item>
            <item><title>&lt;b&gt;bold&lt;/b&gt; text</title></item>
            <item><title>Tom &amp;amp; Jerry</title></item>
            """))
        #expect(feed.entries.map(\.title) == ["a < b and c > d", "bold text", "Tom & Jerry"])
    }

    @Test func rss091WithHTMLEntitiesAndRss10() throws {
        let old = try FeedParser.parse(fixture("rss091-html-entities.xml"))
        #expect(old.title == "Le Café du Coin")
        #expect(old.entries.first?.title == "Café notes — part 1\u{A0}of\u{A0}12")
        #expect(old.icon == "http://www.example.com/images/cafe.gif")
        let rdf = try FeedParser.parse(fixture("rss10-rdf.xml"))
        #expect(rdf.title == "XML.com")
        #expect(rdf.entries.count == 14)
        #expect(rdf.entries[3].id == "http://xml.example.com/3")
        #expect(rdf.entries[3].author == "Bob DuCharme")
        #expect(rdf.entries[3].updated?.iso8601 == "2024-04-04T15:03:00Z")
        let netscape = try FeedParser.parse(fixture("rss090-netscape.xml"))
        #expect(netscape.entries.count == 15 && netscape.link == "http://www.mozilla.org")
    }

    @Test func elementNamesAreCaseInsensitiveAndItemsAndEntriesInterchangeable() throws {
        let feed = try parse("""
            <RSS><Channel><TiTlE>Cased</TiTlE><ITEM><Title>one</Title><PUBDATE>Tue, 10 Jun 2003 04:00:00 GMT</PUBDATE>
            <GUID ISPERMALINK="false">x</GUID></ITEM><entry><title>two</title></entry>
            <item><title>three</title><fullitem>&lt;p&gt;full&lt;/p&gt;</fullitem></item></Channel></RSS>
            """)
        #expect(feed.title == "Cased")
        #expect(feed.entries.map(\.title) == ["one", "two", "three"])
        #expect(feed.entries[0].published?.iso8601 == "2003-06-10T04:00:00Z")
        #expect(feed.entries[0].link == nil && feed.entries[0].id == "x")
        #expect(feed.entries[2].content == "full")
    }

    @Test func undeclaredNamespacePrefixesStillMeanTheirVocabulary() throws {
        let feed = try FeedParser.parse(fixture("rss20-undeclared-namespaces.xml"))
        #expect(feed.entries[0].author == "Sam Undeclared")
        #expect(feed.entries[0].content == "Body 0")
        #expect(feed.entries[0].updated?.iso8601 == "2024-05-01T10:00:00Z")
    }

    @Test func relativeLinksResolveAgainstXMLBaseAndTheFeedURL() throws {
        let feed = try FeedParser.parse(fixture("rss20-relative-links.xml"))
        #expect(feed.link == "http://rel.example.com/")
        #expect(feed.entries[0].link == "http://rel.example.com/posts/0/index.html")
        #expect(feed.entries[0].id == "http://rel.example.com/posts/0/permalink")
        #expect(feed.entries[0].markup?.base == "http://rel.example.com/posts/0/")
        #expect(feed.entries[10].id == "about-page")
        #expect(feed.entries[11].link == "http://cdn.example.com/x")
        let plain = try parse(rss("<item><link>../b/c</link></item>", channel: "<link>/</link>"), url: "https://host.example/a/feed")
        #expect(plain.link == "https://host.example/")
        #expect(plain.entries[0].link == "https://host.example/b/c")
    }

    @Test func brokenMarkupIsRecovered() throws {
        let feed = try FeedParser.parse(fixture("rss20-broken-markup.xml"))
        #expect(feed.title == "Broken & Proud")
        #expect(feed.entries.count == 12)
        #expect(feed.entries[0].title == "AT&T and Procter & Gamble 0")
        #expect(feed.entries[0].summary == "Unescaped HTML 0 in a description with unclosed tags")
        #expect(feed.entries[0].author == "Pat Editor")
        #expect(feed.entries[0].link == "http://broken.example.com/?id=0&cat=2")
        #expect(feed.entries[10].title == "Escaped twice: <b>bold</b>")
    }
}
