import Testing
@testable import Feeds

@Suite struct FeedCharsetTests {
    /// A one-item feed whose title is `title` in the given bytes, with `declaration` as its XML declaration.
    func feed(declaration: String, title: [UInt8]) -> [UInt8] {
        Array("\(declaration)<rss version=\"2.0\"><channel><title>".utf8) + title + Array("</title></channel></rss>".utf8)
    }

    func title(_ bytes: [UInt8], contentType: String? = nil) throws -> String? {
        try FeedParser.parse(bytes, contentType: contentType).title
    }

    @Test func validUTF8StaysAsItIs() throws {
        #expect(try title(feed(declaration: "<?xml version=\"1.0\" encoding=\"utf-8\"?>", title: Array("Café ☕".utf8))) == "Café ☕")
        #expect(try title(feed(declaration: "", title: Array("Café".utf8))) == "Café")
    }

    @Test func windows1252BytesInAUTF8FeedFallBack() throws {
        let bytes = feed(declaration: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", title: [0x93, 0x43, 0x61, 0x66, 0xE9, 0x94, 0x20, 0x80])
        #expect(try title(bytes) == "\u{201C}Café\u{201D} €")
    }

    @Test func latin1DeclarationIsHonoured() throws {
        let bytes = feed(declaration: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>", title: [0x47, 0x72, 0xFC, 0xDF, 0x65])
        #expect(try title(bytes) == "Grüße")
        // Bytes that happen to be valid UTF-8 are still read as the declared Latin-1.
        let ambiguous = feed(declaration: "<?xml version='1.0' encoding='iso-8859-1'?>", title: [0xC3, 0xA9])
        #expect(try title(ambiguous) == "Ã©")
    }

    @Test func otherDeclaredCharsetsGoThroughIconv() throws {
        let bytes = feed(declaration: "<?xml version=\"1.0\" encoding=\"KOI8-R\"?>", title: [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4])
        #expect(try title(bytes) == "Привет")
    }

    @Test func byteOrderMarksWin() throws {
        let text = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss><channel><title>日本 é</title></channel></rss>"
        var le: [UInt8] = [0xFF, 0xFE]
        var be: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 {
            le += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            be += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        #expect(try title(le) == "日本 é")
        #expect(try title(be) == "日本 é")
        #expect(try title([0xEF, 0xBB, 0xBF] + Array(text.utf8)) == "日本 é")
    }

    @Test func httpCharsetBeatsTheDeclarationForXMLMediaTypes() throws {
        let bytes = feed(declaration: "<?xml version=\"1.0\" encoding=\"utf-8\"?>", title: [0xE9, 0x74, 0xE9])
        #expect(try title(bytes, contentType: "application/rss+xml; charset=ISO-8859-1") == "été")
        #expect(try title(bytes, contentType: "text/xml; charset=\"windows-1252\"") == "été")
        // Another media type: the declaration decides (and the bytes are not UTF-8, so windows-1252 it is).
        let utf8 = feed(declaration: "<?xml version=\"1.0\" encoding=\"utf-8\"?>", title: Array("été".utf8))
        #expect(try title(utf8, contentType: "text/html; charset=ISO-8859-1") == "été")
    }

    @Test func theDeclarationIsRewrittenToUTF8() {
        let out = FeedCharset.utf8(Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>\u{E9}</a>".unicodeScalars.map { UInt8($0.value) }), contentType: nil)
        #expect(String(decoding: out, as: UTF8.self) == "<?xml version=\"1.0\" ?><a>é</a>")
    }

    @Test func whitespaceBeforeTheDeclarationIsDropped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF, 0x20, 0x0A] + feed(declaration: "<?xml version=\"1.0\"?>", title: Array("Q &amp; A".utf8))
        #expect(try title(bytes) == "Q & A")
    }

    @Test func utf32ByBOMOrByItsFirstCharacter() throws {
        let text = "<rss><channel><title>Ω é</title></channel></rss>"
        var le: [UInt8] = []
        var be: [UInt8] = []
        for scalar in text.unicodeScalars {
            let v = scalar.value
            le += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), 0]
            be += [0, UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        #expect(try title(le) == "Ω é")
        #expect(try title(be) == "Ω é")
        #expect(try title([0xFF, 0xFE, 0, 0] + le) == "Ω é")
        #expect(try title([0, 0, 0xFE, 0xFF] + be) == "Ω é")
    }

    @Test func aUTF16LabelOnEightBitBytesIsWrong() throws {
        let bytes = feed(declaration: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>", title: Array("Café".utf8))
        #expect(try title(bytes) == "Café")
        #expect(try title(feed(declaration: "", title: Array("Café".utf8)), contentType: "text/xml; charset=utf-16") == "Café")
    }

    @Test func c1ControlsAreWindows1252() throws {
        // U+0092 encoded as UTF-8: a cp1252 apostrophe that went through a Latin-1 decoder.
        #expect(try title(feed(declaration: "", title: [0x64, 0x6F, 0x6E, 0xC2, 0x92, 0x74])) == "don\u{2019}t")
    }

    @Test func contentTypeParameters() {
        #expect(FeedCharset.parse(contentType: "Application/Atom+XML ; Charset = \"UTF-8\"") == ("application/atom+xml", "UTF-8"))
        #expect(FeedCharset.parse(contentType: "text/xml").charset == nil)
        #expect(FeedCharset.isXMLMediaType("application/rss+xml"))
        #expect(!FeedCharset.isXMLMediaType("text/html"))
    }

    /// The hand-written validator agrees with the standard library's decoder, on edge cases and on noise.
    @Test func validatesUTF8AsTheStandardLibraryDoes() {
        let edges: [[UInt8]] = [
            [], [0x41], [0xC2, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], [0x80],
            [0x61, 0xE2, 0x82, 0xAC, 0x62], [0xE2, 0x28, 0xA1],
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var samples = edges
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(state % 9) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 56) | (state & 1 == 0 ? 0x80 : 0))
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1
            samples.append(bytes)
        }
        for bytes in samples {
            #expect(FeedCharset.isValidUTF8(bytes[...]) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }
}
