import Testing
@testable import Feeds

/// An article's `&quot`, `&amp` and `&copy2019` without their semicolon: libxml2's HTML parser kept them as
/// typed, where a browser, and the list's plain text, decode them.
@Suite struct LegacyReferencesTests {
    private func spelled(_ html: String) -> String {
        String(decoding: LegacyReferences.spelledOut(Array(html.utf8)), as: UTF8.self)
    }

    @Test func spellsOutWhatLibxml2WouldKeepAsTyped() {
        #expect(spelled("&quothello&quot R&amp D &copy2019") == "&#34;hello&#34; R&#38; D &#169;2019")
        #expect(spelled("&notit; &AMP; &ampx") == "&#172;it; &#38; &#38;x")
        // Spelled in full, unknown, or not legacy: as it was.
        #expect(spelled("&amp; &eacute; &bogus &hellip &apos x & y") == "&amp; &eacute; &bogus &hellip &apos x & y")
        #expect(spelled("no ampersand") == "no ampersand")
    }

    @Test func inATagOnlyWhenNoLetterDigitOrEqualsFollows() {
        #expect(spelled("<a href=\"?a=1&copy=2&amp b&lt3\" title='x&gt'>&copy=</a>")
            == "<a href=\"?a=1&copy=2&#38; b&lt3\" title='x&#62;'>&#169;=</a>")
        // A quoted `>` does not end the tag; a `<` that opens none does not start one.
        #expect(spelled("<img alt=\"a>b&copy=1\"> 1 < 2 &copy=") == "<img alt=\"a>b&copy=1\"> 1 < 2 &#169;=")
        #expect(spelled("<a href=\"&amp") == "<a href=\"&#38;")
    }

    @Test func anArticleReadsThemAsABrowserDoes() {
        let blocks = ArticleBlocks.make(from: Markup(kind: .html, text: "<p>&quothello&quot &amp &copy2019</p>", base: nil))
        #expect(blocks == [.paragraph([InlineRun("\"hello\" & ©2019")])])
    }
}
