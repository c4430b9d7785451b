import Testing
@testable import Feeds

/// A row's snippet: one run of words, a list's items kept apart.
@Suite struct SnippetTests {
    @Test func listItemsStayApart() {
        #expect(Snippet.make(fromHTML: "<p>Changes:</p><ul><li>Faster sync</li><li>Fewer <em>crashes</em></li></ul>")
            == "Changes: Faster sync · Fewer crashes")
        // An item that ends in its own punctuation needs no dot; nested lists are items too.
        #expect(Snippet.make(fromHTML: "<ol><li>One.</li><li>Two<ul><li>a</li><li>b</li></ul></li><li>Three</li></ol>")
            == "One. Two a · b · Three")
        #expect(Snippet.make(fromHTML: "<p>First.</p><p>Second<br>line</p><h2>Head</h2>") == "First. Second line Head")
        #expect(Snippet.make(fromHTML: "<ul><li><img src='https://a/b.png'></li><li>text</li></ul>") == "text")
        #expect(Snippet.make(fromHTML: "") == "")
    }

    @Test func aLongTextIsCutBetweenWords() {
        let snippet = Snippet.make(fromHTML: "<p>" + String(repeating: "word ", count: 200) + "</p>", limit: 32)
        #expect(snippet == "word word word word word word")
        // Markup cut inside a tag leaves the tag out.
        #expect(Snippet.make(fromHTML: "<p>Kept</p><p>and <a href=\"https://exam") == "Kept and")
    }

    @Test func aRowOfABodyWithAListShowsItsItems() throws {
        let store = try FeedStore(inMemory: ())
        let now = Timestamp(secondsSince1970: 1_800_000_000)
        let feed = try store.addFeed(url: "https://example.org/feed.xml", at: now)
        let html = "<ul><li>Faster sync</li><li>Fewer crashes</li></ul>"
        try store.store(ParsedFeed(entries: [
            ParsedEntry(title: "Release", id: "1", summary: HTMLText.plainText(fromHTML: html),
                        markup: Markup(kind: .html, text: html, base: nil)),
            ParsedEntry(title: "Teaser", id: "2", summary: "A teaser.", content: "The body.",
                        markup: Markup(kind: .html, text: "<p>The body.</p>", base: nil)),
        ]), for: feed, at: now)
        let snippets = try store.river(.feed(feed), limit: 10).map(\.snippet)
        #expect(Set(snippets) == ["Faster sync · Fewer crashes", "A teaser."])
    }
}
