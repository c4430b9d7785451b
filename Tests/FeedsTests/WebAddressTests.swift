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
}
