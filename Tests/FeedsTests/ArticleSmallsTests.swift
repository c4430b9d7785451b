import Testing
@testable import Feeds

/// What a careful reader notices: links into the page itself, permalink marks, paragraphs made of breaks, a
/// title printed twice.
@Suite struct ArticleSmallsTests {
    private let page = "https://example.org/posts/1/"

    private func blocks(_ html: String) -> [ArticleBlock] {
        ArticleBlocks.make(from: Markup(kind: .html, text: html, base: "https://example.org/feed.xml"), page: page)
    }

    @Test func aHeadingThatLinksToItselfIsAPlainHeading() {
        #expect(blocks(##"<h2><a href="#section">Title</a></h2>"##) == [.heading(level: 2, [InlineRun("Title")])])
        #expect(blocks(##"<h2><a href="https://example.org/posts/1/#s">Title</a></h2>"##)
            == [.heading(level: 2, [InlineRun("Title")])])
        #expect(blocks(##"<h3><a href="/posts/1/#s">Relative</a></h3>"##) == [.heading(level: 3, [InlineRun("Relative")])])
        // A link to another page, or to the page itself with no place in it, stays a link.
        #expect(blocks(##"<h2><a href="https://example.org/posts/2/#s">Other</a></h2>"##)
            == [.heading(level: 2, [InlineRun("Other", link: "https://example.org/posts/2/#s")])])
        #expect(blocks(##"<p><a href="https://example.org/posts/1/">here</a></p>"##)
            == [.paragraph([InlineRun("here", link: "https://example.org/posts/1/")])])
    }

    @Test func aFootnoteLinkIntoThePageIsText() {
        #expect(blocks(##"<p>Said so<a href="#fn1">1</a>.</p>"##) == [.paragraph([InlineRun("Said so1.")])])
    }

    @Test func aPermalinkMarkAfterAHeadingIsDropped() {
        for mark in ["#", "¶", "§", "🔗", "🔗\u{FE0F}", " # "] {
            #expect(blocks(##"<h2 id="x">Title <a href="#x">\##(mark)</a></h2><p>Text</p>"##)
                == [.heading(level: 2, [InlineRun("Title")]), .paragraph([InlineRun("Text")])], "\(mark)")
        }
        // Before the heading's words, and with a style inside the anchor.
        #expect(blocks(##"<h2><a class="anchor" href="#x"><em>#</em></a> Title</h2>"##)
            == [.heading(level: 2, [InlineRun("Title")])])
        // Words in such an anchor are the heading's own; a mark linking elsewhere is the feed's to keep.
        #expect(blocks(##"<h2>See <a href="#x">below</a></h2>"##) == [.heading(level: 2, [InlineRun("See below")])])
        #expect(blocks(##"<h2>Title <a href="https://example.org/tags/x">#</a></h2>"##)
            == [.heading(level: 2, [InlineRun("Title "), InlineRun("#", link: "https://example.org/tags/x")])])
    }

    @Test func twoBreaksMakeAParagraph() {
        #expect(blocks("<p>One<br><br>Two<br>\n <br>Three<br>four</p>") == [
            .paragraph([InlineRun("One")]), .paragraph([InlineRun("Two")]), .paragraph([InlineRun("Three\nfour")]),
        ])
        // Three in a row are no more than two; a break at a paragraph's end is nothing.
        #expect(blocks("One<br><br><br>Two<br>") == [.paragraph([InlineRun("One")]), .paragraph([InlineRun("Two")])])
        #expect(blocks("<li>a<br><br>b</li>") == [.paragraph([InlineRun("a")]), .paragraph([InlineRun("b")])])
    }

    @Test func aBodyOpeningWithItsTitleLosesTheRepeat() {
        let body = blocks("<h1>The Tram, Again!</h1><p>It came back.</p>")
        #expect(ArticleBlocks.droppingRepeatedTitle("the tram again", from: body) == [.paragraph([InlineRun("It came back.")])])
        let paragraph = blocks("<img src='https://example.org/a.png'><p><strong>The  tram again</strong></p><p>Text</p>")
        #expect(ArticleBlocks.droppingRepeatedTitle("The Tram Again", from: paragraph)
            == [.image(url: "https://example.org/a.png", alt: nil), .paragraph([InlineRun("Text")])])
        // A heading that says more, or a repeat further down, stays.
        let more = blocks("<h2>The tram again, and why</h2><p>Text</p>")
        #expect(ArticleBlocks.droppingRepeatedTitle("The tram again", from: more) == more)
        let later = blocks("<p>Intro</p><h2>The tram again</h2>")
        #expect(ArticleBlocks.droppingRepeatedTitle("The tram again", from: later) == later)
        #expect(ArticleBlocks.droppingRepeatedTitle("", from: later) == later)
        #expect(ArticleBlocks.droppingRepeatedTitle("!!", from: blocks("<p>?</p>")) == blocks("<p>?</p>"))
    }
}
