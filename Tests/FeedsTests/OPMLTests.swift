import Testing
@testable import Feeds

@Suite struct OPMLTests {
    @Test func readsOutlinesNestedFoldersAndTitles() throws {
        let text = """
            <?xml version="1.0"?>
            <opml version="1.0"><head><title>mine</title></head><body>
              <outline text="Loose" type="rss" xmlUrl="https://loose.example/feed" htmlUrl="https://loose.example/"/>
              <outline title="Tech" text="Technology">
                <outline text="Only text" xmlUrl="https://a.example/rss"/>
                <outline title="Deeper">
                  <outline title="B &amp; C" xmlURL="https://b.example/atom"/>
                </outline>
                <outline text="after the nested folder" xmlUrl="https://c.example/feed"></outline>
              </outline>
              <outline text="no url, no children"/>
              <outline text="duplicate" xmlUrl="https://a.example/rss"/>
              <outline text="  " xmlUrl="  https://d.example/feed "/>
            </body></opml>
            """
        let subscriptions = try OPML.subscriptions(from: Array(text.utf8))
        #expect(subscriptions == [
            OPMLSubscription(url: "https://loose.example/feed", title: "Loose", siteLink: "https://loose.example/"),
            OPMLSubscription(url: "https://a.example/rss", title: "Only text", category: "Tech"),
            OPMLSubscription(url: "https://b.example/atom", title: "B & C", category: "Deeper"),
            OPMLSubscription(url: "https://c.example/feed", title: "after the nested folder", category: "Tech"),
            OPMLSubscription(url: "https://d.example/feed"),
        ])
    }

    @Test func recoversFromBrokenXMLButRefusesWhatIsNotOPML() throws {
        let broken = "<opml><body><outline text=\"x & y\" xmlUrl=\"https://a.example/?a=1&b=2\"/><outline"
        #expect(try OPML.subscriptions(from: Array(broken.utf8)).map(\.url) == ["https://a.example/?a=1&b=2"])
        #expect(throws: OPMLError.self) { try OPML.subscriptions(from: []) }
        #expect(throws: OPMLError.self) { try OPML.subscriptions(from: Array("<html><body>hi</body></html>".utf8)) }
        #expect(throws: OPMLError.self) { try OPML.subscriptions(from: Array("just some text".utf8)) }
        #expect(throws: OPMLError.self) { try OPML.subscriptions(from: [0xff, 0xfe, 0, 0]) }
    }

    @Test func neverFetchesExternalEntities() throws {
        let hostile = """
            <?xml version="1.0"?>
            <!DOCTYPE opml [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <opml><body><outline text="&x;" xmlUrl="https://a.example/feed"/></body></opml>
            """
        let subscriptions = try OPML.subscriptions(from: Array(hostile.utf8))
        #expect(subscriptions.map(\.url) == ["https://a.example/feed"])
        #expect(!(subscriptions[0].title ?? "").contains("root"))
    }

    @Test func exportsWellFormedEscapedOPMLThatReadsBack() throws {
        let subscriptions = [
            OPMLSubscription(url: "https://a.example/feed?x=1&y=<2>", title: "A \"quoted\" & 'apostrophe'",
                             siteLink: "https://a.example/"),
            OPMLSubscription(url: "https://b.example/rss", title: "Tabs\tand\nlines\u{1}", category: "News & Views"),
            OPMLSubscription(url: "https://c.example/atom", category: "News & Views"),
            OPMLSubscription(url: "https://d.example/feed", title: "Ünïcødé ✓", category: "Other"),
        ]
        let created = Timestamp(year: 2026, month: 11, day: 24, hour: 3, minute: 5, second: 58)
        let text = OPML.document(subscriptions, title: "Lectern <subscriptions>", created: created)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">"))
        #expect(text.contains("<title>Lectern &lt;subscriptions&gt;</title>"))
        #expect(text.contains("<dateCreated>Tue, 24 Nov 2026 03:05:58 GMT</dateCreated>"))
        #expect(!text.contains("\u{1}"))
        let read = try OPML.subscriptions(from: Array(text.utf8))
        var expected = subscriptions
        expected[1].title = "Tabs and lines"  // whitespace collapses on the way in
        expected[2].title = "https://c.example/atom"  // an outline needs a text: the URL stands in
        #expect(read == expected)
    }

    @Test func datesCreatedAreRFC822() {
        #expect(OPML.rfc822(Timestamp(secondsSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(OPML.rfc822(Timestamp(secondsSince1970: -1)) == "Wed, 31 Dec 1969 23:59:59 GMT")
        #expect(OPML.rfc822(Timestamp(year: 2000, month: 2, day: 29, hour: 12)) == "Tue, 29 Feb 2000 12:00:00 GMT")
    }
}
