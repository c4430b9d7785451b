import System
import Glibc
@testable import Feeds

/// A fixture from Fixtures/ beside this file, as bytes.
func fixture(_ name: String) -> [UInt8] {
    let directory = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Fixtures/"
    return (try? AtomicFile.read(directory + name)) ?? []
}

/// Every fixture's file name.
let fixtureNames: [String] = [
    "atom03-escaped.xml", "atom10-large.xml", "atom10-misc-quirks.xml", "rss20-misc-quirks.xml", "atom10-no-ids.xml", "atom10-text-types.xml", "atom10-xhtml-xmlbase.xml",
    "jsonfeed10.json", "jsonfeed11.json", "rss090-netscape.xml", "rss091-html-entities.xml", "rss092-enclosures.xml",
    "rss094-typed-description.xml", "rss10-rdf.xml", "rss20-broken-markup.xml", "rss20-cdata-namespaces.xml",
    "rss20-cp1252-declared-utf8.xml", "rss20-date-variants.xml", "rss20-doctype-entities.xml",
    "rss20-guids-authors.xml", "rss20-iso-8859-1.xml", "rss20-large-blog.xml", "rss20-no-guids.xml",
    "rss20-podcast-itunes.xml", "rss20-relative-links.xml", "rss20-undeclared-namespaces.xml", "rss20-utf16-bom.xml",
    "rss20-whitespace-wrapped.xml", "rss20-block-boundaries.xml", "atom10-xhtml-blocks.xml",
    "rss20-ebcdic-cp037.xml", "rss20-ebcdic-cp500.xml", "atom10-ebcdic-cp875.xml", "rss20-ebcdic-cp1140.xml",
    "atom10-media-group-description.xml", "rss20-media-description.xml", "rss20-escaped-html-cdata-inside.xml",
    "rss20-media-caption-and-description.xml", "rss20-escaped-and-raw-markup.xml", "rss20-ebcdic-cp-be.xml",
    "atom10-ebcdic-cp-ch.xml",
]

/// Parses a feed written in a test.
func parse(_ text: String, contentType: String? = nil, url: String? = nil) throws -> ParsedFeed {
    try FeedParser.parse(Array(text.utf8), contentType: contentType, url: url)
}

/// An RSS 2.0 document around `items`.
func rss(_ items: String, channel: String = "<title>T</title><link>http://example.com/</link>") -> String {
    "<?xml version=\"1.0\"?><rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\" "
        + "xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\" "
        + "xmlns:media=\"http://search.yahoo.com/mrss/\"><channel>\(channel)\(items)</channel></rss>"
}

/// An Atom 1.0 document around `entries`.
func atom(_ entries: String, attributes: String = "") -> String {
    "<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\" \(attributes)><title>A</title>\(entries)</feed>"
}
