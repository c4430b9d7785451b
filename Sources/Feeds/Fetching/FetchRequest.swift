/// One conditional GET of a feed: its URL and the validators stored from the last fetch. An aggregator's API
/// call (see `Sync`) is the same transfer with a form POSTed and headers of its own.
public struct FetchRequest: Equatable, Sendable {
    public var url: String
    /// The last response's `ETag`, sent back as `If-None-Match`.
    public var etag: String?
    /// The last response's `Last-Modified`, sent back as `If-Modified-Since`.
    public var lastModified: String?
    /// An `application/x-www-form-urlencoded` body: the request is a POST. It may hold a password, so it is
    /// never part of an error or a log line.
    public var form: String?
    /// Further header lines (`Authorization: …`). One holding a line break is refused rather than sent.
    public var headers: [String]
    /// What the answer may be; nil: the feed formats.
    public var accept: String?

    public init(url: String, etag: String? = nil, lastModified: String? = nil, form: String? = nil,
                headers: [String] = [], accept: String? = nil) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.form = form
        self.headers = headers
        self.accept = accept
    }
}

/// What the server answered, after redirects. Any status is a response; only transport failures are errors.
public struct FetchResponse: Equatable, Sendable {
    /// The final response's status (after redirects were followed).
    public var status: Int
    /// Where the final response came from.
    public var finalURL: String
    /// The status of every response on the way, the final one last: `[301, 200]` for one redirect.
    public var statuses: [Int]
    public var etag: String?
    public var lastModified: String?
    public var contentType: String?
    /// `Cache-Control: max-age` in seconds.
    public var maxAge: Int?
    public var retryAfter: RetryAfter?
    /// The server's `Date`, which an HTTP-date `Retry-After` is measured against.
    public var date: Timestamp?
    /// The decoded body (gzip and deflate undone), at most the fetcher's cap.
    public var body: [UInt8]
    /// New connections the transfer opened (redirect hops included): 0 when it took a kept-alive one.
    public var connectionsOpened: Int

    public init(status: Int, finalURL: String, statuses: [Int]? = nil, etag: String? = nil,
                lastModified: String? = nil, contentType: String? = nil, maxAge: Int? = nil,
                retryAfter: RetryAfter? = nil, date: Timestamp? = nil, body: [UInt8] = [],
                connectionsOpened: Int = 1) {
        self.status = status
        self.finalURL = finalURL
        self.statuses = statuses ?? [status]
        self.etag = etag
        self.lastModified = lastModified
        self.contentType = contentType
        self.maxAge = maxAge
        self.retryAfter = retryAfter
        self.date = date
        self.body = body
        self.connectionsOpened = connectionsOpened
    }

    /// The URL to store in place of the requested one: the final URL when the request was redirected, every
    /// hop was permanent (301 or 308) and the feed was found there (2xx or 304); else nil (keep the old URL).
    /// One temporary hop anywhere in a chain means the publisher may send readers elsewhere later, so the feed
    /// stays at the address the reader subscribed to; a move to a page that fails is not followed either.
    public var permanentURL: String? {
        let hops = statuses.dropLast()
        guard !hops.isEmpty, hops.allSatisfy({ $0 == 301 || $0 == 308 }),
              (200..<300).contains(status) || status == 304 else { return nil }
        return finalURL
    }

    public var outcome: FetchOutcome {
        switch status {
        case 200..<300: .fetched
        case 304: .notModified
        case 410: .gone
        case 429, 503: .throttled
        default: .failed(status: status)
        }
    }

    /// `Retry-After` in seconds from when the response was made: an HTTP-date is measured against the server's
    /// own `Date` when it sent one (so a panel with a wrong clock still waits as long as asked), else against
    /// `now`. Never negative.
    public func retryAfterSeconds(now: Timestamp) -> Int? {
        switch retryAfter {
        case nil: nil
        case .seconds(let seconds): max(0, seconds)
        case .date(let moment):
            Int(clamping: max(0, moment.secondsSince1970 - (date ?? now).secondsSince1970))
        }
    }
}

/// What a response means for the feed.
public enum FetchOutcome: Equatable, Sendable {
    /// 2xx: a body to parse.
    case fetched
    /// 304: the validators matched; nothing changed.
    case notModified
    /// 410: the feed is gone for good; stop polling it.
    case gone
    /// 429 or 503: the server asks for less; honour `Retry-After`.
    case throttled
    /// Any other status (4xx, 5xx, a 3xx that was not followed).
    case failed(status: Int)
}

/// `Retry-After`: a delay in seconds or an HTTP-date.
public enum RetryAfter: Equatable, Sendable {
    case seconds(Int)
    case date(Timestamp)
}
