import CCurl

/// Fetches feeds over HTTP(S) with libcurl, politely: conditional GET, redirects (http and https only),
/// gzip/deflate, timeouts, a body cap, certificate verification always on, and a User-Agent naming Lectern.
/// One `fetch` is one blocking transfer on the calling thread: call it off the frame path (see `FetchWorker`).
/// Each fetch makes and frees its own curl handle, so any thread may use the fetcher. Without `connections`
/// every fetch opens its own connection and closes it after; with them, fetches keep connections alive and
/// take them again (see `SharedConnections`). HTTP/2 is asked for over TLS where the server offers it.
public struct FeedFetcher: Sendable {
    public struct Configuration: Equatable, Sendable {
        public var connectTimeout: Double = 10
        /// The whole transfer, redirects included.
        public var totalTimeout: Double = 30
        /// A transfer slower than `lowSpeedBytesPerSecond` for `lowSpeedSeconds` is given up on (a trickling server).
        public var lowSpeedBytesPerSecond = 64
        public var lowSpeedSeconds = 15
        /// The largest body read (after decoding); 15 MiB, like Miniflux.
        public var maxBodyBytes = 15 * 1024 * 1024
        public var maxRedirects = 5

        public init() {}
    }

    public let userAgent: String
    public let configuration: Configuration
    /// What fetches through this fetcher share (connections, DNS answers, TLS sessions); nil: nothing.
    public let connections: SharedConnections?

    public init(userAgent: String, configuration: Configuration = Configuration(),
                connections: SharedConnections? = nil) {
        self.userAgent = userAgent
        self.configuration = configuration
        self.connections = connections
    }

    /// The same fetcher with other limits, sharing the same connections.
    public func with(_ configuration: Configuration) -> FeedFetcher {
        FeedFetcher(userAgent: userAgent, configuration: configuration, connections: connections)
    }

    /// The same fetcher, sharing `connections` (nil: none).
    public func sharing(_ connections: SharedConnections?) -> FeedFetcher {
        FeedFetcher(userAgent: userAgent, configuration: configuration, connections: connections)
    }

    /// `Lectern/<version> (wall-panel feed reader; libcurl)`: who is asking, so publishers can tell.
    public static func userAgent(version: String) -> String {
        "Lectern/\(version) (wall-panel feed reader; libcurl)"
    }

    /// The feed formats first, then any XML, then anything (a feed served as text/html is still worth a try).
    static let accept = "application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, "
        + "application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8"

    /// Performs one request. Any HTTP status comes back as a response; a transfer that got none throws.
    /// `isCancelled` is asked about once a second and while data flows; true aborts with `.cancelled`.
    public func fetch(_ request: FetchRequest, isCancelled: (@Sendable () -> Bool)? = nil)
        throws(FetchError) -> FetchResponse {
        guard WebAddress.isWeb(request.url) else {
            throw FetchError(.invalidURL, url: request.url, detail: "only http and https URLs are fetched")
        }
        guard curlGlobalInit == CURLE_OK else {
            throw FetchError(.other(curlCode: Int(curlGlobalInit.rawValue)), url: request.url,
                             detail: "curl_global_init failed")
        }
        // A share must outlive every handle using it: held until after the handle's cleanup below.
        let connections = self.connections
        defer { withExtendedLifetime(connections) {} }
        // Freed after the handle that points at it: declared first, its defer runs last.
        var headers: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headers) }
        guard let curl = curl_easy_init() else {
            throw FetchError(.other(curlCode: Int(CURLE_FAILED_INIT.rawValue)), url: request.url,
                             detail: "curl_easy_init failed")
        }
        defer { curl_easy_cleanup(curl) }

        let transfer = Transfer(maxBodyBytes: configuration.maxBodyBytes, isCancelled: isCancelled)
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        headers = curl_slist_append(headers, "Accept: \(request.accept ?? Self.accept)")
        // Stored validators came from servers: one with a line break or NUL would forge headers, so it is left out.
        func isSafe(_ value: String) -> Bool { !value.utf8.contains { $0 == 10 || $0 == 13 || $0 == 0 } }
        for line in request.headers {
            guard isSafe(line) else {
                throw FetchError(.invalidURL, url: request.url, detail: "a header holds a line break")
            }
            headers = curl_slist_append(headers, line)
        }
        if let etag = request.etag, isSafe(etag) { headers = curl_slist_append(headers, "If-None-Match: \(etag)") }
        if let lastModified = request.lastModified, isSafe(lastModified) {
            headers = curl_slist_append(headers, "If-Modified-Since: \(lastModified)")
        }

        let code: CURLcode = withExtendedLifetime(transfer) {
            errorBuffer.withUnsafeMutableBufferPointer { errorBuffer in
                let context = Unmanaged.passUnretained(transfer).toOpaque()
                var setup = CURLE_OK
                func set(_ result: CURLcode) { if setup == CURLE_OK { setup = result } }
                set(lectern_curl_setopt_pointer(curl, CURLOPT_ERRORBUFFER, errorBuffer.baseAddress))
                set(lectern_curl_setopt_string(curl, CURLOPT_URL, request.url))
                set(lectern_curl_setopt_string(curl, CURLOPT_PROTOCOLS_STR, "http,https"))
                set(lectern_curl_setopt_string(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"))
                set(lectern_curl_setopt_long(curl, CURLOPT_FOLLOWLOCATION, 1))
                set(lectern_curl_setopt_long(curl, CURLOPT_MAXREDIRS, configuration.maxRedirects))
                set(lectern_curl_setopt_string(curl, CURLOPT_ACCEPT_ENCODING, ""))
                set(lectern_curl_setopt_string(curl, CURLOPT_USERAGENT, userAgent))
                set(lectern_curl_setopt_long(curl, CURLOPT_NOSIGNAL, 1))
                // HTTP/2 where TLS negotiates it (one connection for many requests); HTTP/1.1 keep-alive otherwise.
                set(lectern_curl_setopt_long(curl, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS))
                if let connections { set(lectern_curl_setopt_pointer(curl, CURLOPT_SHARE, connections.handle)) }
                set(lectern_curl_setopt_long(curl, CURLOPT_SSL_VERIFYPEER, 1))
                set(lectern_curl_setopt_long(curl, CURLOPT_SSL_VERIFYHOST, 2))
                set(lectern_curl_setopt_long(curl, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(configuration.connectTimeout)))
                set(lectern_curl_setopt_long(curl, CURLOPT_TIMEOUT_MS, milliseconds(configuration.totalTimeout)))
                set(lectern_curl_setopt_long(curl, CURLOPT_LOW_SPEED_LIMIT, configuration.lowSpeedBytesPerSecond))
                set(lectern_curl_setopt_long(curl, CURLOPT_LOW_SPEED_TIME, configuration.lowSpeedSeconds))
                if configuration.maxBodyBytes > 0 {  // 0 would mean no limit to curl; the write callback still holds
                    set(lectern_curl_setopt_off_t(curl, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(configuration.maxBodyBytes)))
                }
                // A proxy's "200 Connection established" is not a hop of the feed's own redirect chain.
                set(lectern_curl_setopt_long(curl, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1))
                set(lectern_curl_setopt_pointer(curl, CURLOPT_HTTPHEADER, headers))
                if let form = request.form {
                    // Copied by curl, so the form's memory need not outlive this call.
                    set(lectern_curl_setopt_long(curl, CURLOPT_POSTFIELDSIZE, form.utf8.count))
                    set(lectern_curl_setopt_string(curl, CURLOPT_COPYPOSTFIELDS, form))
                }
                set(lectern_curl_setopt_data_callback(curl, CURLOPT_HEADERFUNCTION, headerCallback))
                set(lectern_curl_setopt_pointer(curl, CURLOPT_HEADERDATA, context))
                set(lectern_curl_setopt_data_callback(curl, CURLOPT_WRITEFUNCTION, writeCallback))
                set(lectern_curl_setopt_pointer(curl, CURLOPT_WRITEDATA, context))
                if isCancelled != nil {
                    set(lectern_curl_setopt_long(curl, CURLOPT_NOPROGRESS, 0))
                    set(lectern_curl_setopt_progress_callback(curl, CURLOPT_XFERINFOFUNCTION, progressCallback))
                    set(lectern_curl_setopt_pointer(curl, CURLOPT_XFERINFODATA, context))
                }
                let result = setup == CURLE_OK ? curl_easy_perform(curl) : setup
                // The buffer lives only for this closure: curl must not write to it later (say, in cleanup).
                _ = lectern_curl_setopt_pointer(curl, CURLOPT_ERRORBUFFER, nil)
                return result
            }
        }
        let written = errorBuffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }
        let message = code == CURLE_WRITE_ERROR && transfer.overflowed
            ? "stopped reading"
            : written.isEmpty ? String(cString: curl_easy_strerror(code)) : String(decoding: written, as: UTF8.self)
        if code != CURLE_OK {
            throw FetchError(kind(of: code, transfer: transfer), url: request.url, detail: message)
        }

        var status = 0
        _ = lectern_curl_getinfo_long(curl, CURLINFO_RESPONSE_CODE, &status)
        var opened = 0
        _ = lectern_curl_getinfo_long(curl, CURLINFO_NUM_CONNECTS, &opened)
        var effective: UnsafeMutablePointer<CChar>?
        _ = lectern_curl_getinfo_string(curl, CURLINFO_EFFECTIVE_URL, &effective)
        let fields = transfer.fields
        return FetchResponse(
            status: status, finalURL: effective.map { String(cString: $0) } ?? request.url,
            statuses: transfer.statuses.isEmpty ? [status] : transfer.statuses,
            etag: fields["etag"], lastModified: fields["last-modified"], contentType: fields["content-type"],
            maxAge: fields["cache-control"].flatMap(HTTPHeaderValues.maxAge(cacheControl:)),
            retryAfter: fields["retry-after"].flatMap(HTTPHeaderValues.retryAfter),
            date: fields["date"].flatMap(HTTPHeaderValues.httpDate), body: transfer.body,
            connectionsOpened: opened)
    }

    private func milliseconds(_ seconds: Double) -> Int {
        Int(min(max(seconds, 0.001), 86_400) * 1000)
    }

    private func kind(of code: CURLcode, transfer: Transfer) -> FetchError.Kind {
        switch code {
        case CURLE_WRITE_ERROR where transfer.overflowed, CURLE_FILESIZE_EXCEEDED:
            .tooLarge(limit: configuration.maxBodyBytes)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .hostNotFound
        case CURLE_COULDNT_CONNECT: .connectionFailed
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED,
             CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED,
             CURLE_USE_SSL_FAILED:
            .tls
        case CURLE_TOO_MANY_REDIRECTS: .tooManyRedirects(limit: configuration.maxRedirects)
        case CURLE_ABORTED_BY_CALLBACK: .cancelled
        case CURLE_URL_MALFORMAT: .invalidURL
        // Before any status line, this is curl refusing an answer that is not HTTP (it calls it HTTP/0.9);
        // after one, a redirect pointed at a scheme other than http or https.
        case CURLE_UNSUPPORTED_PROTOCOL: transfer.statuses.isEmpty ? .malformedResponse : .invalidURL
        case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2, CURLE_HTTP2_STREAM,
             CURLE_RANGE_ERROR:
            .malformedResponse
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING: .connectionLost
        default: .other(curlCode: Int(code.rawValue))
        }
    }
}

/// libcurl initialises its globals once for the process: a Swift global is initialised exactly once, on first
/// use, under the runtime's own lock, so concurrent first fetches are safe.
let curlGlobalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

/// What one transfer collects. Only the thread running `curl_easy_perform` touches it, through the callbacks.
private final class Transfer {
    let maxBodyBytes: Int
    let isCancelled: (@Sendable () -> Bool)?
    /// Every response's status, 1xx interim ones left out.
    var statuses: [Int] = []
    /// The latest response's header fields, names lowercased.
    var fields: [String: String] = [:]
    var body: [UInt8] = []
    var overflowed = false

    init(maxBodyBytes: Int, isCancelled: (@Sendable () -> Bool)?) {
        self.maxBodyBytes = maxBodyBytes
        self.isCancelled = isCancelled
    }

    func header(_ line: UnsafeBufferPointer<UInt8>) {
        var bytes = line[...]
        while let last = bytes.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: "\n") {
            bytes = bytes.dropLast()
        }
        guard !bytes.isEmpty else { return }
        if bytes.starts(with: "HTTP/".utf8) {
            // A new response begins (the first, or the next hop of a redirect): its fields replace the last's.
            let parts = bytes.split(separator: UInt8(ascii: " "), maxSplits: 2)
            guard parts.count >= 2, let status = Int(String(decoding: parts[1], as: UTF8.self)),
                  !(100..<200).contains(status) else { return }
            statuses.append(status)
            fields = [:]
            body = []
            return
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        let value = HTTPHeaderValues.trimmed(Substring(String(decoding: bytes[(colon + 1)...], as: UTF8.self)))
        if let earlier = fields[name], name == "cache-control" {
            fields[name] = earlier + ", " + value
        } else {
            fields[name] = value
        }
    }

    /// Appends body bytes, or refuses them all once the cap would be passed (curl then stops reading).
    func write(_ data: UnsafeBufferPointer<UInt8>) -> Bool {
        guard data.count <= maxBodyBytes - body.count else {
            overflowed = true
            return false
        }
        body.append(contentsOf: data)
        return true
    }
}

private func buffer(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int) -> UnsafeBufferPointer<UInt8> {
    let (length, overflow) = size.multipliedReportingOverflow(by: count)
    guard let data, !overflow else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
}

private let headerCallback: lectern_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().header(buffer(data, size, count))
    return size &* count
}

private let writeCallback: lectern_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.write(buffer(data, size, count)) ? size &* count : 0
}

private let progressCallback: lectern_curl_progress_callback = { context, _, _, _, _ in
    guard let context else { return 1 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.isCancelled?() == true ? 1 : 0
}
