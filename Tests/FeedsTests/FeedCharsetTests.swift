import Glibc
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

    /// The bytes become UTF-8 and the declaration still names the feed's own charset: libxml2 must read them as
    /// UTF-8 regardless (a Latin-1 reading of é's two bytes would be Ã©).
    @Test func theDeclarationNoLongerDecides() throws {
        let latin1 = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss><channel><title>\u{E9}t\u{E9}</title></channel></rss>"
            .unicodeScalars.map { UInt8($0.value) })
        let out = FeedCharset.utf8(latin1, contentType: nil)
        #expect(String(decoding: out, as: UTF8.self).hasPrefix("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss><channel><title>été"))
        #expect(try title(latin1) == "été")
        let koi8 = feed(declaration: "<?xml version='1.0' encoding='KOI8-R'?>", title: [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4])
        #expect(try title(koi8, contentType: "application/xml") == "Привет")
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

    /// EBCDIC text as iconv writes it (the tests' own conversion, not the reader's).
    func ebcdic(_ text: String, _ charset: String) -> [UInt8] {
        let converter = iconv_open(charset, "UTF-8")!
        defer { iconv_close(converter) }
        var input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: input.count * 2 + 8)
        let written = input.withUnsafeMutableBytes { inBytes in
            output.withUnsafeMutableBytes { outBytes in
                var inPointer = inBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                var outPointer = outBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                var inLeft = inBytes.count, outLeft = outBytes.count
                precondition(iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1, "not in \(charset): \(text)")
                return outBytes.count - outLeft
            }
        }
        return Array(output[..<written])
    }

    /// Found reading a mainframe's feed: "not a feed", as its declaration was EBCDIC and nothing read it.
    @Test func ebcdicByItsFirstBytesAndItsDeclaration() throws {
        for (charset, title) in [("IBM037", "Café £5"), ("cp500", "[Zürich] ¦ ½!"), ("CP875", "Καλημέρα"),
                                 ("IBM1140", "€5 coffee"), ("IBM1047", "Déjà [vu]"), ("ebcdic-cp-us", "ok")] {
            let text = "<?xml version=\"1.0\" encoding=\"\(charset)\"?>\n<rss version=\"2.0\"><channel><title>"
                + title + "</title><item><title><![CDATA[<b>\(title)</b>]]></title></item></channel></rss>"
            let bytes = ebcdic(text, charset)
            #expect(Array(bytes.prefix(4)) == FeedCharset.ebcdicXMLDeclaration)
            let feed = try FeedParser.parse(bytes)
            #expect(feed.title == title, "\(charset)")
            #expect(feed.entries.first?.title == title, "\(charset)")
        }
    }

    @Test func ebcdicWithoutAUsableDeclarationIsIBM037() throws {
        // No encoding, or an ASCII one that cannot be: the first bytes say EBCDIC, and IBM037 is the usual one.
        for declaration in ["<?xml version=\"1.0\"?>", "<?xml version='1.0' encoding='utf-8'?>", "<?xml version='1.0' encoding='nonsense'?>"] {
            let bytes = ebcdic(declaration + "<rss><channel><title>Naïve [1]</title></channel></rss>", "IBM037")
            #expect(try title(bytes) == "Naïve [1]", "\(declaration)")
        }
    }

    @Test func anHTTPCharsetNamingEBCDICIsHonoured() throws {
        // Declared IBM037 but served as cp500: brackets differ between the two, and the server's word wins.
        let text = "<?xml version=\"1.0\" encoding=\"IBM037\"?><rss><channel><title>[x]!</title></channel></rss>"
        #expect(try title(ebcdic(text, "cp500"), contentType: "application/rss+xml; charset=cp500") == "[x]!")
        // An ASCII charset from a server cannot read EBCDIC bytes: the bytes and their declaration decide.
        #expect(try title(ebcdic(text, "IBM037"), contentType: "application/xml; charset=utf-8") == "[x]!")
        // No declaration at all: the HTTP charset is all there is.
        let bare = ebcdic("<rss><channel><title>Grüße</title></channel></rss>", "IBM273")
        #expect(try title(bare, contentType: "application/rss+xml; charset=IBM273") == "Grüße")
    }

    @Test func ebcdicLineEndsAreLineFeeds() throws {
        // NEL (0x15) ends mainframe lines, inside tags too; as U+0085 it would break the tag and show in text.
        var bytes = ebcdic("<?xml version=\"1.0\" encoding=\"IBM037\"?>", "IBM037") + [0x15]
        bytes += ebcdic("<rss", "IBM037") + [0x15] + ebcdic("version=\"2.0\"><channel><title>one", "IBM037") + [0x15]
        bytes += ebcdic("two</title></channel></rss>", "IBM037")
        #expect(try title(bytes) == "one two")
        #expect(FeedCharset.isEBCDIC("IBM500") && FeedCharset.isEBCDIC("cp1140") && !FeedCharset.isEBCDIC("KOI8-R"))
        #expect(!FeedCharset.isEBCDIC("utf-8") && !FeedCharset.isEBCDIC("no-such-charset"))
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
