/// A fetch that got no usable HTTP response: what went wrong, the URL that was tried and libcurl's own words.
/// Statuses (404, 410, 503...) are not errors: they arrive as a `FetchResponse` so the schedule can see them.
public struct FetchError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The URL could not be used: malformed, or not http/https (also a redirect to another scheme).
        case invalidURL
        /// The host name did not resolve.
        case hostNotFound
        /// No connection: refused, unreachable.
        case connectionFailed
        /// The connect timeout, the total timeout or the low-speed limit ran out.
        case timedOut
        /// TLS failed: the certificate did not verify, or the handshake broke down.
        case tls
        /// The body would pass the cap (declared or counted while reading).
        case tooLarge(limit: Int)
        /// The connection broke mid-exchange: reset, closed early, a failed read or write.
        case connectionLost
        /// The server did not answer with HTTP, or its content encoding did not decode.
        case malformedResponse
        /// More redirects than allowed, or a redirect loop.
        case tooManyRedirects(limit: Int)
        /// The caller cancelled the transfer.
        case cancelled
        /// Anything else libcurl reports, by its code.
        case other(curlCode: Int)
    }

    public var kind: Kind
    public var url: String
    /// libcurl's message for the failure (its error buffer or `curl_easy_strerror`).
    public var detail: String

    public init(_ kind: Kind, url: String, detail: String) {
        self.kind = kind
        self.url = url
        self.detail = detail
    }

    public var description: String { "fetching \(url): \(reason)" }

    /// What went wrong without the URL, for places that already name the feed.
    public var reason: String {
        let what: String = switch kind {
        case .invalidURL: "unusable URL"
        case .hostNotFound: "host not found"
        case .connectionFailed: "could not connect"
        case .timedOut: "timed out"
        case .tls: "TLS failed"
        case .tooLarge(let limit): "body larger than \(limit) bytes"
        case .connectionLost: "connection lost"
        case .malformedResponse: "malformed response"
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        case .cancelled: "cancelled"
        case .other(let code): "curl error \(code)"
        }
        let oneLine = detail.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ")
        return what + (oneLine.isEmpty ? "" : " (\(oneLine))")
    }
}
