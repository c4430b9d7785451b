import Testing
@testable import Feeds

@Suite struct HTMLTextTests {
    @Test func stripsTagsAndDecodesEntities() {
        #expect(HTMLText.plainText(fromHTML: "<p>Fish &amp; <b>chips</b>&nbsp;today</p>") == "Fish & chips\u{A0}today")
        #expect(HTMLText.plainText(fromHTML: "caf&eacute; &#8220;quoted&#x201D;") == "café “quoted”")
    }

    @Test func dropsScriptStyleAndAppletWithTheirContents() {
        let html = "<style>p{}</style>a<script>alert(1)</script> b<applet>x</applet> c"
        #expect(HTMLText.plainText(fromHTML: html) == "a b c")
    }

    @Test func collapsesWhitespaceAndTrims() {
        #expect(HTMLText.plainText(fromHTML: "\n  <div>one\t\ttwo</div>\n\n three  ") == "one two three")
        #expect(HTMLText.collapsingWhitespace("  a \r\n b  ") == "a b")
        #expect(HTMLText.plainText(fromHTML: "") == "")
    }

    @Test func survivesBrokenAndDeepMarkup() {
        #expect(HTMLText.plainText(fromHTML: "<p>open <b>bold <i>both</p> after") == "open bold both after")
        func nested(_ depth: Int) -> String {
            String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth)
        }
        #expect(HTMLText.plainText(fromHTML: nested(200)) == "deep")
        // libxml2 stops at 256 levels rather than recurse without bound: hostile nesting costs its text, no more.
        #expect(HTMLText.plainText(fromHTML: nested(100_000)) == "")
        #expect(HTMLText.plainText(fromHTML: "a < b and c<d") .hasPrefix("a < b"))
    }
}
