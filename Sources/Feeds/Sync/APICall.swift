/// One call to an aggregator's API over the feed fetcher (TLS verified, timeouts, a body cap), with its
/// failures turned into `SyncError`s that name the server and the status, never the request's form (which may
/// hold the password).
struct APICall {
    let fetcher: FeedFetcher
    let isCancelled: (@Sendable () -> Bool)?

    /// The answer's body when the status is 2xx. 401 and 403 are the credentials refused.
    func body(_ request: FetchRequest, allowing allowed: Set<Int> = []) throws(SyncError) -> (status: Int, body: [UInt8]) {
        let response: FetchResponse
        do {
            response = try fetcher.fetch(request, isCancelled: isCancelled)
        } catch {
            if case .cancelled = error.kind { throw SyncError(.cancelled, "sync cancelled") }
            throw SyncError(.unreachable, "server \(Self.host(of: request.url)) did not answer: \(error.reason)")
        }
        if allowed.contains(response.status) { return (response.status, response.body) }
        switch response.status {
        case 200..<300: return (response.status, response.body)
        case 401, 403: throw SyncError(.authentication, "authentication failed (HTTP \(response.status))")
        default:
            throw SyncError(.status(response.status),
                            "server \(Self.host(of: request.url)) answered HTTP \(response.status)")
        }
    }

    func json(_ request: FetchRequest) throws(SyncError) -> JSONDocument {
        let (_, bytes) = try body(request)
        do {
            return try JSONDocument.parse(bytes)
        } catch {
            throw SyncError(.malformed, "server \(Self.host(of: request.url)) answered something that is not JSON")
        }
    }

    /// `scheme://host[:port]`: enough to name the server in a message, without a path that might carry a key.
    static func host(of url: String) -> String {
        let bytes = Array(url.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[colon...].starts(with: "://".utf8) else {
            return url
        }
        let rest = bytes[(colon + 3)...]
        let authority = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        // Credentials in the URL (`user:pass@host`) stay out of messages.
        let host = authority.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false).last ?? authority[...]
        return String(decoding: bytes[..<(colon + 3)], as: UTF8.self) + String(decoding: host, as: UTF8.self)
    }
}

/// `application/x-www-form-urlencoded`: every byte but the unreserved ones percent-encoded.
enum FormEncoding {
    static func encode(_ fields: [(String, String)]) -> String {
        fields.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
