// libFuzzer entry for the feed parser: any bytes as a fetched feed (once with no HTTP charset, once declared
// EBCDIC, which sends them through iconv), through the whole parse: charset detection, the entity pre-pass
// and its set-aside text, libxml2, the tag balancer, dates, plain text. The parse must end, the same each time,
// with what the `feed parse` contract promises of text fields.
@testable import Feeds

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for contentType in [nil, "application/xml; charset=IBM037"] {
        let first = try? FeedParser.parse(bytes, contentType: contentType, url: "https://example.org/feed")
        let again = try? FeedParser.parse(bytes, contentType: contentType, url: "https://example.org/feed")
        check(first == again, "the same bytes parsed two ways")
        guard let feed = first else { continue }
        for entry in feed.entries {
            for text in [entry.title, entry.summary, entry.content, entry.author].compactMap({ $0 }) {
                // Plain text: whitespace collapsed to single spaces, none at either end.
                check(!text.hasPrefix(" ") && !text.hasSuffix(" ") && !text.contains("  "), "uncollapsed text \(text)")
                check(!text.contains("\n") && !text.contains("\t"), "a line break or tab left in \(text)")
            }
        }
    }
    return 0
}
