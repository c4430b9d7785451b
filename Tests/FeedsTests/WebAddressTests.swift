import Testing
import Feeds

@Suite struct WebAddressTests {
    @Test func httpAndHttpsWithAHostAreWeb() {
        for url in ["http://a", "https://example.org/feed.xml", "HTTPS://Example.org", "http://user@host:8080/?q#f"] {
            #expect(WebAddress.isWeb(url), "\(url)")
        }
    }

    @Test func otherSchemesAndHostlessAddressesAreNot() {
        for url in ["", "http", "http://", "https:///path", "http://?q", "http:/x", "http:x", "httpx://a", "ftp://a",
                    "mailto:a@b", "javascript:alert(1)", "file:///etc/passwd", " http://a", "//a/b", "/feed"] {
            #expect(!WebAddress.isWeb(url), "\(url)")
        }
    }

    @Test func theHostAPersonRecognises() {
        #expect(WebAddress.shownHost(of: "https://www.Example.org/feed.xml") == "example.org")
        #expect(WebAddress.shownHost(of: "http://user:pw@blog.example.org:8080/a?b#c") == "blog.example.org")
        #expect(WebAddress.shownHost(of: "http://[::1]:8080/feed") == "[::1]")
        #expect(WebAddress.shownHost(of: "HTTPS://news.example.com") == "news.example.com")
        #expect(WebAddress.shownHost(of: "https://media.example.com\\@evil.example/x") == "media.example.com")
        for url in ["mailto:a@b", "javascript:alert(1)", "/feed", "http://", "http:///x"] {
            #expect(WebAddress.shownHost(of: url) == nil, "\(url)")
        }
    }
}
