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
        let (document, sections) = EntityPrepass.prepare(Array("<a><![CDATA[x&y <b>]]> plain <![CDATA[\r\nz\rw]]></a>".utf8))
        #expect(String(decoding: document, as: UTF8.self) == "<a><![CDATA[0;]]> plain <![CDATA[1;]]></a>")
        #expect(sections.count == 2)
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

    /// Found in a medical news feed: escaped HTML around a CDATA section (`&lt;i&gt;<![CDATA[…]]>&lt;/i&gt;`) is
    /// three sections side by side, which libxml2 joins into one node. Bare numbers ran together (`0`, `1`, `2`
    /// read `012`: another section, or none) and summaries read `345` or another entry's words.
    @Test func adjacentSectionsComeBackInOrder() throws {
        let (document, sections) = EntityPrepass.prepare(Array("<a>warn. &lt;i&gt;<![CDATA[News]]>&lt;/i&gt;</a>".utf8))
        #expect(String(decoding: document, as: UTF8.self) == "<a><![CDATA[0;]]><![CDATA[1;]]><![CDATA[2;]]></a>")
        #expect(sections.count == 3)
        var items = ""
        for n in 0..<12 {
            items += "<item><title><![CDATA[T\(n)]]></title><description>Text \(n). &lt;br /&gt; &lt;i&gt;<![CDATA[Source \(n)]]>&lt;/i&gt;</description></item>"
        }
        let feed = try parse(rss(items))
        #expect(feed.entries.map(\.summary) == (0..<12).map { "Text \($0). Source \($0)" })
        #expect(feed.entries[3].markup?.text == "Text 3. <br /> <i>Source 3</i>")
        // A section whose words look like placeholders is its words.
        #expect(try parse(rss("<item><title>x</title><description>&lt;b&gt;<![CDATA[1;2]]></description></item>")).entries[0].summary
            == "1;2")
    }

    /// Text holding references (escaped HTML) is decoded by the pre-pass and set aside like CDATA; what it
    /// reads as must be what libxml2 read from the rewritten references.
    @Test func textWithReferencesIsSetAside() throws {
        let (document, sections) = EntityPrepass.prepare(Array(
            "<?xml version=\"1.0\"?><?pi a=\"&\" ?><a href=\"?x=1&amp;y=2\" t='&nbsp;>'>&lt;p&gt;Fish</a><b>plain</b>".utf8))
        #expect(String(decoding: document, as: UTF8.self)
            == "<?xml version=\"1.0\"?><?pi a=\"&\" ?><a href=\"?x=1&#38;y=2\" t='&#160;>'><![CDATA[0;]]></a><b>plain</b>")
        #expect(sections.count == 1)
        let feed = try parse(rss("""
            <item><title>Q &amp; A &lt;3</title><description>&lt;p&gt;Fish &amp; chips&#8217;&nbsp;&#150;&#x41;&bogus; AT&T&lt;/p&gt;</description>            <content:encoded>a\r\nb&amp;c&#13;d</content:encoded><enclosure url="http://x/?a=1&amp;b=2" type="audio/mpeg"/></item>
            """))
        let entry = try #require(feed.entries.first)
        #expect(entry.title == "Q & A <3")
        #expect(entry.summary == "Fish & chips\u{2019}\u{A0}\u{2013}A&bogus; AT&T")
        #expect(entry.markup?.text == "a\nb&c\rd")
        #expect(entry.enclosures.first?.url == "http://x/?a=1&b=2")
    }

    /// After anything that is not a tag as XML writes one, the rest goes to libxml2 as before: it recovers
    /// its own way, and set-aside text must not land where it reads a tag.
    @Test func brokenTagsStopTheSettingAside() throws {
        for broken in ["<a x=\"1 < 2\">t &amp; u</a>", "<a>1 < 2 &amp; 3</a>", "<a><!bogus>t &amp; u</a>", "<a x=\"open>t &amp; u</a>"] {
            let (document, sections) = EntityPrepass.prepare(Array(broken.utf8))
            #expect(sections.count == 0, "\(broken)")
            #expect(String(decoding: document, as: UTF8.self) == broken.split(separator: "&amp;", omittingEmptySubsequences: false).joined(separator: "&#38;"), "\(broken)")
        }
        // Text with a declared entity goes to libxml2 rewritten, where expansions count against the limit.
        let doctype = "<!DOCTYPE a [<!ENTITY e \"<b>x</b>\">]><a>&e; &amp; &e; &lt;</a>"
        #expect(String(decoding: EntityPrepass.prepare(Array(doctype.utf8)).document, as: UTF8.self)
            == "<a>&#60;b&#62;x&#60;/b&#62; &#38; &#60;b&#62;x&#60;/b&#62; &#60;</a>")
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
