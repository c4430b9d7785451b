import Testing
@testable import Feeds

/// Every fixture reads as a feed with its entries in document order; the field-by-field comparison with
/// feedparser is scripts/test-feed-oracle.sh.
@Suite struct FixtureTests {
    @Test(arguments: fixtureNames) func parses(_ name: String) throws {
        let bytes = fixture(name)
        #expect(!bytes.isEmpty, "missing fixture \(name)")
        let feed = try FeedParser.parse(bytes)
        #expect(feed.title != nil)
        #expect(!feed.entries.isEmpty)
        // Ids are present and, within these fixtures, unique.
        let ids = feed.entries.compactMap(\.id)
        #expect(ids.count == feed.entries.count)
        #expect(Set(ids).count == ids.count, "\(name) has duplicate ids")
    }

    @Test func entriesAreInDocumentOrder() throws {
        let feed = try FeedParser.parse(fixture("rss20-large-blog.xml"))
        #expect(feed.entries.count == 60)
        #expect(feed.entries.map(\.id) == (0..<60).map { "https://large.example.com/?p=\(5000 + $0)" })
    }

    @Test func charsetFixtures() throws {
        #expect(try FeedParser.parse(fixture("rss20-cp1252-declared-utf8.xml")).entries[0].title
            == "\u{201C}Smart quotes\u{201D} \u{2013} issue 0 \u{2026}")
        #expect(try FeedParser.parse(fixture("rss20-iso-8859-1.xml")).title == "Ärger und Freüde")
        #expect(try FeedParser.parse(fixture("rss20-utf16-bom.xml")).entries[0].title == "日本語 0 — été")
        // EBCDIC code pages (made with Python's codecs), told apart by their declarations: `[`, `]` and `!` of the
        // CDATA sections and of the text are different bytes in each.
        let cp037 = try FeedParser.parse(fixture("rss20-ebcdic-cp037.xml"))
        #expect(cp037.title == "Großrechner Notizen")
        #expect(cp037.entries.map(\.title) == ["Café für alle", "Übersicht", "Quotes \"and\" 'apostrophes'"])
        #expect(cp037.entries[0].summary == "Déjà vu: £3 for ¼ of a crêpe. [0] Braces {ok} | caret ^ & bang !")
        #expect(cp037.entries[1].author == "Åsa Ørsted")
        let cp500 = try FeedParser.parse(fixture("rss20-ebcdic-cp500.xml"))
        #expect(cp500.entries[0].summary == "Résultats: 53½ % «oui». [0] Braces {ok} | caret ^ & bang !")
        let cp875 = try FeedParser.parse(fixture("atom10-ebcdic-cp875.xml"))
        #expect(cp875.title == "Ελληνικά νέα")
        #expect(cp875.entries[0].content == "Η Αθήνα είναι η πρωτεύουσα. [0] & é !")
        #expect(try FeedParser.parse(fixture("rss20-ebcdic-cp1140.xml")).entries[0].title == "€5 coffee")
    }

    /// IANA's labels for IBM500 (Belgium's and Switzerland's), read as IBM500: `[`, `]`, `!`, `^` and `|` are
    /// where it differs from IBM037, which an unread label would fall back to.
    @Test func ebcdicLabelsForIBM500() throws {
        let belgian = try FeedParser.parse(fixture("rss20-ebcdic-cp-be.xml"))
        #expect(belgian.title == "Actualités de Bruxelles")
        #expect(belgian.entries.map(\.title) == ["Marché aux fleurs [samedi]", "Trams: horaire d'été"])
        #expect(belgian.entries[0].summary == "Ouvert dès 8 h ! Prix: 5 EUR ou ½ tarif ^ | fin.")
        #expect(belgian.entries[1].summary == "Lignes 3 & 4 [modifiées] !")
        let swiss = try FeedParser.parse(fixture("atom10-ebcdic-cp-ch.xml"))
        #expect(swiss.title == "Zürcher Notizen")
        #expect(swiss.entries[0].title == "Grüezi [Montag]!")
        #expect(swiss.entries[0].summary == "Fondue für alle ^ | Käse ¦ Brot!")
        #expect(FeedCharset.isEBCDIC("ebcdic-cp-be") && FeedCharset.isEBCDIC("EBCDIC-CP-CH"))
        #expect(FeedCharset.ebcdicLabels["ebcdiccpbe"] == "IBM500" && FeedCharset.ebcdicLabels["ebcdiccpch"] == "IBM500")
    }

    /// A medical news feed's shape: escaped HTML with its source line in a CDATA section inside. Every summary
    /// read `345`, `678`, … (or another entry's words) when the set-aside sections' numbers ran together.
    @Test func escapedHTMLWithCDATAInside() throws {
        let feed = try FeedParser.parse(fixture("rss20-escaped-html-cdata-inside.xml"))
        #expect(feed.title == "Clinic Wire: Latest News")
        #expect(feed.entries.map(\.title) == ["Winter Clinics See Longer Waits", "Sleep Apps and Teenagers",
                                              "Dose Tables Revised", "Two Sources, One Line", "Nurses Vote on Staffing Ratios"])
        #expect(feed.entries.map(\.summary) == [
            "Walk-in clinics report longer waits as respiratory cases climb, experts warn. Clinic Wire Canada",
            "A survey of 2,000 students finds sleep apps help some & hinder others. Clinic Wire Medical News",
            "The revised tables lower the starting dose for adults over 65 \u{2014} and for children under 2. Clinic Wire Pharmacist News",
            "Registry data and trial data agree. Clinic Wire",
            "Union members in three provinces vote this week on a proposed ratio of one nurse to four patients. Clinic Wire Canada",
        ])
        #expect(feed.entries[0].markup?.text
            == "Walk-in clinics report longer waits as respiratory cases climb, experts warn. <br /> <i>Clinic Wire Canada</i>")
        #expect(feed.entries[0].author == "Ana Ferreira")
    }

    /// A discussion site's shape: the post's HTML escaped, then the byline and links as raw elements. Escaped
    /// again when the raw elements were put back, `&lt;` and `<p>` were on screen.
    @Test func escapedHTMLBesideRawElements() throws {
        let feed = try FeedParser.parse(fixture("rss20-escaped-and-raw-markup.xml"))
        #expect(feed.entries.map(\.summary) == [
            "I'm storing nodes in a List<Node> & wondering whether an arena is worth it. submitted by /u/arena_fan [link] [comments]",
            "Old pages write \"hello\" and R& D ©2019, and browsers read them. submitted by /u/tagsoup [link]",
            "submitted by /u/dfa [link] [comments]",
        ])
        let markup = try #require(feed.entries[0].markup)
        #expect(markup.kind == .html)
        #expect(markup.text.hasPrefix("<!-- SC_OFF --><div class=\"md\"><p>I&#39;m storing nodes in a <code>List&lt;Node&gt;</code>"))
        #expect(markup.text.contains(" submitted by <a href=\"https://forum.example.com/user/arena_fan\"> /u/arena_fan </a> <br>"))
    }

    /// Blocks of HTML, escaped, in CDATA and as Atom's inline XHTML, read as words apart.
    @Test func blockBoundaryFixtures() throws {
        let rss = try FeedParser.parse(fixture("rss20-block-boundaries.xml"))
        #expect(rss.title == "Release notes")
        #expect(rss.entries[0].summary == "Thanks to all our testers. iOS 11 is now required. Android follows.")
        #expect(rss.entries[0].content?.hasPrefix("Thanks to all our testers. iOS 11 is now required. Downloads are open. Changes Faster sync") == true)
        #expect(rss.entries[1].summary == "Prices Item Cost Tea 2 Cake 3 Total Term Meaning End")
        let atom = try FeedParser.parse(fixture("atom10-xhtml-blocks.xml"))
        #expect(atom.title == "Field notes")
        #expect(atom.entries[0].title == "Day one Arrival")
        #expect(atom.entries[0].summary == "We landed. It rained.")
        #expect(atom.entries[0].content == "Morning Coffee at the harbour. Boats Gulls Rain 12mm Wind NW Quote Evening Tired.")
    }

    @Test func podcastFixture() throws {
        let feed = try FeedParser.parse(fixture("rss20-podcast-itunes.xml"))
        #expect(feed.icon == "https://pod.example.fm/cover.jpg")
        #expect(feed.entries[1].author == "The Hosts")
        #expect(feed.entries[1].enclosures == [Enclosure(url: "https://pod.example.fm/ep1.mp3", type: "audio/mpeg", length: 20_000_777)])
        #expect(feed.entries[1].published?.iso8601 == "2024-05-05T09:28:52Z")
    }

    @Test func namespacesFixture() throws {
        let feed = try FeedParser.parse(fixture("rss20-cdata-namespaces.xml"))
        #expect(feed.link == "https://blog.example.com")
        #expect(feed.timeToLiveMinutes == 60)
        #expect(feed.icon == "https://blog.example.com/icon.png")
        let entry = feed.entries[0]
        #expect(entry.title == "Weekly roundup #0: bread & coffee")
        #expect(entry.id == "blog.example.com-post-0")
        #expect(entry.link == "https://blog.example.com/0/roundup")
        #expect(entry.author == "Ana Lima")
        #expect(entry.content?.contains("track(") == false)
        #expect(entry.enclosures.count == 1)
        #expect(feed.entries[1].enclosures.isEmpty)
    }
}
