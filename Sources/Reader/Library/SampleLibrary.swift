import ReaderSamples

/// The bundled sample feeds as documents for the library.
public enum SampleLibrary {
    public static var documents: [SampleDocument] {
        SampleFeeds.feeds.map { SampleDocument(url: $0.url, bytes: $0.document) }
    }
}
