import Testing
@testable import Feeds

@Suite struct JSONFeedTests {
    @Test func jsonFeed11() throws {
        let feed = try parse("""
            {"version": "https://jsonfeed.org/version/1.1", "title": "J", "home_page_url": "https://j.example/",
             "favicon": "/f.ico", "items": [
              {"id": "1", "url": "/p/1", "title": "One", "content_html": "<p>Hi &amp; <b>bye</b></p>",
               "summary": "S", "date_published": "2024-01-02T03:04:05-01:00", "authors": [{"name": "Ann"}],
               "attachments": [{"url": "a.mp3", "mime_type": "audio/mpeg", "size_in_bytes": 77}]},
              {"id": 2, "content_text": "plain  <b>text</b>", "author": {"name": "Old"}},
              {"title": "no id"},
              {"id": "4", "content_html": " ", "content_text": "text wins over empty HTML"}
            ]}
            """, url: "https://j.example/feed.json")
        #expect(feed.title == "J" && feed.link == "https://j.example/" && feed.icon == "https://j.example/f.ico")
        let e = feed.entries
        #expect(e[0].link == "https://j.example/p/1" && e[0].id == "1" && e[0].author == "Ann")
        #expect(e[0].content == "Hi & bye" && e[0].summary == "S")
        #expect(e[0].markup == Markup(kind: .html, text: "<p>Hi &amp; <b>bye</b></p>", base: "https://j.example/feed.json"))
        #expect(e[0].published?.iso8601 == "2024-01-02T04:04:05Z")
        #expect(e[0].enclosures == [Enclosure(url: "https://j.example/a.mp3", type: "audio/mpeg", length: 77)])
        #expect(e[1].id == "2" && e[1].content == "plain <b>text</b>" && e[1].author == "Old")
        #expect(e[1].markup?.kind == .text)
        #expect(e[2].id?.hasPrefix("sha256:") == true)
        #expect(e[3].content == "text wins over empty HTML" && e[3].markup?.kind == .text)
    }

    @Test func fixtures() throws {
        let v10 = try FeedParser.parse(fixture("jsonfeed10.json"))
        #expect(v10.entries.count == 13 && v10.entries[0].author == "Brent")
        #expect(v10.entries[0].enclosures.first?.length == 123456)
        let v11 = try FeedParser.parse(fixture("jsonfeed11.json"))
        #expect(v11.entries[1].link == "https://json11.example.com/p/1")
        #expect(v11.entries[0].link == "https://json11.example.com/posts/0")
    }

    @Test func notAFeedOrNotJSON() {
        #expect(throws: FeedParseError.self) { try parse("{\"a\": 1}") }
        #expect(throws: FeedParseError.self) { try parse("{\"items\": [1, 2") }
        #expect(throws: FeedParseError.self) { try parse("{\"items\": []} trailing") }
    }

    @Test func jsonDocumentParses() throws {
        let doc = try JSONDocument.parse(Array("{\"a\": [1, -2.5e3, true, false, null, \"\\u00e9\\ud83d\\ude00\\n\"]}".utf8))
        #expect(doc["a"] == .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null, .string("é😀\n")]))
        #expect(throws: JSONDocument.ParseError.self) { try JSONDocument.parse(Array("[1,]".utf8)) }
        #expect(throws: JSONDocument.ParseError.self) { try JSONDocument.parse(Array("\"abc".utf8)) }
        #expect(throws: JSONDocument.ParseError.self) { try JSONDocument.parse(Array("[\"\\x\"]".utf8)) }
        #expect(throws: JSONDocument.ParseError.self) { try JSONDocument.parse(Array("-".utf8)) }
    }

    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONDocument.ParseError.self) { try JSONDocument.parse(Array(deep.utf8)) }
        #expect(throws: FeedParseError.self) { try parse("{\"items\": " + deep + "}") }
    }
}
