/// Fetches the pictures of a feed's newest entries into the image cache at refresh time, on the fetch worker,
/// so that opening an article or scrolling the list never waits for the network. Bounded per feed (the entries a
/// person will see first, a few pictures each) and per picture (the image cap), then the cache is trimmed to its
/// bound.
struct ImagePrefetch: Sendable {
    let cache: ImageCache
    let fetcher: FeedFetcher
    /// The newest entries of a document whose pictures are fetched.
    static let entriesPerFeed = 12
    static let imagesPerEntry = 3

    init(cache: ImageCache, fetcher: FeedFetcher) {
        self.cache = cache
        var configuration = fetcher.configuration
        configuration.maxBodyBytes = ImageCache.largestImage
        configuration.totalTimeout = 20
        self.fetcher = fetcher.with(configuration)
    }

    func fetch(for fetched: FetchedFeed) {
        guard case .answered(_, .success(let document)?) = fetched else { return }
        fetch(entries: Array(document.entries.prefix(Self.entriesPerFeed)))
    }

    /// The pictures of `entries`, a few each, those not cached yet.
    func fetch(entries: [ParsedEntry]) {
        var wanted: [String] = []
        for entry in entries {
            for url in EntryImages.urls(thumbnail: entry.thumbnail, enclosures: entry.enclosures, markup: entry.markup,
                                        limit: Self.imagesPerEntry) where !wanted.contains(url) {
                wanted.append(url)
            }
        }
        var stored = 0
        for url in wanted where !cache.contains(url) {
            guard let response = try? fetcher.fetch(FetchRequest(url: url)), response.status == 200,
                  !response.body.isEmpty else { continue }
            if (try? cache.store(response.body, for: url)) != nil { stored += 1 }
        }
        if stored > 0 { cache.evict() }
    }
}
