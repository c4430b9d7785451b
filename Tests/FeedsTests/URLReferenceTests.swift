import Testing
@testable import Feeds

@Suite struct URLReferenceTests {
    /// RFC 3986 section 5.4's examples, normal and abnormal.
    @Test func resolvesTheRFCExamples() {
        let base = "http://a/b/c/d;p?q"
        let cases: [(String, String)] = [
            ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
            (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"), ("../", "http://a/b/"),
            ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"), ("../../g", "http://a/g"),
            ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"),
            ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."),
            ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"),
            ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
            ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
        ]
        for (reference, expected) in cases {
            #expect(URLReference.resolve(reference, against: base) == expected, "\(reference)")
        }
    }

    @Test func keepsAReferenceWhenThereIsNoUsableBase() {
        #expect(URLReference.resolve("/a", against: nil) == "/a")
        #expect(URLReference.resolve("/a", against: "relative/base") == "/a")
        #expect(URLReference.resolve("  http://x/y \n", against: nil) == "http://x/y")
        #expect(URLReference.resolve("img.png", against: "http://host") == "http://host/img.png")
    }

    @Test func keepsAbsoluteWebURLsAndNormalizesOnlyTheirDotSegments() {
        #expect(URLReference.resolve("HTTPS://Example.org/a?b#c", against: "http://x/") == "HTTPS://Example.org/a?b#c")
        #expect(URLReference.resolve("http://a/b/../c/./d", against: nil) == "http://a/c/d")
        #expect(URLReference.resolve("http://a/.hidden", against: nil) == "http://a/.hidden")
        #expect(URLReference.resolve("httpx://a/b", against: "http://x/") == "httpx://a/b")
        #expect(URLReference.resolve("http:relative", against: "http://x/y/") == "http:relative")
    }

    @Test func readsSchemes() {
        #expect(URLReference.scheme(of: "JavaScript:alert(1)") == "javascript")
        #expect(URLReference.scheme(of: "/path:with-colon") == nil)
        #expect(URLReference.scheme(of: "mailto:a@b") == "mailto")
        #expect(URLReference.scheme(of: "a/b:c") == nil)
    }
}
