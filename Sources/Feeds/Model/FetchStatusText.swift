/// How `feeds list` says what the last fetch of a feed did and when the next one is due.
public enum FetchStatusText {
    public static func describe(_ feed: StoredFeed, now: Timestamp) -> String {
        let fetch = feed.fetch
        var parts: [String] = []
        if feed.remoteID != nil {
            parts.append("kept by the aggregator")
        } else if fetch.isGone {
            parts.append("gone (410): no longer fetched")
        } else if let lastFetch = fetch.lastFetch {
            let when = ago(lastFetch, now: now)
            if let error = fetch.lastError {
                // The error says it all, the status included when there was one.
                let streak = fetch.consecutiveErrors > 1 ? " (\(fetch.consecutiveErrors) in a row)" : ""
                parts.append("error \(when): \(error)\(streak)")
            } else if let status = fetch.lastStatus {
                parts.append("\(status)\(reason(status).map { " \($0)" } ?? "") \(when)")
            } else {
                parts.append("fetched \(when)")
            }
        } else {
            parts.append("never fetched")
        }
        if feed.remoteID == nil, !fetch.isGone, let next = fetch.nextCheck {
            parts.append(next <= now ? "next check due" : "next check in \(span(next.secondsSince1970 - now.secondsSince1970))")
        }
        parts.append("\(feed.unreadCount) unread")
        return parts.joined(separator: "; ")
    }

    static func reason(_ status: Int) -> String? {
        switch status {
        case 200: "OK"
        case 301: "moved permanently"
        case 304: "not modified"
        case 308: "permanent redirect"
        case 404: "not found"
        case 410: "gone"
        case 429: "too many requests"
        case 500: "server error"
        case 503: "unavailable"
        default: nil
        }
    }

    static func ago(_ time: Timestamp, now: Timestamp) -> String {
        let seconds = now.secondsSince1970 - time.secondsSince1970
        if seconds < 0 { return "in the future (clock changed?)" }
        if seconds < 60 { return "just now" }
        return span(seconds) + " ago"
    }

    /// A duration in the largest unit that fits, to the nearest: "3 min", "2 h", "5 days".
    static func span(_ seconds: Int64) -> String {
        switch seconds {
        case ..<60: "\(max(seconds, 0)) s"
        case ..<3_570: "\((seconds + 30) / 60) min"
        case ..<171_000: "\((seconds + 1_800) / 3_600) h"
        default: "\((seconds + 43_200) / 86_400) days"
        }
    }
}
