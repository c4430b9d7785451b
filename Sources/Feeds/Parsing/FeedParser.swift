/// The one way into feed parsing: bytes as fetched (or read from a file) to a `ParsedFeed`, whatever the format.
/// Liberal like feedparser: a broken feed gives what can be read of it; only bytes holding no feed at all throw.
public enum FeedParser {
    /// - Parameters:
    ///   - contentType: the HTTP `Content-Type` (with its charset), when the feed was fetched.
    ///   - url: the feed's own URL, the last base for relative links.
    public static func parse(_ bytes: [UInt8], contentType: String? = nil, url: String? = nil) throws(FeedParseError) -> ParsedFeed {
        guard let first = firstSignificantByte(bytes) else { throw FeedParseError.empty }
        let mediaType = FeedCharset.parse(contentType: contentType).mediaType
        if first == UInt8(ascii: "{") || (mediaType.hasSuffix("json") && first != UInt8(ascii: "<")) {
            return try JSONFeedReader.read(Array(bytes.drop { isSpace($0) || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }), url: url)
        }
        let utf8 = FeedCharset.utf8(bytes, contentType: contentType)
        let (document, sections) = EntityPrepass.prepare(utf8)
        guard let root = FeedXML.parse(document, sections: sections, url: url), let feed = XMLFeedReader.read(root) else {
            throw FeedParseError.notAFeed
        }
        return feed
    }

    /// The first byte that is not whitespace or a UTF-8 byte order mark; nil for an empty document.
    private static func firstSignificantByte(_ bytes: [UInt8]) -> UInt8? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            if !isSpace(bytes[index]) { return bytes[index] }
            index += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}
