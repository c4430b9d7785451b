import Testing
@testable import Feeds

@Suite struct EntityPrepassTests {
    func rewrite(_ text: String) -> String { String(decoding: EntityPrepass.rewrite(Array(text.utf8)), as: UTF8.self) }

    @Test func htmlNamedEntitiesBecomeNumeric() {
        #expect(rewrite("a&nbsp;b&eacute;&mdash;&hellip;") == "a&#160;b&#233;&#8212;&#8230;")
    }

    /// libxml2 drops named references after any well-formedness error, even XML's own; numeric ones survive.
    @Test func xmlsOwnBecomeNumericAndNumericStay() {
        #expect(rewrite("&amp;&lt;&gt;&quot;&apos;&#233;&#xE9;") == "&#38;&#60;&#62;&#34;&#39;&#233;&#233;")
    }

    @Test func characterReferencesAreMadeValid() {
        #expect(rewrite("&#X41;&#150;&#x93;&#0;&#x110000;&#99999999999;") == "&#65;&#8211;&#8220;&#65533;&#65533;&#65533;")
    }

    @Test func referencesSurviveAnEarlierWellFormednessError() throws {
        // A duplicated attribute: an error no tag balancing repairs.
        let feed = try parse(rss("<item x=\"1\" x=\"2\"></item><item><title>Q &amp; A &lt;3</title></item>"))
        #expect(feed.entries.last?.title == "Q & A <3")
    }

    @Test func strayAmpersandsAreEscaped() {
        #expect(rewrite("AT&T &  x?a=1&b=2 &#;") == "AT&#38;T &#38;  x?a=1&#38;b=2 &#38;#;")
    }

    @Test func unknownReferencesStayLiteral() {
        #expect(rewrite("&bogus;") == "&#38;bogus;")
    }

    @Test func cdataAndCommentsAreUntouched() {
        #expect(rewrite("<![CDATA[&nbsp; AT&T]]>&nbsp;<!-- &eacute; -->") == "<![CDATA[&nbsp; AT&T]]>&#160;<!-- &eacute; -->")
        #expect(rewrite("<![CDATA[ never closed &nbsp;") == "<![CDATA[ never closed &nbsp;")
    }

    /// CDATA sections reach libxml2 as numbered placeholders and come back as their text, line ends as XML
    /// reads them, joined to the text around them.
    @Test func cdataSectionsAreSetAsideAndPutBack() throws {
        let (document, sections) = EntityPrepass.prepare(Array("<a><![CDATA[x&y <b>]]> &amp; <![CDATA[\r\nz\rw]]></a>".utf8))
        #expect(String(decoding: document, as: UTF8.self) == "<a><![CDATA[0]]> &#38; <![CDATA[1]]></a>")
        #expect(sections.ranges.count == 2)
        let feed = try parse(rss("<item><title>T</title><description>  <![CDATA[<p>one</p>]]>\n<![CDATA[two &amp;]]>  </description>"
            + "<content:encoded><![CDATA[a\r\nb]]></content:encoded></item>"))
        #expect(feed.entries[0].summary == "one two &")
        #expect(feed.entries[0].markup?.text == "a\nb")
        // Text that only looks like a placeholder is text; an unclosed section is left for libxml2, as before.
        #expect(try parse(rss("<item><title>&lt;![CDATA[0]]&gt;</title></item>")).entries[0].title == "<![CDATA[0]]>")
        #expect(String(decoding: EntityPrepass.prepare(Array("<a><![CDATA[open &nbsp;".utf8)).document, as: UTF8.self)
            == "<a><![CDATA[open &nbsp;")
        #expect(try parse(rss("<item><title><![CDATA[]]>Empty</title><guid><![CDATA[]]></guid></item>")).entries[0].title == "Empty")
    }

    @Test func doctypeEntitiesExpandOneLevelAndExternalOnesNever() {
        let text = "<!DOCTYPE rss [<!ENTITY co \"A &#38; B\"><!ENTITY x SYSTEM \"file:///etc/passwd\">"
            + "<!ENTITY lol \"&co;&co;\"><!ENTITY % p \"no\">]><t>&co; &x; &lol;</t>"
        #expect(rewrite(text) == "<t>A &#38; B &#38;x; </t>")
    }

    @Test func aLowercaseDoctypeIsTakenOutToo() {
        #expect(rewrite("<!doctype rss [<!ENTITY a \"b\">]><t>&a;</t>") == "<t>b</t>")
    }

    @Test func billionLaughsStaysSmall() throws {
        var doctype = "<!DOCTYPE rss [<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            doctype += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        doctype += "]>"
        let body = "<rss><channel><title>&lol9;</title><item><title>&lol0;</title></item></channel></rss>"
        let feed = try FeedParser.parse(Array((doctype + body).utf8))
        #expect(feed.title == nil)
        #expect(feed.entries.first?.title == "lol")
        // Many references to a big entity stop expanding at the limit.
        let big = "<!DOCTYPE rss [<!ENTITY big \"" + String(repeating: "x", count: 10_000) + "\">]>"
        let out = EntityPrepass.rewrite(Array((big + String(repeating: "&big;", count: 1_000)).utf8))
        #expect(out.count <= EntityPrepass.expansionLimit)
    }
}
