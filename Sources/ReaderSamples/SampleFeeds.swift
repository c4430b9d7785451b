import Feeds

/// A feed that ships inside Lectern: its address and the document served from it.
public struct SampleFeed: Sendable {
    public let url: String
    /// The feed document as a fetch would return it, for `FeedParser.parse`.
    public let document: [UInt8]
}

/// Original articles and pictures made for Lectern (samples/, embedded by scripts/embed-samples.py), so a panel
/// with no subscriptions shows a real reader, and no network is needed to see one. Their addresses sit under
/// a reserved `.invalid` host: they look like what feeds send (ArticleBlocks keeps only http(s) links and
/// images), yet can never reach a real server if something fetches them by mistake.
public enum SampleFeeds {
    /// Every sample address begins with this.
    public static let origin = "https://samples.lectern.invalid/"

    public static let feeds: [SampleFeed] = SampleDocuments.all.map {
        SampleFeed(url: $0.url, document: Array($0.text.utf8))
    }

    /// The addresses of the sample pictures, which `image(at:)` answers.
    public static var imageURLs: [String] { SampleImages.urls }

    /// Whether `url` is one of the samples' own addresses, to be answered here rather than fetched.
    public static func isSample(_ url: String) -> Bool { url.hasPrefix(origin) }

    /// The encoded picture (JPEG or PNG) a sample article shows at `url`; nil for any other address. Decoded from
    /// base64 on each call: the image cache keeps what the screen needs, so nothing is held here twice.
    public static func image(at url: String) -> [UInt8]? {
        SampleImages.base64(at: url).flatMap(Base64Text.bytes)
    }
}
