/// Why a document gave no feed. Broken feeds are recovered from; this is only for bytes that hold no feed at all.
public struct FeedParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One line, for `lectern: FILE: reason`.
    public let description: String

    init(_ description: String) { self.description = description }

    public static let empty = FeedParseError("empty file")
    public static let notAFeed = FeedParseError("not a feed: no rss, feed or RDF element")
    public static let notAJSONFeed = FeedParseError("not a feed: JSON without a JSON Feed version or items")
    static func invalidJSON(_ reason: String) -> FeedParseError { FeedParseError("not a feed: invalid JSON (\(reason))") }
}
