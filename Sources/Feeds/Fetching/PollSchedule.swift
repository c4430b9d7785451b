/// When to check a feed next: pure arithmetic on what the last fetch said, with the time passed in.
///
/// After a success (2xx or 304) the wait is the longest of the base interval, the feed's RSS `ttl` and the
/// response's `Cache-Control: max-age`. After a failure it backs off exponentially: 1 h × 2^(errors − 1), never
/// shorter than the base interval, plus a little jitter fixed by the URL (so feeds that failed together do not
/// all come back in the same second). A 429 or 503 counts as a failure whose wait is also at least its
/// `Retry-After`. Every wait is held to 1 h...24 h. A 410 stops polling: there is no next check.
public struct PollSchedule: Equatable, Sendable {
    public static let minimumDelay = 3_600
    public static let maximumDelay = 86_400

    /// What a fetch came to, as far as the schedule cares.
    public enum Event: Equatable, Sendable {
        /// 2xx or 304. `timeToLiveMinutes` is the feed's RSS `ttl` (the stored one after a 304).
        case succeeded(timeToLiveMinutes: Int? = nil, maxAge: Int? = nil)
        /// 429 or 503, with `Retry-After` in seconds when the server sent one.
        case throttled(retryAfter: Int?)
        /// 410: unsubscribe-worthy; polling stops.
        case gone
        /// A transport error or any other status.
        case failed
    }

    /// The base interval in seconds (at least an hour takes effect: waits are held to 1 h...24 h).
    public var interval: Int
    /// Failures since the last success.
    public private(set) var consecutiveErrors: Int
    /// When to check next; nil once the feed is gone.
    public private(set) var nextCheck: Timestamp?

    public init(interval: Int = 3_600, consecutiveErrors: Int = 0, nextCheck: Timestamp?) {
        self.interval = interval
        self.consecutiveErrors = max(0, consecutiveErrors)
        self.nextCheck = nextCheck
    }

    /// Whether the feed should be fetched at `now`.
    public func isDue(at now: Timestamp) -> Bool { nextCheck.map { $0 <= now } ?? false }

    /// Takes in a fetch's outcome, finished at `now`, and sets the next check.
    public mutating func record(_ event: Event, at now: Timestamp, url: String) {
        switch event {
        case .succeeded: consecutiveErrors = 0
        case .throttled, .failed: consecutiveErrors += 1
        case .gone: consecutiveErrors += 1
        }
        nextCheck = delay(after: event, url: url).map {
            Timestamp(secondsSince1970: now.secondsSince1970 + Int64($0))
        }
    }

    /// The wait in seconds after `event`, given the errors counted so far (including this one), or nil to stop.
    public func delay(after event: Event, url: String) -> Int? {
        let wait: Int
        switch event {
        case .gone:
            return nil
        case .succeeded(let ttl, let maxAge):
            wait = max(interval, Self.seconds(minutes: ttl ?? 0), maxAge ?? 0)
        case .throttled(let retryAfter):
            wait = max(backoff(url: url), retryAfter ?? 0)
        case .failed:
            wait = backoff(url: url)
        }
        return min(max(wait, Self.minimumDelay), Self.maximumDelay)
    }

    /// 1 h × 2^(errors − 1), at least the base interval, plus up to 1/16 of that from the URL's hash.
    private func backoff(url: String) -> Int {
        let doublings = min(max(consecutiveErrors - 1, 0), 5)  // 32 h already passes the cap
        let base = max(interval, Self.minimumDelay << doublings)
        return base + Int(Self.hash(url, consecutiveErrors) % UInt64(max(1, base / 16)))
    }

    private static func seconds(minutes: Int) -> Int {
        minutes.multipliedReportingOverflow(by: 60).overflow ? Int.max : max(0, minutes * 60)
    }

    /// FNV-1a over the URL and the error count: the same feed gets the same jitter on every run.
    private static func hash(_ url: String, _ errors: Int) -> UInt64 {
        var hash = FNV1a()
        hash.add(bytes: url.utf8)
        hash.add(byte: UInt8(truncatingIfNeeded: errors))
        return hash.bits
    }
}

extension PollSchedule.Event {
    /// What a response means for the schedule. `timeToLiveMinutes` is the feed's `ttl` (parsed, or stored when
    /// the answer was 304); `now` measures an HTTP-date `Retry-After` when the server sent no `Date`.
    public init(_ response: FetchResponse, timeToLiveMinutes: Int? = nil, now: Timestamp) {
        switch response.outcome {
        case .fetched, .notModified: self = .succeeded(timeToLiveMinutes: timeToLiveMinutes, maxAge: response.maxAge)
        case .gone: self = .gone
        case .throttled: self = .throttled(retryAfter: response.retryAfterSeconds(now: now))
        case .failed: self = .failed
        }
    }
}
