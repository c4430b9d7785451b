import Testing
@testable import Feeds

/// Media RSS and the other pictures an entry may carry: kept apart from the contract's enclosures.
@Suite struct MediaParsingTests {
    @Test func readsMediaContentAndThumbnailsApartFromEnclosures() throws {
        let feed = try FeedParser.parse(fixture("rss20-cdata-namespaces.xml"))
        let first = try #require(feed.entries.first)
        #expect(first.media == [Enclosure(url: "http://cdn.example.com/img/0.jpg")])
        #expect(first.thumbnail == "http://cdn.example.com/img/0-t.jpg")
        #expect(!first.enclosures.contains { $0.url.hasPrefix("http://cdn.example.com/img/") })
    }

    @Test func looksInsideGroupsAndFallsBackToImagesAndItunes() throws {
        let feed = try parse("""
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"
                 xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>T</title>
            <item><title>grouped</title><media:group>
              <media:content url="/v.mp4" type="video/mp4" fileSize="1234"><media:thumbnail url="v.jpg"/></media:content>
              <media:content url="/v-small.mp4" type="video/mp4"/></media:group></item>
            <item><title>image</title><media:content url="https://i.example/p.png" type="image/png"/></item>
            <item><title>podcast</title><itunes:image href="https://i.example/cover.jpg"/></item>
            <item><title>nothing</title><media:content url=""/></item>
            </channel></rss>
            """, url: "https://example.org/feeds/rss")
        #expect(feed.entries.map(\.thumbnail) == [
            "https://example.org/feeds/v.jpg", "https://i.example/p.png", "https://i.example/cover.jpg", nil,
        ])
        #expect(feed.entries[0].media == [
            Enclosure(url: "https://example.org/v.mp4", type: "video/mp4", length: 1234),
            Enclosure(url: "https://example.org/v-small.mp4", type: "video/mp4"),
        ])
        #expect(feed.entries[3].media.isEmpty)
    }

    @Test func takesJSONFeedsImage() throws {
        let feed = try parse("""
            {"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": [
              {"id": "1", "content_text": "x", "image": "/pic.jpg"}, {"id": "2", "content_text": "y", "banner_image": "b.jpg"}]}
            """, url: "https://example.org/feed.json")
        #expect(feed.entries.map(\.thumbnail) == ["https://example.org/pic.jpg", "https://example.org/b.jpg"])
    }

    /// feedparser reads media:description as a description wherever it stands in the entry: YouTube's videos
    /// had no summary, and a picture's caption is the content of an item with a description.
    @Test func mediaDescriptionIsADescription() throws {
        let youtube = try FeedParser.parse(fixture("atom10-media-group-description.xml"))
        #expect(youtube.entries[0].summary == "Three stones, one jig. Links: https://workshop.example.com/chisels & more")
        #expect(youtube.entries[0].content == nil)
        #expect(youtube.entries[1].summary == "A short one.")
        #expect(youtube.entries[1].content == "Tape, wedges and patience.")
        let pictures = try FeedParser.parse(fixture("rss20-media-description.xml"))
        #expect(pictures.entries[0].summary == "The first boats.")
        #expect(pictures.entries[0].content == "Photo: A. Lima")
        // Media RSS's type="plain" is plain text, as feedparser reads it: the angle brackets are words.
        #expect(pictures.entries[1].summary == "Market stalls <before> noon")
    }

    /// A newspaper's shape: description, content:encoded, then the photo with its caption in media:content. The
    /// caption was every entry's summary; feedparser keeps the item's own description, as a value nested deeper
    /// never replaces one set shallower.
    @Test func aCaptionNeverReplacesTheItemsDescription() throws {
        let paper = try FeedParser.parse(fixture("rss20-media-caption-and-description.xml"))
        #expect(paper.entries.map(\.summary) == [
            "La terminal trabajará hasta la medianoche desde el lunes para reducir la fila de camiones.",
            "Ciento veinte editoriales y una carpa para lecturas en voz alta, del 10 al 23 de marzo.",
            "Defensa Civil pidió no acercarse a la costanera hasta el jueves.",
            "Harina, agua, sal y una noche de espera.",
        ])
        #expect(paper.entries[0].content == "La terminal trabajará hasta la medianoche desde el lunes. Los transportistas celebraron la medida.")
        // Without content:encoded the first caption is the content, as before.
        #expect(paper.entries[3].content == "El pan, recién salido del horno")
        #expect(paper.entries[0].thumbnail == "https://static.diariodelsur.example/fotos/puerto.jpg")

        // The same rule in each order feedparser was checked in: the summary it gives, by entry.
        let feed = try parse(rss("""
            <item><title>caption first</title><media:content url="a.jpg"><media:description>Caption</media:description></media:content><description>Text</description></item>
            <item><title>content, then caption</title><content:encoded>Body</content:encoded><media:content url="a.jpg"><media:description>Caption</media:description></media:content></item>
            <item><title>grouped captions</title><media:group><media:content url="a.jpg"><media:description>Deep</media:description></media:content><media:description>Group</media:description></media:group><description>Text</description></item>
            <item><title>same depth</title><description>Text</description><content:encoded>Body</content:encoded><media:description>Caption</media:description></item>
            """))
        #expect(feed.entries.map(\.summary) == ["Caption", "Caption", "Text", "Caption"])
        #expect(feed.entries.map(\.content) == ["Text", "Body", "Group", "Body"])
    }
}
